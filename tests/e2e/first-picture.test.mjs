// The first picture (assets/boot.js): opened bare at 1280×800 with nothing kept, the app shows
// its sample's first channel as a static picture (assets/sample-first-draw.svg) where the graph
// will be, before its own wasm has started, and takes it away once it has drawn the same
// channel itself. Not shown for a link (any address parameter) or when something is kept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { app, baseUrl, cli, finish, newContext, watch, CATALOGS, DIST, ROOT } from './harness.mjs';

app();

/** Records the first frame in which the picture is shown with its image loaded: its box, its
 *  image's box and size, the time. */
const RECORD = `(() => {
  const look = () => {
    const box = document.querySelector('.first-picture');
    const img = box && box.querySelector('img');
    if (!window.__picture && box && !box.hidden && img.complete && img.naturalWidth > 0) {
      const r = box.getBoundingClientRect();
      const i = img.getBoundingClientRect();
      window.__pictureSrc = img.src;
      window.__picture = { t: performance.now(), naturalWidth: img.naturalWidth, box: { x: r.x, y: r.y, width: r.width, height: r.height }, image: { x: i.x, y: i.y, width: i.width, height: i.height }, hidden: box.getAttribute('aria-hidden') };
    }
    // The picture goes only once the app's graph has nodes (not when its empty <svg> or its
    // hidden problems panel is mounted): whether the graph was there when the box went.
    if (window.__picture && !box && window.__graphWhenGone === undefined) {
      window.__graphWhenGone = Boolean(document.querySelector('svg.graph [data-bundle]'));
      return;
    }
    if (!document.querySelector('svg.graph [data-bundle]') || box) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

/** The app at `query` (1280×800), `init` run first. `slowApp`: the app's wasm is held back a
 *  second, so the picture's place and its replacement are checked whatever the machine's
 *  speed (how soon it shows is measured by scripts/bench-web.sh, not here). */
async function bare(query = '', init = '', { slowApp = false, pkg = 'acme-operator', setup } = {}) {
  const context = await newContext({ viewport: { width: 1280, height: 800 }, setup });
  if (slowApp) {
    await context.route(/\/olm-graph-web-[^/]*_bg\.wasm$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
  }
  await context.addInitScript(RECORD + init);
  const page = watch(await context.newPage());
  await page.goto(baseUrl() + query);
  await page.waitForSelector(`svg.graph[data-graph-package="${pkg}"] [data-bundle]`);
  return page;
}

const GPU = join(CATALOGS, 'certified-operators/v4.22/gpu-operator-certified.yaml');
const GPU_URL = 'http://catalogs.example.test/certified/gpu-operator-certified.yaml';
const GPU_PKG = 'gpu-operator-certified';
/** Serves gpu-operator-certified at GPU_URL, with a CORS header, as a real server would. */
const serveGpu = async (context) => {
  const body = readFileSync(GPU, 'utf8');
  await context.route(GPU_URL, (route) => route.fulfill({
    status: 200, body, headers: { 'content-type': 'application/yaml', 'access-control-allow-origin': '*' },
  }));
};
/** Counts the requests the page posts to its workers, by kind. */
// The requests posted to the worker (their kinds, and whether each asked for a picture), and
// apart from them the worker's wasm that boot.js compiles and posts as its first message (true:
// a compiled WebAssembly.Module).
const POSTS = `window.__posts = []; window.__modules = []; window.__pictureAsked = [];
{ const W = window.Worker;
  window.Worker = class extends W {
    postMessage(m, t) {
      if (m && 'olmGraphModule' in m) window.__modules.push(m.olmGraphModule instanceof WebAssembly.Module);
      else { window.__posts.push(m && m.kind); window.__pictureAsked.push(Boolean(m && m.picture)); }
      return super.postMessage(m, t);
    }
  }; }`;

test('opened bare, the sample is pictured where its graph will be, then replaced by the app\'s own drawing', async () => {
  const page = await bare('', '', { slowApp: true });
  const picture = await page.evaluate(() => window.__picture);
  assert.ok(picture, 'the first picture was shown and its image loaded');
  assert.ok(picture.naturalWidth > 0, 'the picture is drawn');
  assert.equal(picture.hidden, 'true', 'the picture is hidden from assistive technology (the app\'s graph is the accessible one)');
  // Where the graph is: inside the graph area, horizontally and vertically.
  const area = await page.locator('.graph-area').boundingBox();
  const img = picture.image;
  assert.ok(img.x >= area.x - 0.5 && img.x + img.width <= area.x + area.width + 0.5, `${JSON.stringify(img)} within ${JSON.stringify(area)} across`);
  assert.ok(img.y >= area.y - 0.5 && img.y + img.height <= area.y + area.height + 0.5, `${JSON.stringify(img)} within ${JSON.stringify(area)} down`);
  assert.ok(img.width >= 300, 'the picture is not shrunk to a thumbnail');
  // The picture is of the channel the app then draws: the sample's first package, stable.
  const svg = readFileSync(join(ROOT, 'assets/sample-first-draw.svg'), 'utf8');
  assert.match(svg, /<title id="olmg-title">Upgrade graph of acme-operator \/ stable<\/title>/);
  assert.equal(await page.locator('svg.graph').getAttribute('data-graph-channel'), 'stable');
  // Replaced: gone once the app has drawn, not before.
  assert.equal(await page.locator('.first-picture').count(), 0, 'the picture is taken away');
  await page.waitForFunction(() => window.__graphWhenGone !== undefined);
  assert.equal(await page.evaluate(() => window.__graphWhenGone), true, 'the graph had nodes when the picture went');
  await finish(page);
});

test('opened bare, the sample is drawn from its reply served beside the app, fetched as the page opens; without that reply the parsing worker reads the sample', async () => {
  // The sample's catalog and the worker's reply for it are not in the app's wasm: boot.js
  // fetches both at once, and the app draws from the reply without posting the catalog.
  const fetched = [];
  const setup = async (context) => {
    context.on('request', (r) => { const f = new URL(r.url()).pathname.split('/').pop(); if (f.startsWith('sample-')) fetched.push(f); });
  };
  let page = await bare('', POSTS, { setup });
  assert.deepEqual(fetched.filter((f) => f !== 'sample-first-draw.svg').sort(), ['sample-catalog.yaml', 'sample-reply.json'], 'each fetched once');
  assert.deepEqual(await page.evaluate(() => window.__posts.filter((k) => k === 'catalog')), [], 'no catalog posted to the worker');
  assert.equal(await page.locator('[data-testid=catalog-label]').textContent(), 'sample catalog');
  await finish(page);
  // The reply missing (a server that does not serve it): the worker reads the sample instead.
  const noReply = async (context) => context.route(/\/sample-reply\.json$/, (route) => route.fulfill({ status: 404, body: '' }));
  page = await bare('', POSTS, { setup: noReply });
  page.allowed.push(/sample-reply\.json|404/);
  assert.deepEqual(await page.evaluate(() => window.__posts.filter((k) => k === 'catalog')), ['catalog'], 'the worker read the sample');
  assert.equal(await page.locator('[data-testid=catalog-label]').textContent(), 'sample catalog');
  await finish(page);
});

test('a link, or a catalog kept in this browser, is not pictured as the sample, nor fetches its picture', async () => {
  for (const [query, init] of [
    ['?package=acme-operator&channel=stable', ''],
    ['', "localStorage.setItem('olm-graph.worked.catalog', String(Date.now()));"],
  ]) {
    const fetched = [];
    const setup = async (context) => {
      context.on('request', (r) => { if (r.url().includes('sample-first-draw')) fetched.push(r.url()); });
    };
    const page = await bare(query, init, { setup });
    assert.equal(await page.evaluate(() => window.__picture ?? null), null, `no picture for ${query || 'a kept catalog'}`);
    // The sample's picture is neither fetched nor decoded (an SVG document parsed on the main
    // thread) when it will not be shown.
    assert.deepEqual(fetched, [], `the sample's picture not fetched for ${query || 'a kept catalog'}`);
    await finish(page);
  }
});

