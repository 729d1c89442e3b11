// The first picture (assets/boot.js): opened bare at 1280×800 with nothing kept, the app shows
// its sample's first channel as a static picture (assets/sample-first-draw.svg) where the graph
// will be, before its own wasm has started, and takes it away once it has drawn the same
// channel itself. Not shown for a link (any address parameter) or when something is kept. A
// link to a catalog's package (`url=` and `package=`) is pictured instead from its own catalog,
// the channel it names drawn by the <olm-graph> element's engine in a worker
// (assets/first-picture-worker.js), and replaced the same way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, baseUrl, cli, finish, newContext, watch, CATALOGS, ROOT } from './harness.mjs';

app();

/** Records the first frame in which the picture is shown with its image loaded: its box, its
 *  image's box and size, the time. */
const RECORD = `(() => {
  const look = () => {
    const box = document.querySelector('.first-picture');
    const img = box && box.querySelector('img');
    if (box && !box.hidden && img.complete && img.naturalWidth > 0) {
      const r = box.getBoundingClientRect();
      const i = img.getBoundingClientRect();
      window.__picture = { t: performance.now(), src: img.src, naturalWidth: img.naturalWidth, box: { x: r.x, y: r.y, width: r.width, height: r.height }, image: { x: i.x, y: i.y, width: i.width, height: i.height }, hidden: box.getAttribute('aria-hidden') };
      return;
    }
    if (!document.querySelector('svg.graph')) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

/** The app at `query` (1280×800), `init` run first. `slowApp`: the app's wasm is held back a
 *  second, so the picture's place and its replacement are checked whatever the machine's
 *  speed (how soon it shows is measured by scripts/bench-web.sh, not here). */
async function bare(query = '', init = '', { slowApp = false, pkg = 'acme-operator', routes = {} } = {}) {
  const context = await newContext({ viewport: { width: 1280, height: 800 } });
  for (const [path, file] of Object.entries(routes)) {
    await context.route(`**/${path}`, (route) => route.fulfill({ path: file, contentType: 'application/yaml' }));
  }
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
  // Replaced: gone once the app has drawn.
  assert.equal(await page.locator('.first-picture').count(), 0, 'the picture is taken away');
  await finish(page);
});

test('a link, or a catalog kept in this browser, is not pictured as the sample', async () => {
  for (const [query, init] of [
    ['?package=acme-operator&channel=stable', ''],
    ['', "localStorage.setItem('olm-graph.worked.catalog', String(Date.now()));"],
  ]) {
    const page = await bare(query, init);
    assert.equal(await page.evaluate(() => window.__picture ?? null), null, `no picture for ${query || 'a kept catalog'}`);
    await finish(page);
  }
});

/** The bundles a rendered SVG drawing names (its nodes' data-name), sorted. */
const bundlesOf = (svg) => [...new Set([...svg.matchAll(/<g class="node[^"]*" data-name="([^"]*)"/g)].map((m) => m[1]))].sort();

test('a link to a catalog\'s package is pictured from that catalog, the channel it names, then replaced by the app\'s drawing', async () => {
  const file = join(CATALOGS, 'certified-operators/v4.22/gpu-operator-certified.yaml');
  const pkg = 'gpu-operator-certified';
  const page = await bare(`?url=link/gpu.yaml&package=${pkg}&channel=stable`, '',
    { slowApp: true, pkg, routes: { 'link/gpu.yaml': file } });
  const picture = await page.evaluate(() => window.__picture);
  assert.ok(picture, 'the link\'s picture was shown and its image loaded');
  assert.ok(picture.src.startsWith('data:image/svg+xml'), 'an image of the drawing, so its text stays inert');
  assert.equal(picture.hidden, 'true');
  const svg = decodeURIComponent(picture.src.slice(picture.src.indexOf(',') + 1));
  assert.match(svg, /Upgrade graph of gpu-operator-certified \/ stable/);
  // The same bundles as the CLI's drawing of that channel, and as the app's graph that follows.
  const expected = bundlesOf(cli(['render', '-f', 'svg', '--package', pkg, '--channel', 'stable', file]));
  assert.ok(expected.length > 5);
  assert.deepEqual(bundlesOf(svg), expected);
  const drawn = await page.$$eval('svg.graph g.node[data-bundle]', (ns) => [...new Set(ns.map((n) => n.dataset.bundle))].sort());
  assert.deepEqual(drawn, expected);
  // Where the graph is, and gone once the app has drawn.
  const area = await page.locator('.graph-area').boundingBox();
  const img = picture.image;
  assert.ok(img.x >= area.x - 0.5 && img.x + img.width <= area.x + area.width + 0.5, `${JSON.stringify(img)} within ${JSON.stringify(area)} across`);
  assert.ok(img.y >= area.y - 0.5 && img.y + img.height <= area.y + area.height + 0.5, `${JSON.stringify(img)} within ${JSON.stringify(area)} down`);
  assert.equal(await page.locator('.first-picture').count(), 0, 'the picture is taken away');
  await finish(page);
});

test('a link whose channel the catalog lacks gets no picture (the app draws the default channel)', async () => {
  const file = join(CATALOGS, 'certified-operators/v4.22/gpu-operator-certified.yaml');
  const context = await newContext({ viewport: { width: 1280, height: 800 } });
  await context.route('**/link/gpu.yaml', (route) => route.fulfill({ path: file, contentType: 'application/yaml' }));
  await context.addInitScript(RECORD);
  const page = watch(await context.newPage());
  await page.goto(`${baseUrl()}?url=link/gpu.yaml&package=gpu-operator-certified&channel=nope`);
  await page.waitForSelector('svg.graph [data-bundle], .error-panel:not([hidden])');
  assert.equal(await page.evaluate(() => window.__picture ?? null), null);
  assert.equal(await page.locator('.first-picture').count(), 0);
  // The app draws the package's default channel instead.
  const defaultChannel = readFileSync(file, 'utf8').match(/^defaultChannel: (\S+)$/m)[1];
  assert.equal(await page.locator('svg.graph').getAttribute('data-graph-channel'), defaultChannel);
  await finish(page);
});
