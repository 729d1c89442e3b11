// End-to-end tests of export and embedding: the embed view (?embed=1&url=...) in a page
// and in an <iframe>, the simulation path painted in it, and every export of the menu compared
// with `olm-graph render` byte for byte. A catalog is served at a fake http URL by Playwright's
// routing (with a CORS header, as a real server would have to send).
//   trunk build --release && cargo build --release -p olm-graph-cli && cd tests/e2e && node --test export.test.mjs
// Every test fails on any console error or uncaught exception (a CSP violation is one).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  app, baseUrl, newContext as harnessContext, watch, open as openPage, finish, shot, waitGraph, CLI, CATALOGS, OUT, inspector } from './harness.mjs';

const GPU = join(CATALOGS, 'certified-operators/v4.22/gpu-operator-certified.yaml');
const PKG = 'gpu-operator-certified';
const CHANNEL = 'stable';
const INSTALLED = 'gpu-operator-certified.v23.3.2';
const CAT_URL = 'http://catalogs.example.test/certified/gpu-operator-certified.yaml';
const VIEW = `url=${encodeURIComponent(CAT_URL)}&package=${PKG}&channel=${CHANNEL}`;

app();
before(() => {
  if (!existsSync(GPU)) throw new Error(`missing the real catalogs: ${GPU}`);
});

/** Serves the catalog at CAT_URL (for the page and its frames), with a CORS header. */
async function serveCatalog(context) {
  const text = readFileSync(GPU, 'utf8');
  await context.route(CAT_URL, (route) => route.fulfill({
    status: 200, body: text, headers: { 'content-type': 'application/yaml', 'access-control-allow-origin': '*' },
  }));
}

/** A 1280×800 context serving the catalog at CAT_URL. */
const newContext = (options = {}) => harnessContext({ viewport: { width: 1280, height: 800 }, setup: serveCatalog, ...options });

/** A watched page on the app in such a context. */
const open = (query = '', options = {}) => openPage(query, { viewport: { width: 1280, height: 800 }, setup: serveCatalog, ...options });

const cli = (args) => execFileSync(CLI, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
const cliBytes = (args) => execFileSync(CLI, args, { maxBuffer: 1 << 28 });

function cliChannel(channel) {
  const doc = JSON.parse(cli(['graph', GPU, '--package', PKG, '--json']));
  const c = doc.channels.find((x) => x.name === channel);
  assert.ok(c, `the CLI has channel ${channel}`);
  return c;
}

function cliPath(from, resolver = 'v0') {
  const p = JSON.parse(cli(['path', GPU, '--package', PKG, '--channel', CHANNEL, '--from', from, '--resolver', resolver, '--json']));
  return [p.from, ...p.hops.map((h) => h.to)];
}

/** The embed frame of `page`, once it has navigated (iframes may load lazily). */
async function embedFrame(page) {
  for (let i = 0; i < 300; i++) {
    const f = page.frames().find((x) => x !== page.mainFrame() && x.url().includes('embed=1'));
    if (f) return f;
    await page.waitForTimeout(100);
  }
  throw new Error('the embed frame never loaded');
}

/** The painted path: node names ordered by data-path-step. */
function painted(scope) {
  return scope.evaluate(() => [...document.querySelectorAll('svg.graph g.node[data-path-step]')]
    .map((n) => [Number(n.getAttribute('data-path-step')), n.dataset.bundle])
    .sort((a, b) => a[0] - b[0]).map((x) => x[1]));
}

/** Opens the export menu and clicks `item`; returns the download (name and bytes). */
async function exportFile(page, item) {
  if ((await page.getAttribute('[data-testid=export-menu-button]', 'aria-expanded')) !== 'true') {
    await page.click('[data-testid=export-menu-button]');
  }
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60000 }),
    page.click(`[data-testid=${item}]`),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