test('a url= link naming its package and channel is pictured on the page with the parsing worker\'s module, and the app takes the worker\'s reading over', async () => {
  const query = `?url=${encodeURIComponent(GPU_URL)}&package=${GPU_PKG}&channel=stable`;
  const wasmRequests = [];
  const setup = async (context) => {
    await serveGpu(context);
    context.on('request', (r) => { if (new URL(r.url()).pathname.endsWith('/worker_bg.wasm')) wasmRequests.push(r.url()); });
  };
  const page = await bare(query, POSTS, { slowApp: true, pkg: GPU_PKG, setup });
  const picture = await page.evaluate(() => window.__picture);
  assert.ok(picture, 'the first picture was shown and its image loaded');
  assert.ok(picture.naturalWidth > 0, 'the picture is drawn');
  const area = await page.locator('.graph-area').boundingBox();
  const img = picture.image;
  assert.ok(img.x >= area.x - 0.5 && img.x + img.width <= area.x + area.width + 0.5, `${JSON.stringify(img)} within ${JSON.stringify(area)} across`);
  assert.ok(img.y >= area.y - 0.5 && img.y + img.height <= area.y + area.height + 0.5, `${JSON.stringify(img)} within ${JSON.stringify(area)} down`);
  assert.ok(img.width >= 300, 'the picture is not shrunk to a thumbnail');
  // The picture is the CLI's drawing of the channel the link names, byte for byte, without the
  // tooltips an <img> cannot show.
  const src = await page.evaluate(() => window.__pictureSrc);
  const prefix = 'data:image/svg+xml;charset=utf-8,';
  assert.ok(src.startsWith(prefix), 'an inert image (a data: URL)');
  const drawn = decodeURIComponent(src.slice(prefix.length));
  assert.equal(drawn, cli(['render', GPU, '--package', GPU_PKG, '--channel', 'stable', '-f', 'svg', '--no-tooltips']));
  // Replaced once the app has drawn the same channel.
  assert.equal(await page.locator('svg.graph').getAttribute('data-graph-channel'), 'stable');
  assert.equal(await page.locator('.first-picture').count(), 0, 'the picture is taken away');
  await page.waitForFunction(() => window.__graphWhenGone !== undefined);
  assert.equal(await page.evaluate(() => window.__graphWhenGone), true, 'the graph had nodes when the picture went');
  // The catalog was posted to the worker once: by boot.js, whose request the app took over;
  // the picture was drawn on the page (an instance of the worker's module), so the worker was
  // not asked for one.
  assert.deepEqual(await page.evaluate(() => window.__posts), ['catalog']);
  assert.deepEqual(await page.evaluate(() => window.__pictureAsked), [false], 'the worker is not asked for the picture drawn on the page');
  // Before it, the worker's wasm, compiled by boot.js while the worker started, from the one
  // request the page's head started (index.html's preload, which boot.js's fetch takes).
  assert.deepEqual(await page.evaluate(() => window.__modules), [true], 'one compiled module posted');
  assert.equal(wasmRequests.length, 1, `the worker's wasm is asked for once: ${wasmRequests.join(', ')}`);
  // And the replies it kept reached the app whole and in order (the bundles' parts before the
  // catalog): the channel the app draws is the CLI's, every node and edge.
  const channel = JSON.parse(cli(['graph', GPU, '--package', GPU_PKG, '--channel', 'stable', '--json'])).channels[0];
  const drawnNodes = await page.evaluate(() => new Set([...document.querySelectorAll('svg.graph [data-bundle]')].map((n) => n.dataset.bundle)).size);
  assert.equal(drawnNodes, channel.nodes.length, 'every node of the channel is drawn');
  const stats = await page.locator('.graph-stats').first().textContent();
  assert.ok(stats.includes(`${channel.nodes.length} bundles · ${channel.edges.length} edges`), `the header counts the CLI's: ${stats}`);
  await finish(page);
});

