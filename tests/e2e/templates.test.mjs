// End-to-end tests of catalog templates in the app: every real basic template opened with the
// load bar draws the graph `olm-graph graph --json` gives for the same file; a template loads
// through a folder, a URL, paste and a drop too, and the details panel says where each bundle
// fact came from. The template studio: an edited `replaces` moves the edge and strands the
// bundles `olm-graph diff` says it strands; a semver template gets a bundle from the form and
// a new channel head; the downloaded FBC passes `olm-graph lint` and is byte for byte what
// `olm-graph render-template` writes; a bad template shows opm's message at the line and column
// the CLI names. The compare drawer reports drift as `olm-graph diff-template` does. The tools
// worker that renders templates is not started with the page, only for the first template.
// Screenshots: test-output/templates-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { app, open, finish, shot, upload, waitGraph, showChannel, cli, CLI, ROOT, CATALOGS, tool } from './harness.mjs';

app();

const BASIC = join(CATALOGS, 'templates/basic');
const TEMPLATES = {
  'cluster-kube-descheduler-operator-v4.22.catalog-template.yaml': 'cluster-kube-descheduler-operator',
  'external-dns-operator-v4.21.catalog-template.yaml': 'external-dns-operator',
  'rhtpa-operator-v4.18.graph.yaml': 'rhtpa-operator',
  'serverless-operator-v4.13.catalog-template.yaml': 'serverless-operator',
  'serverless-operator-v4.22.catalog-template.yaml': 'serverless-operator',
};
const RHTPA = join(BASIC, 'rhtpa-operator-v4.18.graph.yaml');
const DESCHEDULER = join(BASIC, 'cluster-kube-descheduler-operator-v4.22.catalog-template.yaml');
const DESCHEDULER_RENDERED = join(CATALOGS, 'openshift-kube-descheduler-fbc/v4.22/cluster-kube-descheduler-operator.json');
const REPLACES = join(ROOT, 'tests/e2e/fixtures/replaces-template.yaml');
const WIDGET = join(ROOT, 'tests/e2e/fixtures/widget-semver.yaml');
const WIDGET_BUNDLES = join(ROOT, 'tests/e2e/fixtures/widget-bundles.json');
// In widget-bundles.json (1.1.2), and in no bundle source (1.2.0: its version is entered).
const V112 = 'quay.io/acme/widget-operator-bundle@sha256:185ce7297d202aa0242910c3ecbc0b178eb43d379728873613aad9107b5a2312';
const V120 = 'quay.io/acme/widget-operator-bundle@sha256:8644b1fdc8141207b26704548587e11685d8fdb0140f0fc319f20d205152dd49';
const TMP = mkdtempSync(join(tmpdir(), 'olm-templates-'));

/** Every edge drawn one by one (`fans: edges`): `from|to|kind`, sorted; and the node names. */
async function drawnGraph(page) {
  const toggle = page.locator('[data-testid=fan-toggle]');
  if (!(await toggle.textContent()).includes('edges')) await toggle.click();
  await page.waitForFunction(() => !document.querySelector('svg.graph [data-edges]'));
  return page.evaluate(() => {
    const svg = document.querySelector('svg.graph');
    const edges = [...svg.querySelectorAll('[data-edge-kind]')].map((e) => `${e.dataset.from}|${e.dataset.to}|${e.dataset.edgeKind}`);
    const nodes = [...svg.querySelectorAll('[data-bundle]')].map((n) => n.dataset.bundle);
    const heads = [...svg.querySelectorAll('[data-bundle][data-head=true]')].map((n) => n.dataset.bundle);
    return { nodes: nodes.sort(), edges: edges.sort(), heads };
  });
}

function cliChannel(file, pkg, channel) {
  const g = JSON.parse(cli(['graph', file, '--package', pkg, '--json']));
  const c = g.channels.find((x) => x.name === channel);
  return {
    nodes: c.nodes.map((n) => n.name).sort(),
    edges: c.edges.map((e) => `${e.from}|${e.to}|${e.kind}`).sort(),
    heads: c.head ? [c.head] : [],
  };
}

