// End-to-end tests of the web app: a release build (dist/) served on 127.0.0.1, driven in
// Debian's headless Chromium by playwright-core. Run by scripts/test-web.sh, or by hand:
//   trunk build --release && cargo build --release -p olm-graph-cli && cd tests/e2e && node --test
// Every test fails on any console error or uncaught exception (a CSP violation is one).
// Screenshots go to test-output/ (OLM_TEST_OUTPUT).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStaticServer, stopServer } from './browser.mjs';
import { app, open as openPage, finish, shot, waitGraph, upload, showChannel, baseUrl, CLI, CATALOGS, OUT, ROOT, inspector } from './harness.mjs';

const GPU = join(CATALOGS, 'certified-operators/v4.22/gpu-operator-certified.yaml');
const QUAY = join(CATALOGS, 'community-operators-prod/v4.21/project-quay.yaml');
// The two complete catalogs of SOURCES.md: 24 MiB, 81 packages.
const BIG_DIRS = [join(CATALOGS, 'community-operators-prod/v4.21'), join(CATALOGS, 'certified-operators/v4.22')];
const TMP = mkdtempSync(join(tmpdir(), 'olm-e2e-'));

app();
before(() => {
  if (!existsSync(GPU)) throw new Error(`missing the real catalogs: ${GPU}`);
});

/** A page on the app at 1280×800 (light by default). */
const open = (query = '', { colorScheme = 'light' } = {}) =>
  openPage(query, { viewport: { width: 1280, height: 800 }, colorScheme });

/** What the graph draws: nodes, edges per kind, heads. Every graph edge is one element with
 *  `data-from`: an edge drawn on its own, a tap of a fan, or a member's edge leaving a group (the
 *  fan and the group's path, with `data-edges`, stand for those). */
function drawn(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('svg.graph');
    const kinds = { replaces: 0, skips: 0, skipRange: 0 };
    let edges = 0;
    const list = [];
    for (const e of svg.querySelectorAll('[data-edge-kind]:not([data-edges])')) {
      edges += 1;
      kinds[e.dataset.edgeKind] += 1;
      list.push(`${e.dataset.from}|${e.dataset.to}|${e.dataset.edgeKind}`);
    }
    const nodes = [...svg.querySelectorAll('[data-bundle]')];
    return {
      nodes: nodes.length,
      names: nodes.map((n) => n.dataset.bundle).sort(),
      virtual: nodes.filter((n) => n.dataset.virtual === 'true').length,
      deprecated: nodes.filter((n) => n.dataset.deprecated === 'true').length,
      heads: nodes.filter((n) => n.dataset.head === 'true').map((n) => n.dataset.bundle),
      edges,
      kinds,
      list: list.sort(),
      bands: svg.querySelectorAll('[data-band]').length,
    };
  });
}

function cliGraph(file, pkg) {
  return JSON.parse(execFileSync(CLI, ['graph', file, '--package', pkg, '--json'], { encoding: 'utf8', maxBuffer: 1 << 28 }));
}

function expected(channel) {
  const kinds = { replaces: 0, skips: 0, skipRange: 0 };
  for (const e of channel.edges) kinds[e.kind] += 1;
  return {
    nodes: channel.nodes.length,
    names: channel.nodes.map((n) => n.name).sort(),
    virtual: channel.nodes.filter((n) => n.virtual).length,
    deprecated: channel.nodes.filter((n) => n.deprecated).length,
    heads: channel.head ? [channel.head] : [],
    edges: channel.edges.length,
    kinds,
    list: channel.edges.map((e) => `${e.from}|${e.to}|${e.kind}`).sort(),
  };
}



// ---------------------------------------------------------------------------------------------

