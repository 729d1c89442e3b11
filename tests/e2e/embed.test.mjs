// The <olm-graph> element (dist/embed/, built by scripts/build-embed.sh) on pages that are not
// the app: a plain HTML page with a real catalog by src= and an inline YAML catalog, and the
// MkDocs site of docs/ (built with tools/mkdocs, from scripts/setup.sh), and the snippet the
// app's Export menu saves. All are served from a temporary folder holding a copy of dist/. Figures drawn are compared with
// `olm-graph graph --json` and `olm-graph path --json`; the time from an element coming near
// the viewport to its first drawing is written to test-output/embed-timings.json (a measure,
// not an assertion).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, startStaticServer, stopServer } from './browser.mjs';
import { CATALOGS, CLI, DIST, OUT, ROOT, pageAt } from './harness.mjs';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const MKDOCS = process.env.OLM_MKDOCS || join(ROOT, 'tools/mkdocs/bin/mkdocs');
const GPU = join(CATALOGS, 'certified-operators/v4.22/gpu-operator-certified.yaml');
const PKG = 'gpu-operator-certified';
const FROM = 'gpu-operator-certified.v1.11.0';
const BUDGET = 350 * 1024; // issue 45: the wasm and the JS a docs page loads, gzipped

const INLINE = `schema: olm.package
name: example-operator
defaultChannel: stable
---
schema: olm.channel
package: example-operator
name: stable
entries:
  - name: example-operator.v1.0.0
  - name: example-operator.v1.1.0
    replaces: example-operator.v1.0.0
  - name: example-operator.v1.2.0
    replaces: example-operator.v1.1.0
  - name: example-operator.v1.3.0
    replaces: example-operator.v1.2.0
    skipRange: ">=1.0.0 <1.3.0"
  - name: example-operator.v2.0.0
    replaces: example-operator.v1.3.0
`;

// Page CSS that would spoil a drawing it reached, and page elements the element's CSS must
// leave alone (the control page has the same minus the element).
const HOSTILE = '<style>rect { display: none } text { fill: red; color: red } svg { background: red }</style>';
const OUTSIDE = `<p class="title" id="outside-title">Outside text</p>
<svg id="outside-svg" width="60" height="20"><rect class="bg" width="60" height="20"/><g class="node"><rect width="10" height="10"/><text class="version">x</text></g></svg>
<button id="outside-button" type="button">Outside</button>`;

const page = (title, body, module = true) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>${HOSTILE}
${module ? '<script type="module" src="../embed/olm-graph.js"></script>' : ''}</head>
<body><main><h1>${title}</h1>${OUTSIDE}
${body}</main></body></html>`;

const inlineElement = (id, attrs = '') => `<olm-graph id="${id}" package="example-operator" ${attrs}>
<script type="application/yaml">
${INLINE}</script></olm-graph>`;

const PAGES = {
  'plain/index.html': page('Two olm-graph figures', `