/** The CLI run that is expected to fail: its exit code and stderr. */
function cliFails(args) {
  try {
    execFileSync(CLI, args, { encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    return { status: e.status, stderr: e.stderr };
  }
  throw new Error(`olm-graph ${args.join(' ')} succeeded`);
}

/** Opens the studio drawer. */
async function openStudio(page) {
  if (!(await page.locator('[data-testid=studio-body]').count())) await tool(page, 'studio');
  await page.waitForSelector('[data-testid=studio-body]');
}

/** Waits until the studio has rendered the text as it is now. */
async function studioRendered(page) {
  await page.waitForFunction(() => /^(Renders|The template does not render)/.test(document.querySelector('[data-testid=studio-status]')?.textContent ?? '')
    && !document.querySelector('[data-testid=studio-status]').textContent.includes('latest edit'), null, { timeout: 60000 });
}

/** Saves the download a click starts; its path. */
async function download(page, testid) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(`[data-testid=${testid}]`)]);
  const path = join(TMP, dl.suggestedFilename());
  await dl.saveAs(path);
  return path;
}

/** Whether the page (or its parsing worker) has started the tools worker (src/bin/tools.rs). */
const toolsStarted = (page) => page.workers().some((w) => w.url().endsWith('/tools-boot.js'));

test('every real basic template opens with its package and channels, each drawn as olm-graph graph --json', async () => {
  const page = await open();
  // The page starts its parsing worker only; the tools worker waits for the first template.
  assert.ok(page.workers().some((w) => new URL(w.url()).pathname === '/worker-boot.js'), 'the parsing worker runs');
  assert.ok(!toolsStarted(page), 'the tools worker is not started with the page');
  for (const [file, pkg] of Object.entries(TEMPLATES)) {
    const path = join(BASIC, file);
    await page.setInputFiles('[data-testid=catalog-file-input]', path);
    await page.waitForFunction((f) => document.querySelector('[data-testid=catalog-label]')?.textContent === f, file);
    await waitGraph(page, pkg);
    const want = JSON.parse(cli(['graph', path, '--package', pkg, '--json']));
    const tabs = await page.$$eval('[data-testid=channel-select] [data-channel]', (t) => t.map((e) => e.dataset.channel));
    assert.deepEqual([...tabs].sort(), want.channels.map((c) => c.name).sort(), file);
    for (const c of want.channels) {
      await showChannel(page, pkg, c.name);
      assert.deepEqual(await drawnGraph(page), cliChannel(path, pkg, c.name), `${file} ${c.name}`);
    }
    assert.match(await page.textContent('[data-testid=details-panel] [data-field=template]'), new RegExp(`${file.replace(/\./g, '\\.')} \\(olm\\.template\\.basic\\)`));
  }
  // Opened with the load bar, a template went from the parsing worker to the tools worker.
  assert.ok(toolsStarted(page), 'the tools worker read the templates');
  await shot(page, 'templates-serverless');
  await finish(page);
});

test('a template loads through a folder, a URL, paste and a drop; the details say where each fact came from', async () => {
  const page = await open();
  await waitGraph(page, 'acme-operator');
  const file = 'external-dns-operator-v4.21.catalog-template.yaml';
  const text = readFileSync(join(BASIC, file), 'utf8');
  const pkg = 'external-dns-operator';
  const checkTemplate = async (path) => {
    await waitGraph(page, pkg);
    assert.equal(await page.textContent('[data-testid=details-panel] [data-field=template]'), `${path} (olm.template.basic)`);
  };
  // A folder.
  const dir = join(TMP, 'folder');
  mkdirSync(dir);
  copyFileSync(join(BASIC, file), join(dir, file));
  writeFileSync(join(dir, 'notes.txt'), 'not a catalog');
  await page.setInputFiles('[data-testid=catalog-dir-input]', dir);
  await checkTemplate(file);
  // A URL.
  await page.click('[data-testid=load-sample]');
  await waitGraph(page, 'acme-operator');
  await page.route('http://catalogs.example.test/t.yaml', (route) => route.fulfill({
    status: 200, body: text, headers: { 'content-type': 'application/yaml', 'access-control-allow-origin': '*' },
  }));
  await page.fill('[data-testid=catalog-url-input]', 'http://catalogs.example.test/t.yaml');
  await page.click('[data-testid=catalog-url-load]');
  await checkTemplate('t.yaml');
  // Paste.
  await page.click('[data-testid=load-sample]');
  await waitGraph(page, 'acme-operator');
  await page.fill('[data-testid=catalog-paste]', text);
  await checkTemplate('pasted');
  // A drop.
  await page.click('[data-testid=load-sample]');
  await waitGraph(page, 'acme-operator');
  const dt = await page.evaluateHandle((t) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], 'dropped.yaml', { type: 'application/yaml' }));
    return dt;
  }, text);
  await page.dispatchEvent('body', 'dragenter', { dataTransfer: dt });
  await page.dispatchEvent('body', 'drop', { dataTransfer: dt });
  await checkTemplate('dropped.yaml');

  // Named bundles: name and version from the template's names, stubs (no bundle source).
  await page.click('svg.graph [data-bundle="external-dns-operator.v1.3.8"]');
  const facts = page.locator('[data-testid=details-panel] [data-field=facts]');
  assert.equal(await facts.locator('[data-field=fact-version]').getAttribute('data-source'), 'bundle-name');
  assert.equal(await facts.locator('[data-field=fact-name]').getAttribute('data-source'), 'bundle-name');
  assert.equal(await page.locator('[data-testid=details-panel] [data-field=stub]').count(), 1);
  assert.equal(await page.textContent('[data-testid=details-panel] [data-field=version]'), '1.3.8');
  await shot(page, 'templates-facts');
  await finish(page);
});