/** The width and height of a PNG from its IHDR chunk. */
function pngSize(bytes) {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.ok(bytes.subarray(0, 8).equals(signature), 'PNG signature');
  assert.equal(bytes.toString('latin1', 12, 16), 'IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('embed view: only the graph, filling the page, with the CLI\'s node count; also inside an <iframe>', async () => {
  const page = await open(`?embed=1&${VIEW}`);
  await waitGraph(page, PKG, CHANNEL);
  await page.waitForTimeout(200); // fitted on the next animation frame
  // Nothing but the graph panel: no load bar, sidebars, inspector or panels.
  for (const sel of ['.topbar', '.load-bar', '[data-testid=catalog-url-input]', '.sidebar', '.inspector',
    '[data-testid=package-search]', '[data-testid=simulation-panel]', '.workspace', '.drop-zone']) {
    assert.equal(await page.locator(sel).count(), 0, `${sel} is not in the embed view`);
  }
  assert.ok(await page.locator('[data-testid=embed-shell]').isVisible());
  assert.ok(await page.locator('.graph-panel .legend').isVisible(), 'the legend is shown');
  assert.ok(await page.locator('[data-testid=fit-view]').isVisible(), 'the toolbar is shown');
  assert.ok(await page.locator('[data-testid=export-menu-button]').isVisible(), 'the export menu is shown');
  // The graph fills the viewport; the page does not scroll.
  const box = await page.evaluate(() => {
    const r = document.querySelector('svg.graph').getBoundingClientRect();
    const s = document.scrollingElement;
    return { w: r.width, h: r.height, vw: innerWidth, vh: innerHeight, sw: s.scrollWidth, sh: s.scrollHeight };
  });
  assert.ok(box.w >= box.vw - 2, `graph width ${box.w} of ${box.vw}`);
  assert.ok(box.h >= box.vh * 0.7, `graph height ${box.h} of ${box.vh}`);
  assert.ok(box.sh <= box.vh && box.sw <= box.vw, `no page scroll: ${JSON.stringify(box)}`);
  // The same graph as the CLI.
  const expected = cliChannel(CHANNEL);
  assert.equal(Number(await page.getAttribute('svg.graph', 'data-graph-nodes')), expected.nodes.length);
  assert.equal(await page.locator('svg.graph [data-bundle]').count(), expected.nodes.length);
  // The link to the full app names the same view and opens a new tab.
  const a = page.locator('[data-testid=embed-open-app]');
  assert.equal(await a.getAttribute('target'), '_blank');
  assert.match(await a.getAttribute('rel'), /noopener/);
  const href = new URL(await a.getAttribute('href'));
  assert.equal(href.searchParams.get('embed'), null);
  assert.equal(href.searchParams.get('url'), CAT_URL);
  assert.equal(href.searchParams.get('package'), PKG);
  assert.equal(href.searchParams.get('channel'), CHANNEL);
  // The address bar keeps the embed parameters.
  const here = new URL(page.url());
  assert.equal(here.searchParams.get('embed'), '1');
  assert.equal(here.searchParams.get('url'), CAT_URL);
  await shot(page, 'embed-view');

  // Inside an <iframe> on another page.
  const host = watch(await page.context().newPage());
  await host.setContent(`<!doctype html><html><body style="margin:0">
    <h1>Host page</h1>
    <iframe id="g" src="${baseUrl()}?embed=1&${VIEW.replace(/&/g, '&amp;')}" width="900" height="500" style="border:0"></iframe>
    </body></html>`);
  const frame = await embedFrame(host);
  await waitGraph(frame, PKG, CHANNEL);
  assert.equal(Number(await frame.getAttribute('svg.graph', 'data-graph-nodes')), expected.nodes.length);
  assert.equal(await frame.locator('.sidebar, .inspector, .topbar').count(), 0);
  const inFrame = await frame.evaluate(() => {
    const r = document.querySelector('svg.graph').getBoundingClientRect();
    return { w: r.width, h: r.height, sh: document.scrollingElement.scrollHeight, vh: innerHeight };
  });
  assert.ok(inFrame.w >= 898, `graph width in the frame ${inFrame.w}`);
  assert.ok(inFrame.h >= 250, `graph height in the frame ${inFrame.h}`);
  assert.ok(inFrame.sh <= inFrame.vh, 'no scroll inside the frame');
  await shot(host, 'embed-iframe');
  const hostErrors = host.errors;
  await host.close();
  assert.deepEqual(hostErrors, [], 'console errors in the host page');
  await finish(page);
});

test('embed view with installed= paints the simulation path (v0 and v1) without the panel', async () => {
  for (const resolver of ['v0', 'v1']) {
    const page = await open(`?embed=1&${VIEW}&installed=${INSTALLED}&resolver=${resolver}`);
    await waitGraph(page, PKG, CHANNEL);
    await page.waitForSelector('svg.graph g.node[data-on-path="true"][data-path-current="true"]');
    assert.equal(await page.locator('[data-testid=simulation-panel]').count(), 0);
    const expected = cliPath(INSTALLED, resolver);
    assert.ok(expected.length >= 2, `a path with hops: ${expected}`);
    assert.deepEqual(await painted(page), expected);
    // Each hop's edge (or, for a skipRange hop, its band) is painted.
    assert.ok(await page.locator('svg.graph [data-on-path="true"][data-path-reason]').count() >= expected.length - 1, 'hop edges are painted');
    if (resolver === 'v0') await shot(page, 'embed-path');
    await finish(page);
  }
});

test('full app: every export equals olm-graph render; copy link and the iframe snippet', async () => {
  const page = await open(`?${VIEW}`, { permissions: ['clipboard-read', 'clipboard-write'] });
  await waitGraph(page, PKG, CHANNEL);
  const render = (...args) => cliBytes(['render', GPU, '-p', PKG, '-c', CHANNEL, ...args]);

  // The menu: a button with aria-expanded; Escape and an outside click close it.
  const button = page.locator('[data-testid=export-menu-button]');
  assert.equal(await button.getAttribute('aria-haspopup'), 'menu');
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  await button.click();
  assert.equal(await button.getAttribute('aria-expanded'), 'true');
  assert.ok(await page.locator('[data-testid=export-menu] [role=menu]').isVisible());
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'export-svg', 'focus on the first item');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'export-svg-animated');
  await page.keyboard.press('Escape');
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'export-menu-button');
  assert.ok(!(await page.locator('[data-testid=export-menu]').isVisible()));
  await button.click();
  await page.mouse.click(640, 500); // the graph, outside the menu
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  // Every item has a test id.
  await button.click();
  for (const id of ['export-svg', 'export-svg-animated', 'export-png', 'export-mermaid', 'export-dot', 'copy-link', 'embed-snippet']) {
    assert.equal(await page.locator(`[data-testid=export-menu] [data-testid=${id}][role=menuitem]`).count(), 1, id);
  }
  // Without an installed bundle the animated SVG is disabled, and says why.
  const animated = page.locator('[data-testid=export-svg-animated]');
  assert.equal(await animated.getAttribute('aria-disabled'), 'true');
  assert.match(await animated.getAttribute('title'), /installed bundle/);
  await page.keyboard.press('Escape');

  // SVG: well-formed, inert, names every bundle, the CLI's bytes.
  const svg = await exportFile(page, 'export-svg');
  assert.equal(svg.name, `${PKG}-${CHANNEL}.svg`);
  const svgText = svg.bytes.toString('utf8');
  // Parsed in a blank page: the app's CSP reports the SVG's <style> even in a DOMParser document.
  const blank = await page.context().newPage();
  const parsed = await blank.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    return {
      error: doc.getElementsByTagName('parsererror').length,
      root: doc.documentElement.localName,
      scripts: doc.getElementsByTagName('script').length,
    };
  }, svgText);
  await blank.close();
  assert.deepEqual(parsed, { error: 0, root: 'svg', scripts: 0 });
  assert.ok(!/<script/i.test(svgText));
  for (const n of cliChannel(CHANNEL).nodes) assert.ok(svgText.includes(`data-name="${n.name}"`), `names ${n.name}`);
  assert.ok(svg.bytes.equals(render('-f', 'svg')), 'SVG equals olm-graph render --format svg');
  assert.match(await page.textContent('[data-testid=export-status]'), new RegExp(`Saved ${PKG}-${CHANNEL}\\.svg`));

  // Mermaid and DOT.
  const mmd = await exportFile(page, 'export-mermaid');
  assert.equal(mmd.name, `${PKG}-${CHANNEL}.mmd`);
  assert.ok(mmd.bytes.equals(render('-f', 'mermaid')), 'Mermaid equals olm-graph render --format mermaid');
  const dot = await exportFile(page, 'export-dot');
  assert.equal(dot.name, `${PKG}-${CHANNEL}.dot`);
  assert.ok(dot.bytes.equals(render('-f', 'dot')), 'DOT equals olm-graph render --format dot');
  assert.match(dot.bytes.toString('utf8'), /^digraph /);

  // PNG: the SVG at 2x.
  const started = Date.now();
  const png = await exportFile(page, 'export-png');
  const wall = Date.now() - started;
  assert.equal(png.name, `${PKG}-${CHANNEL}.png`);
  const size = pngSize(png.bytes);
  const [, w, h] = svgText.match(/<svg[^>]* width="([\d.]+)" height="([\d.]+)"/).map(Number);
  // 2x, scaled down only as far as Chromium's largest canvas side (16384) and the area cap.
  const k = Math.min(2, 16384 / w, 16384 / h, Math.sqrt((64 * 1024 * 1024) / (w * h)));
  assert.equal(size.width, Math.round(w * k), `PNG width for an SVG ${w} wide`);
  assert.equal(size.height, Math.round(h * k), `PNG height for an SVG ${h} high`);
  assert.ok(k >= 1, `at least 1x: ${k}`);
  assert.ok(png.bytes.length > 20000, `a drawn PNG, not a blank one: ${png.bytes.length} bytes`);
  const status = page.locator('[data-testid=export-status][data-state=ok]');
  await status.waitFor();
  const ms = Number(await status.getAttribute('data-ms'));
  writeFileSync(join(OUT, 'export-png-time.json'), JSON.stringify({ channel: `${PKG}/${CHANNEL}`, svg: { w, h }, png: size, bytes: png.bytes.length, drawAndEncodeMs: ms, clickToDownloadMs: wall }, null, 2));

  // Animated SVG: choose the installed bundle in the simulation; the CLI's --from --animate.
  await inspector(page, 'simulate');
  await page.fill('[data-testid=installed-picker]', INSTALLED);
  await page.dispatchEvent('[data-testid=installed-picker]', 'change');
  await page.waitForSelector('[data-testid=path-outcome]');
  await page.click('[data-testid=export-menu-button]');
  assert.equal(await animated.getAttribute('aria-disabled'), 'false');
  const anim = await exportFile(page, 'export-svg-animated');
  assert.equal(anim.name, `${PKG}-${CHANNEL}-path.svg`);
  const animText = anim.bytes.toString('utf8');
  assert.match(animText, /@keyframes/);
  assert.match(animText, /class="hop animated"|class="hop[^"]*animated/);
  assert.ok(anim.bytes.equals(render('-f', 'svg', '--from', INSTALLED, '--resolver', 'v0', '--animate')), 'animated SVG equals olm-graph render --from --animate');
  // v1 follows the simulation's resolver.
  await page.selectOption('[data-testid=resolver-select]', 'v1');
  const anim1 = await exportFile(page, 'export-svg-animated');
  assert.ok(anim1.bytes.equals(render('-f', 'svg', '--from', INSTALLED, '--resolver', 'v1', '--animate')), 'v1 animated SVG');

  // Copy link: the view, the simulation and the catalog URL; the clipboard has it too.
  await page.click('[data-testid=export-menu-button]');
  await page.click('[data-testid=copy-link]');
  await page.locator('[data-testid=copy-result][data-ok=true]').waitFor();
  const link = await page.inputValue('[data-testid=copy-link-text]');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  const l = new URL(link);
  assert.equal(l.searchParams.get('url'), CAT_URL);
  assert.equal(l.searchParams.get('package'), PKG);
  assert.equal(l.searchParams.get('channel'), CHANNEL);
  assert.equal(l.searchParams.get('installed'), INSTALLED);
  assert.equal(l.searchParams.get('embed'), null);

  // The iframe snippet.
  await page.click('[data-testid=embed-snippet]');
  const snippet = await page.inputValue('[data-testid=embed-snippet-text]');
  await page.click('[data-testid=embed-snippet-copy]');
  await page.locator('[data-testid=copy-result][data-ok=true]').waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), snippet);
  assert.match(snippet, /^<iframe src="[^"]+" title="[^"]*"[^>]*><\/iframe>$/);
  const src = await page.evaluate((s) => new DOMParser().parseFromString(s, 'text/html').querySelector('iframe').src, snippet);
  const u = new URL(src);
  assert.equal(u.searchParams.get('embed'), '1');
  assert.equal(u.searchParams.get('url'), CAT_URL);
  assert.equal(u.searchParams.get('package'), PKG);
  assert.equal(u.searchParams.get('channel'), CHANNEL);
  assert.equal(u.searchParams.get('installed'), INSTALLED);
  assert.equal(u.searchParams.get('resolver'), 'v1');
  await shot(page, 'export-embed-snippet');

  // The link reopens the view (fetching the catalog again); the snippet's frame shows the graph.
  const again = watch(await page.context().newPage());
  await again.goto(link);
  await waitGraph(again, PKG, CHANNEL);
  assert.equal(await again.locator('.sidebar').count(), 1, 'the link opens the full app');
  await again.waitForSelector('[data-testid=path-outcome]');
  assert.equal(await again.inputValue('[data-testid=installed-picker]'), INSTALLED);
  assert.equal(await again.inputValue('[data-testid=resolver-select]'), 'v1');
  await again.check('[data-testid=instant]');
  await again.waitForTimeout(100); // painted on the next animation frame
  assert.deepEqual(await painted(again), cliPath(INSTALLED, 'v1'));
  const againErrors = again.errors;
  await again.close();
  assert.deepEqual(againErrors, [], 'console errors on the reopened link');
  // A host page (no CSP of its own) with the snippet pasted in.
  const host = watch(await page.context().newPage());
  await host.setContent(`<!doctype html><body style="margin:0">${snippet}</body>`);
  const frame = await embedFrame(host);
  await waitGraph(frame, PKG, CHANNEL);
  await frame.waitForSelector('svg.graph g.node[data-path-current="true"]');
  assert.deepEqual(await painted(frame), cliPath(INSTALLED, 'v1'));
  await shot(host, 'export-snippet-host');
  const hostErrors = host.errors;
  await host.close();
  assert.deepEqual(hostErrors, [], 'console errors in the host page');
  await finish(page);
});