test('the sample opens under the CSP and shows every feature', async () => {
  const page = await open();
  await waitGraph(page, 'acme-operator', 'stable');
  // Booted without any inline script: the CSP is in force and forbids them.
  const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/);
  assert.doesNotMatch(csp, /unsafe-inline/);
  assert.equal(await page.locator('script:not([src])').count(), 0, 'no inline script');
  const inlineBlocked = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.body.appendChild(s);
    return window.__inlineRan === true;
  });
  assert.equal(inlineBlocked, false, 'the CSP blocks inline scripts');
  page.allowed.push(/Content Security Policy/);

  for (const id of ['catalog-file-input', 'catalog-url-input', 'catalog-paste', 'package-search',
    'channel-select', 'details-panel', 'lint-panel', 'error-panel', 'progress']) {
    assert.equal(await page.locator(`[data-testid=${id}]`).count(), 1, id);
  }
  assert.equal(await page.getAttribute('[data-testid=catalog-file-input]', 'type'), 'file');
  assert.equal(await page.locator('[data-package]').count(), 2);
  const tabs = await page.$$eval('[data-testid=channel-select] [data-channel]', (t) => t.map((e) => [e.dataset.channel, e.dataset.default, e.dataset.deprecated]));
  assert.deepEqual(tabs[0], ['stable', 'true', 'false'], 'default channel first and marked');
  assert.ok(tabs.some(([n, , dep]) => n === 'alpha' && dep === 'true'), 'deprecated channel marked');
  const d = await drawn(page);
  const want = expected(cliGraph(join(ROOT, 'assets/sample-catalog.yaml'), 'acme-operator').channels.find((c) => c.name === 'stable'));
  assert.equal(d.nodes, want.nodes);
  assert.equal(d.edges, want.edges);
  assert.deepEqual(d.heads, ['acme-operator.v1.2.1']);
  assert.ok(d.virtual >= 1 && d.deprecated >= 1 && d.bands >= 1 && d.kinds.skips >= 1, JSON.stringify(d));
  assert.ok(await page.locator('.legend').isVisible());
  assert.match(await page.textContent('[data-testid=lint-panel]'), /1 warnings/);
  assert.equal(await page.isVisible('[data-testid=progress]'), false);
  await shot(page, 'sample');
  await finish(page);

  const dark = await open('', { colorScheme: 'dark' });
  await waitGraph(dark, 'acme-operator', 'stable');
  const bg = await dark.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.notEqual(bg, 'rgb(244, 246, 249)', 'the dark theme follows the system');
  await dark.click('[data-bundle="acme-operator.v1.0.0"]');
  await shot(dark, 'sample-dark');
  await finish(dark);
});

for (const [file, pkg] of [[GPU, 'gpu-operator-certified'], [QUAY, 'project-quay']]) {
  test(`every channel of ${pkg} draws what olm-graph graph --json reports`, async () => {
    const json = cliGraph(file, pkg);
    assert.ok(json.channels.length > 1);
    const page = await open();
    await waitGraph(page, 'acme-operator', 'stable');
    await upload(page, file, pkg);
    assert.equal(await page.textContent('[data-testid=catalog-label]'), file.split('/').pop());
    for (const ch of json.channels) {
      await showChannel(page, pkg, ch.name);
      const d = await drawn(page);
      const w = expected(ch);
      for (const k of ['nodes', 'names', 'virtual', 'deprecated', 'heads', 'edges', 'kinds']) {
        assert.deepEqual(d[k], w[k], `${pkg} ${ch.name}: ${k} (bands)`);
      }
    }
    // Separate edges: exactly the CLI's edges, one element each.
    await page.click('[data-testid=fan-toggle]');
    for (const ch of json.channels) {
      await showChannel(page, pkg, ch.name);
      await page.waitForFunction(() => document.querySelector('svg.graph').dataset.fans === 'edges');
      const d = await drawn(page);
      assert.equal(d.bands, 0);
      assert.deepEqual(d.list, expected(ch).list, `${pkg} ${ch.name}: edges`);
    }
    await page.click('[data-testid=fan-toggle]');
    const big = json.channels.reduce((a, c) => (c.edges.length > a.edges.length ? c : a));
    await showChannel(page, pkg, big.name);
    await page.waitForTimeout(300);
    await shot(page, `${pkg}-${big.name}`);
    await page.click('[data-channel-all]');
    await waitGraph(page, pkg, '');
    await page.waitForTimeout(300);
    await shot(page, `${pkg}-all-channels`);
    await finish(page);
  });
}