test('studio: an edited replaces moves the edge and strands what olm-graph diff says', async () => {
  const page = await open();
  await upload(page, RHTPA, 'rhtpa-operator');
  await openStudio(page);
  await page.click('[data-testid=studio-edit-screen]');
  await studioRendered(page);
  const original = await page.inputValue('[data-testid=studio-text]');
  assert.equal(original, readFileSync(RHTPA, 'utf8'));
  const change = page.locator('[data-testid=studio-change][data-package=rhtpa-operator]');
  assert.equal(await change.getAttribute('data-stranded'), '0');
  const lintBefore = Number(await page.getAttribute('[data-testid=studio-lint]', 'data-errors'));
  await showChannel(page, 'rhtpa-operator', 'stable-v1.1');
  const before = await drawnGraph(page);
  assert.ok(before.edges.includes('rhtpa-operator.v1.1.6|rhtpa-operator.v1.1.7|replaces'));

  const edited = original.replace('replaces: rhtpa-operator.v1.1.6', 'replaces: rhtpa-operator.v1.1.5');
  await page.fill('[data-testid=studio-text]', edited);
  await page.waitForSelector('svg.graph [data-from="rhtpa-operator.v1.1.5"][data-to="rhtpa-operator.v1.1.7"]', { state: 'attached', timeout: 30000 });
  await studioRendered(page);
  const after = await drawnGraph(page);
  assert.ok(!after.edges.includes('rhtpa-operator.v1.1.6|rhtpa-operator.v1.1.7|replaces'), 'the edge moved');
  const editedPath = join(TMP, 'rhtpa-edited.yaml');
  writeFileSync(editedPath, edited);
  assert.deepEqual(after, cliChannel(editedPath, 'rhtpa-operator', 'stable-v1.1'));

  const want = JSON.parse(cli(['diff', RHTPA, '--to', editedPath, '--package', 'rhtpa-operator', '--json'])).fates
    .filter((r) => r.status === 'stranded').map((r) => r.bundle).sort();
  assert.ok(want.length > 0);
  await page.waitForFunction((n) => document.querySelector('[data-testid=studio-change]')?.dataset.stranded === String(n), want.length);
  const stranded = await page.$$eval('[data-testid=studio-stranded] [data-name]', (els) => els.map((e) => e.dataset.name).sort());
  assert.deepEqual(stranded, want);
  assert.deepEqual(await page.$$eval('[data-testid=studio-heads] [data-name]', (els) => els.map((e) => e.dataset.name)), ['stable-v1.1']);
  // The lint of the edited text finds the channel's second head.
  assert.ok(Number(await page.getAttribute('[data-testid=studio-lint]', 'data-errors')) > lintBefore);
  await shot(page, 'templates-studio-replaces');

  // Another catalog on screen pauses the studio; it shows its graph again when asked.
  await page.click('[data-testid=load-sample]');
  await waitGraph(page, 'acme-operator');
  await page.click('[data-testid=studio-show]');
  await waitGraph(page, 'rhtpa-operator');
  await finish(page);
});

