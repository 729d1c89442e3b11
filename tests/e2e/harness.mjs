// What the end-to-end test files share: where things are, one static server and one
// browser per file, pages that fail a test on any console error, and the graph waits.
//
//   import { app, open, finish, waitGraph } from './harness.mjs';
//   app();   // registers before/after hooks: serve dist/ and launch Chromium
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, startStaticServer, stopServer } from './browser.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = process.env.OLM_DIST || join(ROOT, 'dist');
/** The CLI the app is compared with: OLM_GRAPH_CLI (the test script's), else a release build, else a debug one. */
export const CLI = process.env.OLM_GRAPH_CLI
  || [join(ROOT, 'target/release/olm-graph'), join(ROOT, 'target/debug/olm-graph')].find((p) => existsSync(p))
  || join(ROOT, 'target/release/olm-graph');
export const CATALOGS = process.env.OLM_GRAPH_CATALOGS || join(ROOT, '../shared/catalogs');
export const OUT = process.env.OLM_TEST_OUTPUT || join(ROOT, 'test-output');

const ctx = { server: null, browser: null };

/** Registers the file's hooks: serve DIST on 127.0.0.1 and launch Chromium (once per file). */
export function app() {
  before(async () => {
    for (const p of [join(DIST, 'index.html'), CLI]) if (!existsSync(p)) throw new Error(`missing ${p}`);
    mkdirSync(OUT, { recursive: true });
    ctx.server = await startStaticServer(DIST);
    ctx.browser = await launchBrowser();
  });
  after(async () => {
    await ctx.browser?.close();
    await stopServer(ctx.server);
  });
}

/** The app's base URL (ends with '/'). */
export const baseUrl = () => ctx.server.url;

/** Records a page's console errors, uncaught exceptions, dialogs and crashes in `page.errors`;
 *  errors matching a RegExp in `page.allowed` are let pass by `finish`. */
export function watch(page) {
  page.errors = [];
  page.allowed = [];
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => page.errors.push(`uncaught: ${e.message}`));
  page.on('dialog', (d) => { page.errors.push(`dialog: ${d.message()}`); d.dismiss(); });
  page.on('crash', () => page.errors.push('page crashed'));
  return page;
}

/** A browser context (1400×900, downloads on); `setup(context)` runs first (routes, permissions). */
export async function newContext({ setup, ...options } = {}) {
  const context = await ctx.browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true, ...options });
  if (setup) await setup(context);
  return context;
}

/** A watched page on the app at `query` in a new context (see `newContext` for options). */
export async function open(query = '', options = {}) {
  const context = await newContext(options);
  const page = watch(await context.newPage());
  await page.goto(ctx.server.url + query);
  return page;
}

/**
 * A page at `url` in a new 1280×800 context of `browser` (for tests with a server of their
 * own): `page.errors` collects uncaught errors, and `listen(page)` adds the test's own
 * listeners before the page loads.
 */
export async function pageAt(browser, url, { listen, ...options } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  if (listen) listen(page);
  await page.goto(url);
  return page;
}

/** Closes the page; fails on any console error it saw (except those `page.allowed` lets pass). */
export async function finish(page) {
  const unexpected = page.errors.filter((e) => !page.allowed.some((re) => re.test(e)));
  await page.context().close();
  assert.deepEqual(unexpected, [], 'console errors');
}

/** Opens a curator tool from the graph toolbar's Tools menu ('truncate', 'diff', 'template' or
 *  'studio'), or closes it when it is open. An open drawer (at 1000 px and wider it lies over
 *  the right of the workspace, menus included) is switched or closed with its own tabs. */
export async function tool(page, id) {
  const own = page.locator(id === 'studio' ? '[data-testid=studio-toggle]' : `[data-testid=lifecycle-tab-${id}]`);
  if (await own.isVisible()) return own.click();
  await page.click('[data-testid=tools-menu-button]');
  await page.click(`[data-testid=tools-${id}]`);
}

export const shot = (page, name) => page.screenshot({ path: join(OUT, `${name}.png`) });

/**
 * Waits until the graph in `scope` (a page or a frame) shows `channel` (null: any) of `pkg`,
 * and then until its view holds still: the drawing area's box, the viewBox and the pan/zoom
 * transform unchanged for 300 ms, longer than the app's debounce before it re-fits the graph
 * to a resized area (RESIZE_DEBOUNCE, 200 ms, src/graph/mod.rs). Panels that finish building
 * after the first drawing can resize the area; a test that hovered or measured in between saw
 * the graph move under it (a hover lost, a box read mid-change) on a loaded machine. A graph
 * still moving after 2 s (a path being played) is taken as it is. `{still: false}`: only the
 * first drawing (a test that times the load).
 */