test('selecting a bundle shows its details; the URL keeps the view; back and forward work', async () => {
  const json = cliGraph(QUAY, 'project-quay');
  const ch = json.channels.find((c) => c.nodes.length > 3 && c.head);
  const bundle = ch.nodes[1].name;
  // A link to the view, opened before the catalog is there.
  const q = `?package=project-quay&channel=${encodeURIComponent(ch.name)}&bundle=${encodeURIComponent(bundle)}`;
  const page = await open(q);
  await waitGraph(page, 'acme-operator', 'stable');
  assert.match(await page.textContent('[data-testid=pending-link]'), /project-quay/);
  assert.equal(await page.evaluate(() => location.search), q, 'the link is kept while waiting');
  await upload(page, QUAY, 'project-quay');
  await waitGraph(page, 'project-quay', ch.name);
  const details = page.locator('[data-testid=details-panel]');
  await details.locator(`[data-details-bundle="${bundle}"]`).waitFor();
  assert.equal(await details.locator('[data-field=name]').textContent(), bundle);
  const node = ch.nodes[1];
  assert.equal(await details.locator('[data-field=version]').textContent(), node.version);
  assert.match(await details.locator('[data-field=image]').textContent(), /quay\.io|registry|sha256/);
  assert.match(await details.locator('[data-field=channels]').textContent(), new RegExp(ch.name.replace('.', '\\.')));
  const into = ch.edges.filter((e) => e.to === bundle).length;
  const outOf = ch.edges.filter((e) => e.from === bundle).length;
  assert.ok(into + outOf > 0);
  assert.match(await details.locator('h3', { hasText: 'incoming' }).textContent(), /\(\d+\)/);
  assert.ok(await page.locator(`[data-bundle="${bundle}"].selected`).count() === 1);
  await shot(page, 'details');

  // Click another bundle, then go back and forward.
  const other = ch.head;
  // The head may be off screen: reach it with the keyboard, which brings it into view.
  await page.focus(`[data-bundle="${other}"]`);
  await page.keyboard.press('Enter');
  await details.locator(`[data-details-bundle="${other}"]`).waitFor();
  assert.match(await page.evaluate(() => location.search), new RegExp(`bundle=${encodeURIComponent(other).replace(/\./g, '\\.')}`));
  await page.goBack();
  await details.locator(`[data-details-bundle="${bundle}"]`).waitFor();
  await page.goForward();
  await details.locator(`[data-details-bundle="${other}"]`).waitFor();
  // Another channel, then back.
  const other_ch = json.channels.find((c) => c.name !== ch.name);
  await showChannel(page, 'project-quay', other_ch.name);
  await page.goBack();
  await waitGraph(page, 'project-quay', ch.name);
  // Reloading the URL reopens the view: the catalog comes back from this browser's storage.
  const url = page.url();
  await page.goto(url);
  await waitGraph(page, 'project-quay', ch.name);
  await page.locator('[data-testid=restored-notice]').waitFor();
  await details.locator(`[data-details-bundle="${other}"]`).waitFor();
  await finish(page);
});

test('a malformed file is explained while the previous graph stays usable', async () => {
  const bad = join(TMP, 'broken-catalog.yaml');
  writeFileSync(bad, 'schema: olm.package\nname: [unclosed\ndefaultChannel: {\n---\n: : :\n');
  const page = await open();
  await waitGraph(page, 'acme-operator', 'stable');
  await page.setInputFiles('[data-testid=catalog-file-input]', bad);
  const panel = page.locator('[data-testid=error-panel]');
  await panel.waitFor({ state: 'visible' });
  const text = await panel.textContent();
  assert.match(text, /broken-catalog\.yaml could not be used/);
  assert.match(text, /Still showing sample catalog/);
  assert.match(text, /broken-catalog\.yaml:\d+/, 'the problem is located in the file');
  assert.match(await page.textContent('[data-testid=catalog-label]'), /sample catalog/);
  // The previous graph is still there and still works.
  await page.click('[data-bundle="acme-operator.v1.1.0"]');
  await page.locator('[data-details-bundle="acme-operator.v1.1.0"]').waitFor();
  await showChannel(page, 'acme-operator', 'candidate');
  await shot(page, 'malformed');
  await finish(page);
});

