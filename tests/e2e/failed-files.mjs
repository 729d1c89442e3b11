// A node:test reporter that writes the files holding a failed test, one path a line, once the
// run ends (scripts/test-web.sh runs those files again, alone, to tell a failure from a test
// that only fails while another file's Chromium competes for the two cores).
export default async function* failedFiles(source) {
  const files = new Set();
  for await (const event of source) {
    if (event.type === 'test:fail' && event.data.file) files.add(event.data.file);
  }
  if (files.size) yield `${[...files].join('\n')}\n`;
}