test('a catalog not loaded from a URL: the snippet says embedding needs one; the all-channels view exports too', async () => {
  const page = await open();
  await waitGraph(page, 'acme-operator', null);
  await page.click('[data-testid=export-menu-button]');
  await page.click('[data-testid=embed-snippet]');
  const note = page.locator('[data-testid=embed-needs-url]');
  await note.waitFor();
  assert.match(await note.textContent(), /needs a catalog URL/);
  assert.equal(await page.locator('[data-testid=embed-snippet-text]').count(), 0);
  // Copy link works without the clipboard permission: the text box has the link.
  await page.click('[data-testid=copy-link]');
  const link = new URL(await page.inputValue('[data-testid=copy-link-text]'));
  assert.equal(link.searchParams.get('url'), null);
  assert.equal(link.searchParams.get('package'), 'acme-operator');
  await page.keyboard.press('Escape');
  // The package view (all channels) exports as <package>-all-channels.
  await page.click('[data-channel-all=true]');
  await waitGraph(page, 'acme-operator', '');
  const svg = await exportFile(page, 'export-svg');
  assert.equal(svg.name, 'acme-operator-all-channels.svg');
  assert.match(svg.bytes.toString('utf8'), /^<svg /);
  await finish(page);
});

test('a ?url= that cannot be fetched goes to the error panel (the full app falls back to the sample)', async () => {
  const missing = 'http://catalogs.example.test/missing.yaml';
  for (const embed of [false, true]) {
    const context = await newContext();
    await context.route(missing, (route) => route.fulfill({ status: 404, body: 'nope', headers: { 'access-control-allow-origin': '*' } }));
    const page = watch(await context.newPage());
    page.allowed.push(/404|Failed to load resource/);
    await page.goto(`${baseUrl()}?${embed ? 'embed=1&' : ''}url=${encodeURIComponent(missing)}&package=${PKG}`);
    await page.locator('[data-testid=error-panel]', { hasText: 'HTTP 404' }).waitFor();
    if (!embed) {
      await waitGraph(page, 'acme-operator', null);
    } else {
      assert.equal(await page.locator('svg.graph [data-bundle]').count(), 0);
      assert.equal(await page.locator('.sidebar').count(), 0);
    }
    await finish(page);
  }
});