test('a partly valid catalog shows what it can, with its errors', async () => {
  const partial = join(TMP, 'partial.yaml');
  writeFileSync(partial, readFileSync(join(ROOT, 'assets/sample-catalog.yaml'), 'utf8')
    + '---\nschema: olm.bundle\npackage: acme-operator\nname: [oops\n');
  const page = await open();
  await waitGraph(page, 'acme-operator', 'stable');
  await page.setInputFiles('[data-testid=catalog-file-input]', partial);
  const panel = page.locator('[data-testid=error-panel]');
  await panel.waitFor({ state: 'visible' });
  assert.match(await panel.textContent(), /Read partial\.yaml: 1 error.*2 packages shown/s);
  await page.waitForFunction(() => document.querySelector('[data-testid=catalog-label]').textContent === 'partial.yaml');
  await waitGraph(page, 'acme-operator', 'stable');
  await finish(page);
});

test('a file that is not UTF-8 reads as the browser decodes text: BOM dropped, bad bytes replaced', async () => {
  // The worker decodes the bytes of picked files itself; it must give what Blob.text() gave.
  const file = join(TMP, 'latin1.yaml');
  const yaml = [
    'schema: olm.package', 'name: latin', 'defaultChannel: stable',
    '---', 'schema: olm.channel', 'package: latin', 'name: stable', 'entries:', '- name: latin.v1.0.0',
    '---', 'schema: olm.bundle', 'package: latin', 'name: latin.v1.0.0', 'image: quay.io/latin/bundle:v1',
    'properties:', '- {type: olm.package, value: {packageName: latin, version: 1.0.0}}',
    '- type: olm.csv.metadata', '  value:', '    description: caf\u00e9 cr\u00e8me',
  ].join('\n') + '\n';
  // A UTF-8 byte order mark, then the text in Latin-1 (é and è are single bytes, not UTF-8).
  writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(yaml, 'latin1')]));
  const page = await open();
  await waitGraph(page, 'acme-operator', 'stable');
  await upload(page, file, 'latin');
  await page.click('[data-bundle="latin.v1.0.0"]');
  const description = page.locator('[data-testid=details-panel] [data-field=description]');
  await description.waitFor();
  assert.equal(await description.textContent(), 'caf\ufffd cr\ufffdme');
  const panel = page.locator('[data-testid=error-panel]');
  const problems = (await panel.count()) ? await panel.textContent() : '';
  assert.doesNotMatch(problems, /error|warning/i, 'nothing to report: the BOM is not read as text');
  await finish(page);
});