test('the catalog boot.js draws while a link\'s catalog downloads goes the whole way the link\'s picture goes: the skim keeps it and the parsing worker\'s module draws it as the CLI does', async () => {
  // boot.js draws WARM_UP_CATALOG so that V8 compiles the picture's code before the link's
  // catalog arrives; a catalog the skim gave up on, or a channel it could not draw, would
  // compile only part of it. Drawn here by the shipped boot.js's own code (its catalog,
  // stubImports and drawHere, taken from the file) with the shipped worker_bg.wasm.
  const boot = readFileSync(join(DIST, 'boot.js'), 'utf8');
  const piece = (name) => {
    const found = new RegExp(`^const ${name} = [\\s\\S]*?^\\}\\)?(\\(\\))?;$`, 'm').exec(boot);
    assert.ok(found, `boot.js has its ${name}`);
    return found[0];
  };
  const { catalog, stubImports, drawHere } = new Function(
    `${piece('WARM_UP_CATALOG')}\n${piece('stubImports')}\n${piece('drawHere')}\n`
    + 'return { catalog: WARM_UP_CATALOG, stubImports, drawHere };',
  )();
  const module = new WebAssembly.Module(readFileSync(join(DIST, 'worker_bg.wasm')));
  const imports = stubImports(module);
  assert.ok(imports, 'the worker\'s module imports only functions');
  const { exports } = await WebAssembly.instantiate(module, imports);
  const svg = drawHere(exports, new TextEncoder().encode(catalog).buffer, 'warm.yaml', { package: 'warm', channel: 'stable' });
  assert.ok(svg, 'the skim kept the catalog and its channel was drawn');
  const file = join(mkdtempSync(join(tmpdir(), 'olm-warm-')), 'warm.yaml');
  writeFileSync(file, catalog);
  assert.equal(svg, cli(['render', file, '--package', 'warm', '--channel', 'stable', '-f', 'svg', '--no-tooltips']));
  // Its three bundles, both kinds of edge a channel's entries draw, a deprecated bundle.
  for (const mark of ['warm.v1.0.0', 'warm.v1.1.0', 'warm.v1.2.0', 'class="edge replaces"', 'class="edge skips"', 'class="node deprecated"']) {
    assert.ok(svg.includes(mark), `the drawing shows ${mark}`);
  }
});