test('studio: a semver template gets a bundle from the form, a new head, and a rendered FBC equal to the CLI', async () => {
  const page = await open();
  await waitGraph(page, 'acme-operator');
  await openStudio(page);
  await page.setInputFiles('[data-testid=studio-file-input]', [WIDGET, WIDGET_BUNDLES]);
  await studioRendered(page);
  await waitGraph(page, 'widget-operator', 'stable-v1.1');
  assert.deepEqual(await page.$$eval('[data-testid=studio-sources] [data-path]', (e) => e.map((x) => x.dataset.path)), ['widget-bundles.json']);
  assert.deepEqual((await drawnGraph(page)).heads, ['widget-operator.v1.1.1']);

  // An image of the bundle source: its version comes from there.
  await page.selectOption('[data-testid=studio-archetype]', 'stable');
  await page.fill('[data-testid=studio-image]', V112);
  await page.click('[data-testid=studio-add]');
  await page.waitForSelector('svg.graph [data-bundle="widget-operator.v1.1.2"][data-head=true]', { timeout: 30000 });
  assert.ok((await page.inputValue('[data-testid=studio-text]')).endsWith(`  - Image: ${V112}\n`));
  await studioRendered(page);
  assert.deepEqual(await page.$$eval('[data-testid=studio-heads] [data-name]', (e) => e.map((x) => x.dataset.name)), ['stable-v1.1']);
  await page.click('svg.graph [data-bundle="widget-operator.v1.1.2"]');
  const version = page.locator('[data-testid=details-panel] [data-field=fact-version]');
  assert.equal(await version.getAttribute('data-source'), 'bundle-source');
  assert.match(await version.textContent(), /widget-bundles\.json \(the same image reference\)/);

  // An image no source has: the version entered opens stable-v1.2, the new default channel.
  await page.fill('[data-testid=studio-image]', V120);
  await page.fill('[data-testid=studio-version]', '1.2.0');
  await page.click('[data-testid=studio-add]');
  await waitGraph(page, 'widget-operator', 'stable-v1.2');
  assert.deepEqual((await drawnGraph(page)).heads, ['widget-operator.v1.2.0']);
  assert.deepEqual(await page.$$eval('[data-testid=studio-entered] [data-image]', (e) => e.map((x) => x.dataset.image)), [V120]);
  // A bad version is refused with blang's message.
  await page.fill('[data-testid=studio-image]', 'quay.io/acme/x:latest');
  await page.fill('[data-testid=studio-version]', '1.2');
  await page.click('[data-testid=studio-add]');
  assert.match(await page.textContent('[data-testid=studio-add-error]'), /version "1\.2": No Major\.Minor\.Patch elements found/);
  await shot(page, 'templates-studio-semver');

  // Downloads: the template, the entered versions, the FBC; the CLI renders the same bytes.
  await studioRendered(page);
  const template = await download(page, 'studio-download-template');
  assert.equal(basename(template), 'widget-semver.yaml');
  const versions = await download(page, 'studio-download-versions');
  assert.equal(basename(versions), 'studio-versions.json');
  const fbc = await download(page, 'studio-download-fbc');
  assert.equal(basename(fbc), 'widget-semver.rendered.json');
  const want = cli(['render-template', template, '--bundles', WIDGET_BUNDLES, versions]);
  assert.equal(readFileSync(fbc, 'utf8'), want);
  cli(['lint', fbc]); // exit 0, or execFileSync throws
  const channels = JSON.parse(cli(['graph', fbc, '--package', 'widget-operator', '--json'])).channels.map((c) => c.name);
  assert.deepEqual(channels, ['candidate-v1.0', 'candidate-v1.1', 'stable-v1.0', 'stable-v1.1', 'stable-v1.2']);
  await page.waitForSelector('[data-testid=studio-render-status]');
  await finish(page);
});