test('catalog markup is rendered as text, never run', async () => {
  const hostile = [
    'schema: olm.package', 'name: evil', 'defaultChannel: stable',
    `description: '<script>window.__olmPwned = 1</script><img src=x onerror="window.__olmPwned = 2">'`,
    'icon: {base64data: PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==, mediatype: text/html}',
    '---', 'schema: olm.channel', 'package: evil', 'name: stable', 'entries:', '- name: evil.v1.0.0',
    '---', 'schema: olm.deprecations', 'package: evil', 'entries:',
    `- reference: {schema: olm.bundle, name: evil.v1.0.0}`,
    `  message: '<img src=y onerror="window.__olmPwned = 3">deprecated'`,
    '---', 'schema: olm.bundle', 'package: evil', 'name: evil.v1.0.0', 'image: quay.io/evil/bundle:v1',
    'properties:', '- {type: olm.package, value: {packageName: evil, version: 1.0.0}}',
    '- type: olm.csv.metadata', '  value:',
    `    displayName: '<b onmouseover="window.__olmPwned = 4">Evil</b>'`,
    `    description: '<script>window.__olmPwned = 5</script><img src=x onerror="window.__olmPwned = 6">'`,
  ].join('\n') + '\n';
  const page = await open();
  await waitGraph(page, 'acme-operator', 'stable');
  await page.fill('[data-testid=catalog-paste]', hostile);
  await waitGraph(page, 'evil', 'stable');
  await page.click('[data-bundle="evil.v1.0.0"]');
  const details = page.locator('[data-testid=details-panel]');
  await details.locator('[data-field=description]').waitFor();
  assert.equal(await details.locator('[data-field=description]').textContent(),
    '<script>window.__olmPwned = 5</script><img src=x onerror="window.__olmPwned = 6">');
  assert.match(await details.textContent(), /<img src=y onerror="window.__olmPwned = 3">deprecated/);
  assert.match(await details.textContent(), /<b onmouseover="window.__olmPwned = 4">Evil<\/b>/);
  await page.hover('[data-bundle="evil.v1.0.0"]');
  await page.waitForTimeout(300);
  assert.equal(await page.locator('.app script, .app img, .app [onerror], .app [onmouseover]').count(), 0);
  assert.equal(await page.evaluate(() => window.__olmPwned), undefined);
  await shot(page, 'markup-as-text');
  await finish(page);
});

test('a URL is fetched by the browser; a CORS failure is explained', async () => {
  const page = await open();
  await waitGraph(page, 'acme-operator', 'stable');
  // A server that allows cross-origin requests.
  const text = readFileSync(QUAY, 'utf8');
  await page.route('http://catalogs.example.test/project-quay.yaml', (route) => route.fulfill({
    status: 200, body: text, headers: { 'content-type': 'application/yaml', 'access-control-allow-origin': '*' },
  }));
  await page.fill('[data-testid=catalog-url-input]', 'http://catalogs.example.test/project-quay.yaml');
  await page.click('[data-testid=catalog-url-load]');
  await waitGraph(page, 'project-quay', null);
  assert.equal(await page.textContent('[data-testid=catalog-label]'), 'http://catalogs.example.test/project-quay.yaml');

  // A real cross-origin server without CORS headers: the browser refuses the answer.
  const dir = mkdtempSync(join(tmpdir(), 'olm-e2e-cors-'));
  writeFileSync(join(dir, 'c.yaml'), 'schema: olm.package\nname: x\n');
  const other = await startStaticServer(dir);
  try {
    const url = `${other.url}c.yaml`;
    page.allowed.push(/CORS policy|Failed to load resource|ERR_FAILED/);
    await page.fill('[data-testid=catalog-url-input]', url);
    await page.click('[data-testid=catalog-url-load]');
    const panel = page.locator('[data-testid=error-panel]');
    await panel.waitFor({ state: 'visible' });
    const msg = await panel.textContent();
    assert.ok(msg.includes(`could not fetch ${url}: `), msg);
    assert.ok(msg.includes('(the server must allow cross-origin requests: CORS)'), msg);
    await waitGraph(page, 'project-quay', null);
    await shot(page, 'url-cors-failure');
  } finally {
    await stopServer(other);
  }
  // An HTTP error status is reported with its status.
  await page.route('http://catalogs.example.test/missing.yaml', (route) => route.fulfill({
    status: 404, body: 'nope', headers: { 'access-control-allow-origin': '*' },
  }));
  page.allowed.push(/404/);
  await page.fill('[data-testid=catalog-url-input]', 'http://catalogs.example.test/missing.yaml');
  await page.click('[data-testid=catalog-url-load]');
  await page.locator('[data-testid=error-panel]', { hasText: 'HTTP 404' }).waitFor();
  await finish(page);
});