export async function waitGraph(scope, pkg, channel = null, { still = true } = {}) {
  await scope.waitForFunction(([p, c]) => {
    const svg = document.querySelector('svg.graph');
    return svg && svg.dataset.graphPackage === p && (c === null || svg.dataset.graphChannel === c)
      && svg.querySelector('[data-bundle]');
  }, [pkg, channel], { timeout: 60000 });
  if (!still) return;
  // Each wait counts its 300 ms from its own first look (`call`): a view seen by an earlier
  // wait on this page does not count as still now.
  const call = `${Date.now()}-${Math.random()}`;
  await scope.waitForFunction((c) => {
    const svg = document.querySelector('svg.graph');
    if (!svg) return true;
    const r = svg.getBoundingClientRect();
    const now = [r.x, r.y, r.width, r.height, svg.getAttribute('viewBox'),
      svg.querySelector('g.viewport')?.getAttribute('transform')].join(' ');
    const t = performance.now();
    const seen = window.__olmGraphStill;
    if (!seen || seen.call !== c || seen.view !== now) {
      window.__olmGraphStill = { call: c, view: now, since: t };
      return false;
    }
    return t - seen.since >= 300;
  }, call, { polling: 'raf', timeout: 2000 }).catch(() => {});
}

/** Opens catalog files with the load bar's file picker and waits for `pkg`. */
export async function upload(page, files, pkg) {
  await page.setInputFiles('[data-testid=catalog-file-input]', files);
  await waitGraph(page, pkg);
}

/** Clicks a package in the list and waits for its graph. */
export async function showPackage(page, pkg) {
  await page.fill('[data-testid=package-search]', pkg);
  await page.click(`[data-package="${pkg}"]`);
  await waitGraph(page, pkg);
}

/** Clicks a channel tab and waits for its graph. */
export async function showChannel(page, pkg, name) {
  await page.click(`[data-testid=channel-select] [data-channel="${name}"]`);
  await waitGraph(page, pkg, name);
}

/** Runs the CLI; its stdout as text. */
export function cli(args) {
  return execFileSync(CLI, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
}

/** Opens the inspector's `tab` (details, simulate, plan, findings, cluster, mirror) with its tab
 *  control, or from the More menu when the strip has no room for it. */
export async function inspector(page, tab) {
  const control = page.locator(`[data-testid=inspector-tab-${tab}]`);
  if (!(await page.locator('#inspector-tablist').isVisible())) {
    await page.click('[data-testid=open-inspector-drawer]');
    // The drawer slides in: wait until it is inside the window.
    await page.waitForFunction(() => {
      const r = document.querySelector('#inspector-drawer').getBoundingClientRect();
      return r.right <= window.innerWidth + 0.5;
    });
  }
  if (await control.isVisible()) {
    await control.click();
  } else {
    // No room for it in the strip (or it does not apply yet): the More menu has it.
    await page.click('[data-testid=inspector-more-button]');
    // A tab that has just come to apply (a cluster state read a moment ago) can take its place
    // in the strip while the menu opens: whichever of the two holds it is clicked.
    await page.locator(`[data-testid=inspector-more-${tab}]`).or(control).filter({ visible: true }).first().click();
  }
  await page.locator(`#inspector-${tab}`).waitFor({ state: 'visible' });
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe on the page (injected once); fails on any violation, naming up to four nodes each. */
export async function audit(page, name) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ content: AXE });
  const { violations } = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | ')}`);
  assert.deepEqual(found, [], `${name}: axe violations`);
}

/**
 * The bounding box of `locator` once it holds still: laid out (not null) and the same over two
 * animation frames, so a box read just after Fit or a re-fit is the drawn one, not a frame of
 * the change (under load the graph can still be moving or re-rendering when a click returns).
 */
export async function settledBox(locator, timeout = 10000) {
  const until = Date.now() + timeout;
  let before = null;
  for (;;) {
    await locator.page().evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const box = await locator.boundingBox({ timeout: Math.max(1, until - Date.now()) }).catch(() => null);
    if (box && before && JSON.stringify(box) === JSON.stringify(before)) return box;
    if (Date.now() > until) return box;
    before = box;
  }
}

/** `box` lies inside `outer` (both bounding boxes), to half a pixel. */
export function boxInside(box, outer, what) {
  assert.ok(box && outer, `${what}: both are laid out`);
  const ok = box.x >= outer.x - 0.5 && box.y >= outer.y - 0.5
    && box.x + box.width <= outer.x + outer.width + 0.5 && box.y + box.height <= outer.y + outer.height + 0.5;
  assert.ok(ok, `${what}: ${JSON.stringify(box)} inside ${JSON.stringify(outer)}`);
}
