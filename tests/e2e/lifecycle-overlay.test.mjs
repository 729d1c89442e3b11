// End-to-end test of the support lifecycle overlay (issue 27, item 6) on real data: the
// submariner v4.21 split catalog (0.22–0.24) opened together with the real lifecycle blobs
// (whose submariner entry covers 0.13–0.22), at 1280×800, from a link with
// lifecycle=1&asof=2026-11-26&platform=4.20. Checks the nodes' data-phase / data-compatible,
// the tints, the legend (inside the window, clear of the nodes), the notice, the details, the
// Plan panel's per-stop facts, the exported SVG and axe; saves docs/screenshots/lifecycle-overlay.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { app, open, finish, waitGraph, inspector, ROOT, CATALOGS, cli } from './harness.mjs';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const SPLIT = join(CATALOGS, 'submariner-operator-fbc/v4.21-split');
const BLOBS = join(CATALOGS, 'lifecycle/lifecycles-v1alpha1.yaml');
const FILES = [
  join(SPLIT, 'package.yaml'),
  ...['bundles', 'channels'].flatMap((d) => readdirSync(join(SPLIT, d)).map((f) => join(SPLIT, d, f))),
  BLOBS,
];
const QUERY = '?package=submariner&view=all&lifecycle=1&asof=2026-11-26&platform=4.20';
const SCREENSHOT = join(ROOT, 'docs/screenshots/lifecycle-overlay.png');
const node = (name) => `svg.graph [data-bundle="${name}"]`;

app();

/** Every node's overlay attributes, by bundle name. */
function marks(page) {
  return page.$$eval('svg.graph g.node[data-bundle]', (nodes) => Object.fromEntries(nodes.map((n) => [
    n.dataset.bundle, { phase: n.getAttribute('data-phase'), compatible: n.getAttribute('data-compatible') },
  ])));
}

/** The computed fill of a node's box. */
const fill = (page, name) => page.$eval(`${node(name)} .box`, (b) => getComputedStyle(b).fill);

/** Opens the export menu and clicks `item`; returns the downloaded text. */
async function exportText(page, item) {
  if ((await page.getAttribute('[data-testid=export-menu-button]', 'aria-expanded')) !== 'true') {
    await page.click('[data-testid=export-menu-button]');
  }
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60000 }),
    page.click(`[data-testid=${item}]`),
  ]);
  return readFileSync(await download.path(), 'utf8');
}