test('several files, a whole folder, a drop, and paste all load', async () => {
  const page = await open();
  await waitGraph(page, 'acme-operator', 'stable');
  await upload(page, [GPU, QUAY], 'gpu-operator-certified');
  assert.equal(await page.locator('[data-package]').count(), 2);
  assert.equal(await page.textContent('[data-testid=catalog-label]'), '2 files');

  // A folder (split FBC layout: package.yaml, channels/, bundles/).
  const folder = join(CATALOGS, 'submariner-operator-fbc/v4.21-split');
  const want = JSON.parse(execFileSync(CLI, ['graph', folder, '--package', 'submariner', '--json'], { encoding: 'utf8' }));
  await page.setInputFiles('[data-testid=catalog-dir-input]', folder);
  await waitGraph(page, 'submariner', want.defaultChannel);
  assert.match(await page.textContent('[data-testid=catalog-label]'), /^folder v4\.21-split \(\d+ files\)$/);
  const ch = want.channels.find((c) => c.name === want.defaultChannel);
  const d = await drawn(page);
  assert.equal(d.nodes, ch.nodes.length);
  assert.equal(d.edges, ch.edges.length);

  // Drag and drop a file.
  const sample = readFileSync(QUAY, 'utf8');
  const dt = await page.evaluateHandle((t) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], 'dropped-quay.yaml', { type: 'application/yaml' }));
    return dt;
  }, sample);
  await page.dispatchEvent('body', 'dragenter', { dataTransfer: dt });
  await page.locator('.drop-overlay.active').waitFor();
  await page.dispatchEvent('body', 'drop', { dataTransfer: dt });
  await waitGraph(page, 'project-quay', null);
  assert.equal(await page.textContent('[data-testid=catalog-label]'), 'dropped-quay.yaml');
  assert.equal(await page.locator('.drop-overlay.active').count(), 0);

  // Paste (it loads at once), then paste again and load with the button.
  await page.fill('[data-testid=catalog-paste]', readFileSync(join(ROOT, 'assets/sample-catalog.yaml'), 'utf8'));
  await waitGraph(page, 'acme-operator', null);
  assert.equal(await page.textContent('[data-testid=catalog-label]'), 'pasted text');
  assert.equal(await page.inputValue('[data-testid=catalog-paste]'), '', 'the box is emptied once loaded');
  await page.locator('[data-testid=catalog-paste]').pressSequentially('schema: olm.package\nname: typed\n');
  await page.click('[data-testid=catalog-paste-load]');
  await page.locator('[data-package=typed]').waitFor();
  assert.match(await page.textContent('.graph-empty'), /typed.*no channel/);
  await finish(page);
});