<olm-graph id="gpu" src="../catalogs/gpu.yaml" package="${PKG}" channel="stable" installed="${FROM}" app="../app/"></olm-graph>
${inlineElement('inline', 'installed="example-operator.v1.0.0"')}
<div style="height: 4000px"></div>
${inlineElement('far', 'channel="stable"')}
<olm-graph id="missing" src="../catalogs/none.yaml" package="x"></olm-graph>
<olm-graph id="unknown" src="../catalogs/gpu.yaml" package="${PKG}" channel="nope"></olm-graph>`),
  'plain/control.html': page('Two olm-graph figures', '', false),
  'timing/gpu.html': page('gpu', `<olm-graph id="t" src="../catalogs/gpu.yaml" package="${PKG}" channel="stable"></olm-graph>`),
  'timing/inline.html': page('inline', inlineElement('t')),
};

const ctx = { dir: null, server: null, browser: null, timings: {} };

before(async () => {
  for (const p of [join(DIST, 'index.html'), join(DIST, 'embed/olm-graph.js'), CLI, MKDOCS]) {
    if (!existsSync(p)) throw new Error(`missing ${p} (scripts/build-embed.sh, cargo build, scripts/setup.sh browser)`);
  }
  mkdirSync(OUT, { recursive: true });
  ctx.dir = mkdtempSync(join(tmpdir(), 'olm-embed-'));
  cpSync(DIST, ctx.dir, { recursive: true }); // the app at the root, the element in embed/
  mkdirSync(join(ctx.dir, 'catalogs'));
  cpSync(GPU, join(ctx.dir, 'catalogs/gpu.yaml'));
  writeFileSync(join(ctx.dir, 'catalogs/inline.yaml'), INLINE);
  for (const [path, html] of Object.entries(PAGES)) {
    mkdirSync(join(ctx.dir, path, '..'), { recursive: true });
    writeFileSync(join(ctx.dir, path), html);
  }
  execFileSync(MKDOCS, ['build', '-q', '-f', join(ROOT, 'mkdocs.yml'), '-d', join(ctx.dir, 'site')], { stdio: 'inherit' });
  cpSync(join(DIST, 'embed'), join(ctx.dir, 'site/embed'), { recursive: true });
  ctx.server = await startStaticServer(ctx.dir);
  ctx.browser = await launchBrowser();
});

after(async () => {
  writeFileSync(join(OUT, 'embed-timings.json'), `${JSON.stringify(ctx.timings, null, 2)}\n`);
  console.log('embed timings (ms from near the viewport to the first drawing):', JSON.stringify(ctx.timings));
  await ctx.browser?.close();
  await stopServer(ctx.server);
  if (ctx.dir) rmSync(ctx.dir, { recursive: true, force: true });
});

/** A new page that records what it fetched and any page error. */
function open(path, options = {}) {
  const listen = (p) => {
    p.fetched = [];
    p.on('response', async (r) => {
      const body = await r.body().catch(() => Buffer.alloc(0));
      p.fetched.push({ url: r.url(), gzipped: gzipSync(body, { level: 9 }).length });
    });
  };
  return pageAt(ctx.browser, ctx.server.url + path, { ...options, listen });
}

const drawn = (p, id) => p.waitForFunction((i) => ['drawn', 'error'].includes(document.getElementById(i)?.dataset.state), id, { timeout: 60000 })
  .then(() => p.evaluate((i) => document.getElementById(i).dataset.state, id));

/** Waits for an element's whole drawing (its tooltips and the fans' edges for hovering), which
 *  replaces the first draw a task later; resolves to the number of nodes with a tooltip. */
const completed = (p, id) => p.waitForFunction((i) => document.getElementById(i)?.dataset.tooltips === 'on', id, { timeout: 60000 })
  .then(() => p.evaluate((i) => document.getElementById(i).shadowRoot.querySelectorAll('svg.graph g.node[data-name] > title').length, id));

/** Facts of an element's figure, read from its shadow root. */
const facts = (p, id) => p.evaluate((i) => {
  const el = document.getElementById(i);
  const root = el.shadowRoot;
  const steps = [...root.querySelectorAll('g.node[data-path-step]')]
    .map((n) => [Number(n.getAttribute('data-path-step')), n.dataset.name]).sort((a, b) => a[0] - b[0]).map((s) => s[1]);
  return {
    nodes: Number(el.dataset.graphNodes),
    drawnNodes: root.querySelectorAll('svg.graph g.node[data-name]').length,
    steps,
    label: el.getAttribute('aria-label'),
    role: el.getAttribute('role'),
    error: root.querySelector('.error').hidden ? null : root.querySelector('.error').textContent,
    current: root.querySelector('g.node[data-path-current="true"]')?.dataset.name ?? null,
    drawTime: el.drawTime,
  };
}, id);

const cli = (args) => JSON.parse(execFileSync(CLI, args, { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] }));
const channelNodes = (file, pkg, channel) => cli(['graph', file, '--package', pkg, '--json']).channels.find((c) => c.name === channel).nodes.length;
const pathSteps = (file, pkg, channel, from) => {
  const p = cli(['path', file, '-p', pkg, '-c', channel, '--from', from, '--json']);
  return [p.from, ...p.hops.map((h) => h.to)];
};

test('a plain page draws a src= catalog and an inline one as graph --json counts, with the path painted', async () => {
  const p = await open('plain/index.html');
  assert.equal(await drawn(p, 'gpu'), 'drawn');
  assert.equal(await drawn(p, 'inline'), 'drawn');
  const gpu = await facts(p, 'gpu');
  const inline = await facts(p, 'inline');
  const inlineFile = join(ctx.dir, 'catalogs/inline.yaml');
  assert.equal(gpu.nodes, channelNodes(GPU, PKG, 'stable'));
  assert.equal(gpu.drawnNodes, gpu.nodes);
  assert.equal(inline.nodes, channelNodes(inlineFile, 'example-operator', 'stable'));
  assert.equal(inline.drawnNodes, inline.nodes);
  assert.deepEqual(gpu.steps, pathSteps(GPU, PKG, 'stable', FROM));
  assert.deepEqual(inline.steps, pathSteps(inlineFile, 'example-operator', 'stable', 'example-operator.v1.0.0'));
  // The whole drawing comes a task after the first: every node gets its tooltip, and the
  // figure's facts and painted path stay as they were.
  assert.equal(await completed(p, 'gpu'), gpu.nodes, 'a tooltip on every node');
  assert.equal(await completed(p, 'inline'), inline.nodes);
  for (const [id, before] of [['gpu', gpu], ['inline', inline]]) {
    const after = await facts(p, id);
    assert.deepEqual({ ...after, drawTime: 0 }, { ...before, drawTime: 0 }, id);
  }
  assert.equal(gpu.role, 'figure');
  const head = cli(['graph', GPU, '--package', PKG, '--json']).channels.find((c) => c.name === 'stable').head;
  assert.equal(gpu.label, `Upgrade graph of package ${PKG}, channel stable, head ${head}`);
  // The last step is current; stepping back moves it, play ends on the last again.
  assert.equal(inline.current, inline.steps.at(-1));
  await p.locator('#inline .back').click();
  assert.equal((await facts(p, 'inline')).current, inline.steps.at(-2));
  // "Open in olm-graph" carries the view.
  const href = new URL(await p.locator('#gpu a.open').getAttribute('href'));
  assert.equal(href.searchParams.get('url'), `${ctx.server.url}catalogs/gpu.yaml`);
  assert.equal(href.searchParams.get('installed'), FROM);
  assert.equal(href.searchParams.get('channel'), 'stable');
  await p.screenshot({ path: join(OUT, 'embed-plain.png') });
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('every element shares one wasm fetch and the code a page transfers is at most 350 KB gzipped', async () => {
  const p = await open('plain/index.html');
  await drawn(p, 'gpu');
  await drawn(p, 'inline');
  await p.locator('#far').scrollIntoViewIfNeeded();
  assert.equal(await drawn(p, 'far'), 'drawn');
  const code = p.fetched.filter((f) => /\/embed\/.*\.(js|wasm|css)$/.test(f.url));
  assert.equal(code.filter((f) => f.url.endsWith('.wasm')).length, 1, JSON.stringify(code));
  const catalogs = p.fetched.filter((f) => f.url.endsWith('/catalogs/gpu.yaml'));
  assert.equal(catalogs.length, 1, 'two elements with one src fetch it once');
  const total = code.reduce((s, f) => s + f.gzipped, 0);
  ctx.timings.codeGzippedBytes = total;
  assert.ok(total <= BUDGET, `${total} bytes gzipped of code`);
  await p.context().close();
});

test('an element far below the fold waits until it nears the viewport', async () => {
  const p = await open('plain/index.html');
  await drawn(p, 'inline');
  assert.equal(await p.evaluate(() => document.getElementById('far').dataset.state ?? null), null);
  await p.evaluate(() => document.getElementById('far').scrollIntoView());
  assert.equal(await drawn(p, 'far'), 'drawn');
  ctx.timings.inlineWarm = (await facts(p, 'far')).drawTime;
  await p.context().close();
});

test('page CSS does not reach the drawing and the element\'s CSS does not leak out', async () => {
  const outside = () => {
    const s = (sel, props) => { const cs = getComputedStyle(document.querySelector(sel)); return props.map((k) => cs[k]); };
    return [
      s('#outside-title', ['fontSize', 'fontWeight', 'color', 'fill']),
      s('#outside-svg rect.bg', ['fill', 'display']),
      s('#outside-svg .node rect', ['stroke', 'strokeWidth', 'fill']),
      s('#outside-svg text', ['fill', 'fontSize']),
      s('#outside-button', ['backgroundColor', 'borderTopColor', 'fontSize']),
    ];
  };
  const p = await open('plain/index.html');
  await drawn(p, 'gpu');
  const inside = await p.evaluate(() => {
    const root = document.getElementById('gpu').shadowRoot;
    const rect = root.querySelector('g.node rect');
    const text = root.querySelector('g.node text');
    return { display: getComputedStyle(rect).display, width: rect.getBoundingClientRect().width, fill: getComputedStyle(text).fill, svg: getComputedStyle(root.querySelector('svg')).backgroundColor };
  });
  assert.notEqual(inside.display, 'none');
  assert.ok(inside.width > 0);
  assert.notEqual(inside.fill, 'rgb(255, 0, 0)');
  assert.notEqual(inside.svg, 'rgb(255, 0, 0)');
  const withElements = await p.evaluate(outside);
  const c = await open('plain/control.html');
  assert.deepEqual(withElements, await c.evaluate(outside));
  await p.context().close();
  await c.context().close();
});

test('bad input shows its cause inside its own element and the others still draw', async () => {
  const p = await open('plain/index.html');
  // The figure at the top draws before the page scrolls away from it: an element only starts
  // once it has been near the viewport, and under load the observer's first report can come
  // after a scroll made at once (then the top figure would rightly never start).
  assert.equal(await drawn(p, 'gpu'), 'drawn');
  await p.evaluate(() => document.getElementById('missing').scrollIntoView());
  assert.equal(await drawn(p, 'missing'), 'error');
  assert.equal(await drawn(p, 'unknown'), 'error');
  assert.match((await facts(p, 'missing')).error, /could not fetch .*none\.yaml: HTTP 404/);
  assert.match((await facts(p, 'unknown')).error, /has no channel "nope" \(its channels: .*stable/);
  assert.equal((await facts(p, 'gpu')).error, null);
  // Changing an attribute redraws: another channel, then an unknown package, then back.
  await p.evaluate(() => document.getElementById('unknown').setAttribute('channel', 'v24.3'));
  await p.waitForFunction(() => document.getElementById('unknown').dataset.graphNodes === undefined ? false : document.getElementById('unknown').dataset.state === 'drawn');
  assert.equal((await facts(p, 'unknown')).nodes, channelNodes(GPU, PKG, 'v24.3'));
  // Catalog text stays inert: a catalog whose strings hold markup draws them as text.
  await p.evaluate(() => {
    const el = document.createElement('olm-graph');
    el.id = 'hostile';
    el.setAttribute('package', 'p');
    const s = document.createElement('script');
    s.type = 'application/json';
    s.textContent = JSON.stringify({ schema: 'olm.package', name: 'p', defaultChannel: '<img src=x onerror=window.pwned=1>' })
      + JSON.stringify({ schema: 'olm.channel', package: 'p', name: '<img src=x onerror=window.pwned=1>', entries: [{ name: '<script>window.pwned=1</script>' }] });
    el.append(s);
    document.querySelector('main').prepend(el);
    el.scrollIntoView();
  });
  assert.equal(await drawn(p, 'hostile'), 'drawn');
  assert.equal(await p.evaluate(() => window.pwned ?? null), null);
  assert.equal(await p.evaluate(() => document.getElementById('hostile').shadowRoot.querySelectorAll('img, script').length), 0);
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('time from near the viewport to the first drawing, each element alone on a cold page', async () => {
  for (const which of ['gpu', 'inline']) {
    const p = await open(`timing/${which}.html`);
    assert.equal(await drawn(p, 't'), 'drawn');
    ctx.timings[which === 'gpu' ? 'gpuStableCold' : 'inlineCold'] = (await facts(p, 't')).drawTime;
    await p.context().close();
  }
  const bytes = readFileSync(GPU).length;
  ctx.timings.gpuCatalogBytes = bytes;
});

test('the element has no axe-core violation', async () => {
  const p = await open('plain/index.html');
  await drawn(p, 'gpu');
  await drawn(p, 'inline');
  await p.addScriptTag({ content: AXE });
  const { violations } = await p.evaluate(() => window.axe.run({ include: [['#gpu'], ['#inline']] }, { resultTypes: ['violations'] }));
  const found = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  assert.deepEqual(found, []);
  await p.context().close();
});

test('the MkDocs page draws both figures, and without JavaScript shows the static SVG', async () => {
  const p = await open('site/embed-demo/');
  const ids = await p.evaluate(() => [...document.querySelectorAll('olm-graph')].map((el, i) => { el.id ||= `f${i}`; return el.id; }));
  assert.equal(ids.length, 2);
  for (const id of ids) {
    await p.evaluate((i) => document.getElementById(i).scrollIntoView(), id);
    assert.equal(await drawn(p, id), 'drawn');
    assert.ok((await facts(p, id)).drawnNodes > 0);
  }
  const snippet = await facts(p, ids[0]);
  assert.deepEqual(snippet.steps, pathSteps(join(ROOT, 'docs/examples/example-operator.yaml'), 'example-operator', 'stable', 'example-operator.v1.0.0'));
  // Hovering an entry draws its fan (a curve per bundle its skipRange covers) and lights it,
  // once the whole drawing (with the fans' edges) has replaced the first.
  assert.ok((await completed(p, ids[0])) > 0);
  await p.locator(`#${ids[0]} svg.graph g.node[data-name="example-operator.v1.3.0"]`).hover();
  assert.equal(await p.locator(`#${ids[0]} path.fan-hover`).count(), 3);
  assert.equal(await p.locator(`#${ids[0]} svg.hovering`).count(), 1);
  await p.mouse.move(2, 2);
  assert.equal(await p.locator(`#${ids[0]} path.fan-hover`).count(), 0);
  await p.screenshot({ path: join(OUT, 'embed-mkdocs.png'), fullPage: true });
  assert.deepEqual(p.errors, []);
  await p.context().close();

  const still = await open('site/embed-demo/', { javaScriptEnabled: false });
  const fallback = await still.evaluate(() => {
    const svg = document.querySelector('olm-graph > svg');
    const box = svg?.getBoundingClientRect();
    return { nodes: svg?.querySelectorAll('g.node').length ?? 0, width: box?.width ?? 0, rectDisplay: svg && getComputedStyle(svg.querySelector('g.node rect')).display };
  });
  assert.ok(fallback.nodes > 0 && fallback.width > 100, JSON.stringify(fallback));
  assert.notEqual(fallback.rectDisplay, 'none');
  await still.screenshot({ path: join(OUT, 'embed-mkdocs-nojs.png'), fullPage: true });
  await still.context().close();
});