test('the overlay from a link: phases, tints, legend, notice, details, plan, export, axe, screenshot', async () => {
  const page = await open(QUERY, { viewport: { width: 1280, height: 800 }, bypassCSP: true });
  await page.setInputFiles('[data-testid=catalog-file-input]', FILES);
  await waitGraph(page, 'submariner');
  await page.waitForSelector(`${node('submariner.v0.22.0')}[data-phase]`);

  // The toolbar shows the link's state, and the address keeps it.
  assert.equal(await page.getAttribute('[data-testid=lifecycle-toggle]', 'aria-pressed'), 'true');
  assert.equal(await page.inputValue('[data-testid=lifecycle-asof]'), '2026-11-26');
  assert.equal(await page.inputValue('[data-testid=lifecycle-platform]'), '4.20');
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('lifecycle'), '1');
  assert.equal(url.searchParams.get('asof'), '2026-11-26');
  assert.equal(url.searchParams.get('platform'), '4.20');

  // data-phase / data-compatible, as `olm-graph lifecycle --json` gives them.
  const m = await marks(page);
  const facts = JSON.parse(cli(['lifecycle', SPLIT, BLOBS, '-p', 'submariner', '--as-of', '2026-11-26', '--platform', '4.20', '--json']));
  for (const b of facts.bundles) {
    assert.deepEqual(m[b.bundle], {
      phase: b.phase ?? 'unknown',
      compatible: b.compatible === null ? null : String(b.compatible),
    }, b.bundle);
  }
  for (const name of ['submariner.v0.22.0', 'submariner.v0.22.1']) {
    assert.deepEqual(m[name], { phase: 'Full support', compatible: 'true' }, name);
  }
  for (const name of ['submariner.v0.23.1', 'submariner.v0.24.0']) {
    assert.deepEqual(m[name], { phase: 'unknown', compatible: null }, name);
  }

  // The tint: a full-support node and a node without data are filled differently.
  const full = await fill(page, 'submariner.v0.22.0');
  const unknown = await fill(page, 'submariner.v0.24.0');
  assert.notEqual(full, unknown);
  assert.notEqual(full, 'rgb(255, 255, 255)');

  // The legend: six phases, inside the window and clear of every node.
  const legend = page.locator('section.legend');
  assert.equal(await legend.locator('[data-phase-class]').count(), 6);
  const geometry = await page.evaluate(() => {
    const box = document.querySelector('section.legend').getBoundingClientRect();
    const nodes = [...document.querySelectorAll('svg.graph g.node[data-bundle] .box')].map((n) => n.getBoundingClientRect());
    const overlaps = nodes.filter((r) => r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top
      && r.bottom > 0 && r.top < window.innerHeight);
    return { box: [box.left, box.top, box.right, box.bottom], w: window.innerWidth, h: window.innerHeight, overlaps: overlaps.length };
  });
  const [left, top, right, bottom] = geometry.box;
  assert.ok(left >= 0 && top >= 0 && right <= geometry.w && bottom <= geometry.h, `legend ${geometry.box} in ${geometry.w}×${geometry.h}`);
  assert.equal(geometry.overlaps, 0, 'no node under the legend');
  for (const cls of ['full', 'maintenance', 'extended', 'end-of-life', 'not-yet-supported', 'no-data']) {
    assert.ok(await legend.locator(`[data-phase-class="${cls}"]`).isVisible(), cls);
  }

  // The notice counts the shipped streams without data.
  assert.equal((await page.textContent('[data-testid=lifecycle-notice]')).trim(),
    '2 shipped streams of submariner have no lifecycle data: 0.23, 0.24');

  // The tooltip and the details say phase, phase end, end of life and compatibility.
  const title = await page.textContent(`${node('submariner.v0.22.0')} > title`);
  assert.match(title, /support on 2026-11-26: Full support \(until 2027-01-05\)/);
  assert.match(title, /end of life: 2027-09-10/);
  assert.match(title, /runs on OpenShift 4\.20: yes/);
  // The screenshot before a selection dims the nodes it does not reach.
  await page.mouse.move(1, 790);
  await page.screenshot({ path: SCREENSHOT });
  await page.click(node('submariner.v0.22.0'));
  const details = page.locator('[data-testid=details-support]');
  await details.waitFor();
  assert.equal(await details.locator('[data-field=phase]').textContent(), 'Full support');
  assert.equal(await details.locator('[data-field=phase-ends]').textContent(), '2027-01-05');
  assert.equal(await details.locator('[data-field=end-of-life]').textContent(), '2027-09-10');
  assert.equal(await details.locator('[data-field=compatible]').textContent(), 'yes');

  // axe on the overlay, its toolbar fields and the details.
  await page.addScriptTag({ content: AXE });
  const { violations } = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  assert.deepEqual(violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`), [], 'axe');

  // The exported SVG follows the overlay.
  const svg = await exportText(page, 'export-svg');
  assert.match(svg, /data-name="submariner\.v0\.22\.0"[^>]*data-phase="Full support" data-compatible="true"/);
  assert.match(svg, /data-name="submariner\.v0\.24\.0"[^>]*data-phase="unknown">/);
  assert.equal((svg.match(/data-phase-class=/g) || []).length, 6);
  await page.keyboard.press('Escape');

  // The Plan panel gives each stop's facts (core's, as `plan --as-of --platform` prints them).
  await inspector(page, 'plan');
  await page.fill('[data-testid=plan-from]', 'submariner.v0.22.0');
  await page.dispatchEvent('[data-testid=plan-from]', 'change');
  await page.click('[data-testid=plan-run]');
  await page.waitForSelector('[data-testid=plan-result], [data-testid=plan-error]');
  const stops = await page.$$eval('[data-testid=plan-support-stop]', (rows) => rows.map((r) => [r.dataset.bundle, r.dataset.phase, r.dataset.compatible ?? null]));
  assert.ok(stops.length >= 1, 'at least the target');
  for (const [bundle, phase, compatible] of stops) {
    const want = facts.bundles.find((b) => b.bundle === bundle);
    assert.ok(want, bundle);
    assert.equal(phase, want.phase ?? 'unknown', bundle);
    assert.equal(compatible, want.compatible === null ? null : String(want.compatible), bundle);
  }

  // Off: no phase, no legend entries, no notice; the address drops lifecycle=1.
  await page.click('[data-testid=lifecycle-toggle]');
  await page.waitForSelector(`${node('submariner.v0.22.0')}:not([data-phase])`);
  assert.equal(await legend.locator('[data-phase-class]').count(), 0);
  assert.equal(await page.locator('[data-testid=lifecycle-notice]').count(), 0);
  await page.waitForFunction(() => !new URL(location.href).searchParams.has('lifecycle'));
  await finish(page);
});

test('at 800 × 700 the overlay\'s toolbar fields, notice and legend stay in the window', async () => {
  const page = await open(QUERY, { viewport: { width: 800, height: 700 } });
  await page.setInputFiles('[data-testid=catalog-file-input]', FILES);
  await waitGraph(page, 'submariner');
  await page.waitForSelector(`${node('submariner.v0.22.0')}[data-phase]`);
  await page.mouse.move(1, 690);
  const selectors = ['[data-testid=lifecycle-toggle]', '[data-testid=lifecycle-asof]',
    '[data-testid=lifecycle-platform]', '[data-testid=lifecycle-notice]', 'section.legend'];
  const boxes = await page.evaluate((sels) => sels.map((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return [s, r.left, r.top, r.right, r.bottom];
  }), selectors);
  for (const [s, left, top, right, bottom] of boxes) {
    assert.ok(left >= 0 && top >= 0 && right <= 800 && bottom <= 700, `${s}: ${[left, top, right, bottom]} in 800×700`);
  }
  // The six phase entries are visible, and the nodes are tinted at this size too.
  for (const cls of ['full', 'maintenance', 'extended', 'end-of-life', 'not-yet-supported', 'no-data']) {
    assert.ok(await page.locator(`section.legend [data-phase-class="${cls}"]`).isVisible(), cls);
  }
  assert.notEqual(await fill(page, 'submariner.v0.22.0'), 'rgb(255, 255, 255)');
  await page.screenshot({ path: join(process.env.OLM_TEST_OUTPUT || join(ROOT, 'test-output'), 'lifecycle-overlay-800x700.png') });
  await finish(page);
});