test('studio: bad templates show opm\'s message at the line and column the CLI names, and never panic', async () => {
  const page = await open();
  await waitGraph(page, 'acme-operator');
  await openStudio(page);
  const cases = {
    'preference.yaml': 'schema: olm.semver\ngenerateMajorChannels: true\ngenerateMinorChannels: false\ndefaultChannelTypePreference: minor\nstable:\n  bundles:\n  - image: quay.io/acme/w:widget-operator.v1.0.0\n',
    'schema.yaml': 'schema: olm.template.basics\nentries: []\n',
    // Cut inside a quoted scalar.
    'truncated.yaml': `${readFileSync(REPLACES, 'utf8').split('\n').slice(0, 14).join('\n')}\n    skipRange: '>=1.0.0`,
    'strict.yaml': 'schema: olm.semver\ngenerateMinorChannels: true\ninvalid: true\nstable:\n  bundles:\n  - image: quay.io/acme/w:widget-operator.v1.0.0\n',
  };
  for (const [name, text] of Object.entries(cases)) {
    const path = join(TMP, name);
    writeFileSync(path, text);
    const { status, stderr } = cliFails(['render-template', path]);
    assert.equal(status, 1, name);
    const [, message] = stderr.match(/^Error: (.*)$/m);
    const at = stderr.match(/^ {2}at .*:(\d+):(\d+)/m);
    if (await page.locator('[data-testid=studio-close]').count()) await page.click('[data-testid=studio-close]');
    await page.setInputFiles('[data-testid=studio-file-input]', path);
    await studioRendered(page);
    const problem = page.locator('[data-testid=studio-problems] .studio-problem.error').first();
    await problem.waitFor();
    assert.equal(await problem.locator('.message').textContent(), message, name);
    if (at) {
      assert.equal(await problem.getAttribute('data-line'), at[1], `${name} line`);
      assert.equal(await problem.getAttribute('data-column'), at[2], `${name} column`);
      assert.equal(await page.locator(`[data-testid=studio-marks] .studio-mark-line.error[data-line="${at[1]}"]`).count(), 1, `${name} marked`);
      await problem.locator('button').click();
      const caret = await page.$eval('[data-testid=studio-text]', (a) => {
        const before = a.value.slice(0, a.selectionStart).split('\n');
        return [before.length, before[before.length - 1].length + 1];
      });
      assert.deepEqual(caret, [Number(at[1]), Number(at[2])], `${name} caret`);
    }
    // The download says the same.
    await page.click('[data-testid=studio-download-fbc]');
    await page.waitForSelector('[data-testid=studio-render-error]');
    assert.ok((await page.textContent('[data-testid=studio-render-error]')).includes(message), name);
    await shot(page, `templates-error-${basename(name, '.yaml')}`);
  }
  await finish(page);
});

test('studio: a semver template started from a rendered package, against what clusters run', async () => {
  const page = await open();
  await upload(page, DESCHEDULER_RENDERED, 'cluster-kube-descheduler-operator');
  await openStudio(page);
  await page.click('[data-testid=studio-start-semver]');
  await studioRendered(page);
  const text = await page.inputValue('[data-testid=studio-text]');
  assert.match(text, /^# olm\.semver template started from the bundles of cluster-kube-descheduler-operator\./);
  await waitGraph(page, 'cluster-kube-descheduler-operator');
  const tabs = await page.$$eval('[data-testid=channel-select] [data-channel]', (t) => t.map((e) => e.dataset.channel));
  assert.ok(tabs.length > 0 && tabs.every((c) => /^stable-v\d+\.\d+$/.test(c)), tabs.join());
  // The published catalog's channel "stable" is gone from the semver rendering: every
  // installed bundle's channel is removed.
  const change = page.locator('[data-testid=studio-change][data-package=cluster-kube-descheduler-operator]');
  await change.waitFor();
  assert.equal(await change.getAttribute('data-stranded'), '0');
  assert.match(await change.textContent(), /, 1 channel\(s\) removed$/);
  await finish(page);
});

test('the compare drawer reports a template\'s drift as olm-graph diff-template does', async () => {
  const page = await open();
  await upload(page, DESCHEDULER, 'cluster-kube-descheduler-operator');
  await tool(page, 'diff');
  await page.setInputFiles('[data-testid=compare-file-input]', DESCHEDULER_RENDERED);
  await page.waitForSelector('[data-testid=drift-none]', { timeout: 60000 });

  const rendered = join(CATALOGS, 'trusted-profile-analyzer-fbc/v4.18/rhtpa-operator.json');
  const { status, stdout } = (() => {
    try { return { status: 0, stdout: cli(['diff-template', RHTPA, '--rendered', rendered]) }; } catch (e) { return { status: e.status, stdout: e.stdout }; }
  })();
  assert.equal(status, 1, 'the CLI finds drift');
  const want = stdout.trimEnd().split('\n');
  await upload(page, RHTPA, 'rhtpa-operator');
  await page.setInputFiles('[data-testid=compare-file-input]', rendered);
  await page.waitForFunction((w) => {
    const rows = [...document.querySelectorAll('[data-testid=drift-row]')].map((e) => e.textContent);
    return JSON.stringify(rows) === JSON.stringify(w);
  }, want, { timeout: 60000 });
  const rows = await page.$$eval('[data-testid=drift-row]', (els) => els.map((e) => e.textContent));
  assert.deepEqual(rows, want);
  assert.equal(await page.getAttribute('[data-testid=drift-report]', 'data-drift'), String(rows.length));
  await shot(page, 'templates-drift');
  await finish(page);
});