test('the app\'s Export menu saves the element for the view, which draws on another page', async () => {
  const query = new URLSearchParams({ url: `${ctx.server.url}catalogs/gpu.yaml`, package: PKG, channel: 'stable', installed: FROM });
  const app = await open(`?${query}`);
  await app.waitForFunction(() => document.querySelector('svg.graph')?.querySelector('[data-bundle]'), null, { timeout: 60000 });
  await app.click('[data-testid=export-menu-button]');
  const [download] = await Promise.all([
    app.waitForEvent('download', { timeout: 60000 }),
    app.click('[data-testid=export-element]'),
  ]);
  assert.equal(download.suggestedFilename(), `${PKG}-stable-element.html`);
  const snippet = readFileSync(await download.path(), 'utf8');
  assert.ok(snippet.startsWith(`<div class="olm-graph-figure">\n<olm-graph src="${ctx.server.url}catalogs/gpu.yaml" app="${ctx.server.url}" package="${PKG}" channel="stable" installed="${FROM}" resolver="v0">`), snippet.slice(0, 400));
  await app.context().close();
  writeFileSync(join(ctx.dir, 'plain/from-app.html'), page('From the app', snippet));
  const p = await open('plain/from-app.html');
  const id = await p.evaluate(() => { document.querySelector('olm-graph').id = 'fromApp'; return 'fromApp'; });
  assert.equal(await drawn(p, id), 'drawn');
  assert.deepEqual((await facts(p, id)).steps, pathSteps(GPU, PKG, 'stable', FROM));
  await p.context().close();
});