test('24 MB of catalogs parse in the worker with a progress bar; the page stays responsive', async () => {
  const files = BIG_DIRS.flatMap((d) => readdirSync(d).map((f) => join(d, f)));
  const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
  const packages = execFileSync(CLI, ['packages', ...BIG_DIRS], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n').length;
  const page = await open();
  await waitGraph(page, 'acme-operator', 'stable');
  // The longest gap between animation frames while loading shows whether the page froze.
  await page.evaluate(() => {
    window.__gaps = { max: 0, last: performance.now(), run: true, seenBusy: false };
    const tick = (t) => {
      const g = window.__gaps;
      g.max = Math.max(g.max, t - g.last);
      g.last = t;
      if (document.querySelector('[data-testid=progress]')?.dataset.busy === 'true') g.seenBusy = true;
      if (document.querySelector('[data-testid=progress] progress')?.hasAttribute('value')) g.seenValue = true;
      if (g.run) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const t0 = Date.now();
  await page.setInputFiles('[data-testid=catalog-file-input]', files);
  await page.waitForFunction((n) => document.querySelectorAll('[data-package]').length === n, packages, { timeout: 120000 });
  await page.locator('[data-testid=progress]').waitFor({ state: 'hidden' });
  const ms = Date.now() - t0;
  const g = await page.evaluate(() => { window.__gaps.run = false; return window.__gaps; });
  console.log(`# ${files.length} files, ${(bytes / 1048576).toFixed(1)} MiB, ${packages} packages: loaded in ${ms} ms; longest frame gap ${g.max.toFixed(0)} ms`);
  assert.ok(g.seenBusy, 'the progress bar was shown');
  assert.ok(g.seenValue, 'the progress bar moved with the parsing');
  assert.ok(g.max < 1000, `the page froze for ${g.max.toFixed(0)} ms`);
  assert.match(await page.textContent('[data-testid=catalog-label]'), new RegExp(`^${files.length} files$`));
  // Search and open a package of it.
  await page.fill('[data-testid=package-search]', 'quay');
  await page.click('[data-package="project-quay"] button');
  await waitGraph(page, 'project-quay', null);
  await shot(page, 'big-catalog');
  await finish(page);
});

test('keyboard: / searches, the graph zooms, pans and fits, bundles are reachable', async () => {
  const page = await open();
  await waitGraph(page, 'acme-operator', 'stable');
  await page.locator('body').click({ position: { x: 5, y: 790 } });
  await page.keyboard.press('/');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'package-search');
  await page.keyboard.type('nimbus');
  await page.keyboard.press('Enter');
  await waitGraph(page, 'nimbus-cache-operator', 'stable');
  await page.focus('svg.graph');
  const zoom = () => page.textContent('.graph-tools .zoom');
  const z0 = await zoom();
  await page.keyboard.press('+');
  assert.notEqual(await zoom(), z0);
  const t0 = await page.getAttribute('svg.graph g.viewport', 'transform');
  await page.keyboard.press('ArrowLeft');
  assert.notEqual(await page.getAttribute('svg.graph g.viewport', 'transform'), t0);
  await page.keyboard.press('0');
  assert.equal(await zoom(), z0, '0 fits the graph again');
  // Tab into the nodes and select one with Enter.
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => document.activeElement.dataset.bundle);
  assert.ok(focused, 'a bundle has the focus');
  await page.keyboard.press('Enter');
  await page.locator(`[data-details-bundle="${focused}"]`).waitFor();
  // Wheel zoom and drag pan.
  const box = await page.locator('svg.graph').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -300);
  assert.notEqual(await zoom(), z0);
  const t1 = await page.getAttribute('svg.graph g.viewport', 'transform');
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 20, { steps: 5 });
  await page.mouse.up();
  assert.notEqual(await page.getAttribute('svg.graph g.viewport', 'transform'), t1);
  await page.click('[data-testid=fit-view]');
  assert.equal(await zoom(), z0);
  await finish(page);
});

test('clicking a finding focuses its bundle; hovering highlights neighbours', async () => {
  const page = await open();
  await waitGraph(page, 'acme-operator', 'stable');
  await page.hover('[data-bundle="acme-operator.v1.2.0"]');
  await page.waitForFunction(() => document.querySelectorAll('svg.graph .node.near').length >= 3);
  assert.equal(await page.getAttribute('[data-bundle="acme-operator.v0.9.1"]', 'class').then((c) => c.includes('dim')), true);
  const title = await page.textContent('[data-bundle="acme-operator.v1.0.0"] title');
  // The tooltip is core's, in the wording the SVG export uses.
  assert.match(title, /deprecated: .*CVE-2024-0001/);
  await inspector(page, 'findings');
  const finding = page.locator('[data-testid=lint-panel] .finding button').first();
  await finding.click();
  await waitGraph(page, 'nimbus-cache-operator', 'tech-preview');
  await page.locator('[data-details-bundle="nimbus-cache-operator.v2.3.0-tp.1"]').waitFor();
  assert.equal(await page.locator('[data-bundle="nimbus-cache-operator.v2.3.0-tp.1"].selected').count(), 1);
  assert.match(await page.textContent('[data-testid=details-panel] [data-field=findings]'), /matches no other bundle/);
  await shot(page, 'finding-focused');
  await finish(page);
});