test('a url= link to a JSON catalog, which the skim does not read, is pictured by the parsing worker once it has read the catalog', async () => {
  const file = join(CATALOGS, 'kueue-fbc/v4.22/kueue-operator.json');
  const url = 'http://catalogs.example.test/kueue-operator.json';
  const setup = async (context) => {
    const body = readFileSync(file, 'utf8');
    await context.route(url, (route) => route.fulfill({
      status: 200, body, headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
    }));
  };
  const page = await bare(`?url=${encodeURIComponent(url)}&package=kueue-operator&channel=stable-v1.4`, POSTS, { slowApp: true, pkg: 'kueue-operator', setup });
  assert.ok(await page.evaluate(() => window.__picture), 'the first picture was shown and its image loaded');
  const src = await page.evaluate(() => window.__pictureSrc);
  const prefix = 'data:image/svg+xml;charset=utf-8,';
  assert.equal(decodeURIComponent(src.slice(prefix.length)), cli(['render', file, '--package', 'kueue-operator', '--channel', 'stable-v1.4', '-f', 'svg', '--no-tooltips']));
  assert.deepEqual(await page.evaluate(() => window.__posts), ['catalog']);
  assert.deepEqual(await page.evaluate(() => window.__pictureAsked), [true], 'not drawn on the page: the worker is asked for it');
  await finish(page);
});

test('a url= link with more than its package and channel, or none, or a channel the catalog lacks, is not pictured, and its catalog is still read once', async () => {
  for (const rest of ['&channel=stable&inspector=details', '', '&channel=stable#x', '&channel=no-such-channel']) {
    const query = `?url=${encodeURIComponent(GPU_URL)}&package=${GPU_PKG}${rest}`;
    const page = await bare(query, POSTS, { pkg: GPU_PKG, setup: serveGpu });
    assert.equal(await page.evaluate(() => window.__picture ?? null), null, `no picture for ${query}`);
    assert.deepEqual(await page.evaluate(() => window.__posts), ['catalog'], `one request for ${query}`);
    await finish(page);
  }
});

test('a url= link to an HTML page is refused by the app as before, the reading boot.js started is given up, and nothing is pictured', async () => {
  const page_url = 'http://catalogs.example.test/certified/gpu-operator-certified';
  const serveHtml = async (context) => {
    await context.route(page_url, (route) => route.fulfill({
      status: 200, body: '<!doctype html><html><body>Sign in</body></html>', headers: { 'content-type': 'text/html', 'access-control-allow-origin': '*' },
    }));
  };
  // The full app falls back to the sample, beside the problem.
  const page = await bare(`?url=${encodeURIComponent(page_url)}&package=${GPU_PKG}&channel=stable`, POSTS, { setup: serveHtml });
  await page.locator('[data-testid=error-panel]', { hasText: 'returned an HTML page, not a catalog' }).waitFor();
  assert.equal(await page.evaluate(() => window.__picture ?? null), null, 'no picture of a page that is no catalog');
  // boot.js posted the response's bytes once; the app posted nothing more (the sample comes
  // read with the app) and drew the sample.
  assert.deepEqual(await page.evaluate(() => window.__posts), ['catalog']);
  await finish(page);
});

test('the parsing worker started without the page\'s compiled wasm (the app\'s own, when boot.js could not start one) fetches its wasm and reads a catalog', async () => {
  const page = await bare();
  const reply = await page.evaluate(() => new Promise((resolve, reject) => {
    const worker = new Worker('./worker-boot.js');
    const seen = [];
    worker.addEventListener('error', (e) => reject(new Error(e.message || 'worker error')));
    worker.addEventListener('message', (ev) => {
      const text = new TextDecoder().decode(ev.data);
      seen.push(JSON.parse(text).type);
      if (seen.length === 1) {
        const bytes = new TextEncoder().encode('{"schema":"olm.package","name":"p","defaultChannel":"c"}\n{"schema":"olm.channel","package":"p","name":"c","entries":[{"name":"p.v1.0.0"}]}\n{"schema":"olm.bundle","package":"p","name":"p.v1.0.0","image":"i","properties":[{"type":"olm.package","value":{"packageName":"p","version":"1.0.0"}}]}\n');
        worker.postMessage({ id: 7, kind: 'catalog', onlyCatalogExtensions: false, files: [{ path: 'c.json', bytes }], picture: { package: 'p', channel: 'c' } });
      }
      if (seen.includes('done')) {
        worker.terminate();
        resolve(seen);
      }
    });
  }));
  assert.equal(reply[0], 'ready', 'its first message');
  assert.ok(reply.includes('picture') && reply.includes('done'), JSON.stringify(reply));
  await finish(page);
});
