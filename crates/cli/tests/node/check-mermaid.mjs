// Parses every ```mermaid block of the Markdown files given as arguments with mermaid's own
// parser (mermaid.parse, in a jsdom window: no browser). Prints "N passed, M failed" and exits
// non-zero when a block fails or when no block was found at all.
//
//   node check-mermaid.mjs report.md [more.md ...]
import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';

const dom = new JSDOM('<!doctype html><html><body></body></html>');
globalThis.window = dom.window;
globalThis.document = dom.window.document;
const { default: mermaid } = await import('mermaid');
mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8');
  const blocks = [...text.matchAll(/^```mermaid\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  for (const [i, block] of blocks.entries()) {
    try {
      await mermaid.parse(block);
      passed += 1;
    } catch (e) {
      failed += 1;
      console.error(`${file}: Mermaid block ${i + 1}: ${String(e).slice(0, 400)}`);
    }
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