test('each finding folds its rule\'s name and help under it, inside the panel (real catalog, 1280×800)', async () => {
  const page = await open();
  await upload(page, [join(CATALOGS, 'compliance-operator-fbc/v4.17/compliance-operator.yaml')], 'compliance-operator');
  await inspector(page, 'findings');
  const finding = page.locator('[data-testid=lint-panel] .finding').first();
  const code = (await finding.locator('.code').textContent()).trim();
  const sarif = execFileSync(CLI, ['lint', '--format', 'sarif', join(CATALOGS, 'compliance-operator-fbc/v4.17/compliance-operator.yaml')], { encoding: 'utf8', maxBuffer: 1 << 28 }).toString();
  const lint = JSON.parse(sarif);
  const rule = lint.runs[0].tool.driver.rules.find((r) => r.id === code);
  await finding.locator('details.finding-help summary').click();
  const help = finding.locator('details.finding-help');
  assert.equal(await help.getAttribute('open'), '');
  // The app and the CLI's SARIF read one registry: the same name and help (the app's from
  // rule-texts.json, fetched when the first finding is shown).
  await help.locator('.rule-help').waitFor();
  assert.equal((await help.locator('summary').textContent()).trim(), `About ${rule.name} (${rule.id})`);
  assert.equal((await help.locator('.rule-help').textContent()).trim(), rule.help.text);
  // Geometry: the help sits under the finding's button, inside the panel, not inside the button.
  const panel = await page.locator('[data-testid=lint-panel]').boundingBox();
  const button = await finding.locator('.finding-button').boundingBox();
  const box = await help.boundingBox();
  assert.ok(box.y >= button.y + button.height - 0.5, 'below the button');
  assert.ok(box.x >= panel.x - 0.5 && box.x + box.width <= panel.x + panel.width + 0.5, 'inside the panel');
  assert.equal(await finding.locator('button details').count(), 0);
  await shot(page, 'finding-help');
  await finish(page);
});

test('the rules\' texts are fetched once, after the first draw; without them a finding names its rule by id', async () => {
  // The names and help of the rules are not in the app's wasm: rule-texts.json, served beside
  // the page, is fetched when the first finding is shown (the findings panel is built after
  // the graph is drawn).
  const fetched = [];
  const setup = async (context) => {
    context.on('request', (r) => { if (r.url().endsWith('/rule-texts.json')) fetched.push(r.url()); });
    await context.addInitScript(() => {
      new MutationObserver(() => {
        if (!window.__drawnAt && document.querySelector('svg.graph [data-bundle]')) window.__drawnAt = performance.now();
      }).observe(document, { subtree: true, childList: true });
    });
  };
  const page = await openPage('', { viewport: { width: 1280, height: 800 }, setup });
  await waitGraph(page, 'acme-operator', 'stable');
  await inspector(page, 'findings');
  const findings = page.locator('[data-testid=lint-panel] .finding');
  await findings.first().locator('.rule-help').waitFor({ state: 'attached' });
  assert.equal(await page.locator('[data-testid=lint-panel] .finding .rule-help').count(), await findings.count());
  assert.equal(fetched.length, 1, 'fetched once');
  const [drawnAt, fetchedAt] = await page.evaluate(() => [window.__drawnAt, performance.getEntriesByType('resource').find((e) => e.name.endsWith('/rule-texts.json'))?.startTime]);
  assert.ok(fetchedAt > drawnAt, `fetched at ${fetchedAt} ms, after the draw at ${drawnAt} ms`);
  await finish(page);

  const missing = await openPage('', {
    viewport: { width: 1280, height: 800 },
    setup: (context) => context.route(/\/rule-texts\.json$/, (route) => route.fulfill({ status: 404, body: '' })),
  });
  missing.allowed.push(/404/);
  await waitGraph(missing, 'acme-operator', 'stable');
  await inspector(missing, 'findings');
  const first = missing.locator('[data-testid=lint-panel] .finding').first();
  const code = (await first.locator('.code').textContent()).trim();
  await first.locator('.rule-summary').waitFor({ state: 'attached' });
  assert.equal((await first.locator('details.finding-help summary').textContent()).trim(), `About ${code}`);
  assert.match(await first.locator('.rule-summary').textContent(), /could not be fetched/);
  assert.equal(await first.locator('.rule-help').count(), 0);
  await finish(missing);
});
