// Legible at a glance: the layout wraps to the graph panel, so after Fit a real channel reads
// without zooming. In a 1280 × 800 window the node version labels of five real channels measure
// at least 9 px tall on screen (getBoundingClientRect), and the package view of project-quay's 12
// channels at least 7 px in 1920 × 1080. Hovering an entry with a skipRange marks exactly the
// bundles of `olm-graph graph --json`'s skipRange edges into it and draws its fan. Screenshots
// of each view go to test-output/legibility-<package>-<channel>.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { app, open, finish, waitGraph, upload, showChannel, cli, shot, CATALOGS } from './harness.mjs';

app();

const SAIL = 'community-operators-prod/v4.21/sailoperator.yaml';
const GPU = 'certified-operators/v4.22/gpu-operator-certified.yaml';
const QUAY = 'community-operators-prod/v4.21/project-quay.yaml';
const HIVE = 'community-operators-prod/v4.21/hive-operator.yaml';
const SCALEOPS = 'certified-operators/v4.17/scaleops-operator.yaml';

const CHANNELS = [
  [SAIL, 'sailoperator', 'stable'],
  [GPU, 'gpu-operator-certified', 'stable'],
  [QUAY, 'project-quay', 'stable-3.10'],
  [HIVE, 'hive-operator', 'alpha'],
  [SCALEOPS, 'scaleops-operator', 'stable-v1.33'],
];

/** The graph panel's drawing area and the on-screen heights of the node labels (version lines
 *  of bundle boxes, collapsed bundles have none), after the layout settled and Fit. */
async function fittedLabels(page) {
  // The layout follows the panel's size: wait until the drawing is laid out for it, then Fit.
  await page.waitForTimeout(400);
  await page.click('[data-testid=fit-view]');
  await page.waitForTimeout(200);
  return page.evaluate(() => {
    const svg = document.querySelector('svg.graph');
    const area = svg.getBoundingClientRect();
    const heights = [...svg.querySelectorAll('g.node > text.version')]
      .map((t) => t.getBoundingClientRect().height);
    // Everything drawn is inside the panel after Fit.
    const boxes = [...svg.querySelectorAll('g.node > rect.box, g.group > rect.box')]
      .map((r) => r.getBoundingClientRect());
    const inside = boxes.every((b) => b.left >= area.left - 1 && b.right <= area.right + 1
      && b.top >= area.top - 1 && b.bottom <= area.bottom + 1);
    return { width: area.width, height: area.height, heights, inside, zoom: svg.querySelector('g.viewport').getAttribute('transform') };
  });
}

const round = (x) => Math.round(x * 10) / 10;

test('after Fit, node labels of five real channels read at 9 px or more in 1280 × 800', async () => {
  const page = await open('', { viewport: { width: 1280, height: 800 } });
  await waitGraph(page, 'acme-operator', 'stable');
  let loaded = null;
  for (const [rel, pkg, channel] of CHANNELS) {
    const file = join(CATALOGS, rel);
    if (loaded !== file) {
      await upload(page, file, pkg);
      loaded = file;
    }
    await showChannel(page, pkg, channel);
    const m = await fittedLabels(page);
    const what = `${pkg} / ${channel}`;
    assert.ok(m.heights.length > 0, `${what}: labels drawn`);
    const least = Math.min(...m.heights);
    console.log(`# ${what}: panel ${round(m.width)} × ${round(m.height)}, ${m.heights.length} labels, smallest ${round(least)} px, ${m.zoom}`);
    assert.ok(m.inside, `${what}: the whole graph is in the panel after Fit`);
    assert.ok(least >= 9, `${what}: smallest label ${round(least)} px`);
    await shot(page, `legibility-${pkg}-${channel}`);
  }
  await finish(page);
});

test('the project-quay package view reads at 7 px or more in 1920 × 1080', async () => {
  const page = await open('', { viewport: { width: 1920, height: 1080 } });
  await waitGraph(page, 'acme-operator', 'stable');
  await upload(page, join(CATALOGS, QUAY), 'project-quay');
  await page.click('[data-channel-all]');
  await waitGraph(page, 'project-quay', '');
  const m = await fittedLabels(page);
  const least = Math.min(...m.heights);
  console.log(`# project-quay / all channels: panel ${round(m.width)} × ${round(m.height)}, ${m.heights.length} labels, smallest ${round(least)} px, ${m.zoom}`);
  assert.ok(m.heights.length > 100, `labels drawn: ${m.heights.length}`);
  assert.ok(m.inside, 'the whole graph is in the panel after Fit');
  assert.ok(least >= 7, `smallest label ${round(least)} px`);
  // One caption per channel, the default channel (stable-3.17) first.
  const captions = await page.$$eval('svg.graph .lane-caption', (els) => els.map((e) => e.textContent));
  assert.equal(captions.length, 12, captions.join(', '));
  assert.equal(captions[0], 'stable-3.17');
  await shot(page, 'legibility-project-quay-all-channels');
  await finish(page);
});

test('hovering an entry with a skipRange marks exactly the bundles its range covers', async () => {
  const page = await open('', { viewport: { width: 1280, height: 800 } });
  await waitGraph(page, 'acme-operator', 'stable');
  const file = join(CATALOGS, SAIL);
  await upload(page, file, 'sailoperator');
  await showChannel(page, 'sailoperator', 'stable');
  await page.click('[data-testid=fit-view]');
  const channel = JSON.parse(cli(['graph', file, '-p', 'sailoperator', '-c', 'stable', '--json']))
    .channels.find((c) => c.name === 'stable');
  const into = new Map();
  for (const e of channel.edges.filter((x) => x.kind === 'skipRange')) {
    if (!into.has(e.to)) into.set(e.to, []);
    into.get(e.to).push(e.from);
  }
  assert.ok(into.size >= 2, 'entries with a skipRange');
  // In markers mode no fan is drawn until its entry is hovered.
  assert.equal(await page.locator('svg.graph g.fan.shown').count(), 0);
  let checked = 0;
  for (const [entry, sources] of into) {
    const node = page.locator(`svg.graph g.node[data-bundle="${entry}"]`);
    if (await node.locator(':scope > rect.box').count() === 0) continue; // collapsed in a group
    await node.hover();
    await page.waitForFunction((e) => document.querySelector(`svg.graph g.fan.shown[data-to="${e}"]`), entry);
    const covered = await page.$$eval('svg.graph g.node.covered', (ns) => ns.map((n) => n.dataset.bundle).sort());
    assert.deepEqual(covered, [...new Set(sources)].sort(), `${entry}: covered bundles`);
    const taps = await page.$$eval(`svg.graph g.fan.skipRange.shown[data-to="${entry}"] circle.tap`,
      (ts) => ts.map((t) => t.dataset.from).sort());
    assert.deepEqual(taps, [...new Set(sources)].sort(), `${entry}: its fan's taps`);
    const shownRail = await page.$eval(`svg.graph g.fan.skipRange.shown[data-to="${entry}"] path.rail`,
      (r) => getComputedStyle(r).display !== 'none');
    assert.ok(shownRail, `${entry}: its rail is drawn`);
    checked += 1;
    if (checked === 1) await shot(page, 'legibility-sailoperator-stable-hover');
  }
  assert.ok(checked >= 2, `entries hovered: ${checked}`);
  await page.mouse.move(2, 2);
  await page.waitForFunction(() => !document.querySelector('svg.graph g.node.covered'));
  await finish(page);
});

test('a group of absent bundles is one box that expands on click, as render --expand draws it', async () => {
  const page = await open('', { viewport: { width: 1280, height: 800 } });
  await waitGraph(page, 'acme-operator', 'stable');
  const file = join(CATALOGS, SCALEOPS);
  await upload(page, file, 'scaleops-operator');
  await showChannel(page, 'scaleops-operator', 'stable-v1.33');
  const svg = cli(['render', file, '-p', 'scaleops-operator', '-c', 'stable-v1.33', '-f', 'svg']);
  const [, entry, members] = /<g class="group virtual" data-group="([^"]+)" data-members="(\d+)"/.exec(svg);
  const group = page.locator(`svg.graph g.group[data-group="${entry}"]`);
  assert.equal(await group.getAttribute('data-members'), members);
  // Its bundles are in the drawing, without a box of their own, each with its name.
  const collapsed = await page.$$eval('svg.graph g.node.member', (ns) => ns.map((n) => n.dataset.bundle));
  assert.equal(collapsed.length, Number(members));
  assert.ok(await group.locator('title').textContent(), 'the group has a tooltip');
  await group.click();
  await page.waitForFunction(() => !document.querySelector('svg.graph g.group'));
  // Expanded: each absent bundle is its own box, as `render --expand ENTRY` draws them.
  const expanded = cli(['render', file, '-p', 'scaleops-operator', '-c', 'stable-v1.33', '-f', 'svg', '--expand', entry]);
  assert.doesNotMatch(expanded, /class="group virtual"/);
  assert.equal(await page.locator('svg.graph g.node.member').count(), 0);
  for (const name of collapsed) {
    assert.equal(await page.locator(`svg.graph g.node.virtual[data-bundle="${name}"] > rect.box`).count(), 1, name);
  }
  await finish(page);
});

test('resizing the window lays the channel out for the new panel and fits it', async () => {
  const page = await open('', { viewport: { width: 1280, height: 800 } });
  await waitGraph(page, 'acme-operator', 'stable');
  await upload(page, join(CATALOGS, HIVE), 'hive-operator');
  await showChannel(page, 'hive-operator', 'alpha');
  const small = await fittedLabels(page);
  const drawing = () => page.$eval('svg.graph rect.backdrop', (r) => `${r.getAttribute('width')}x${r.getAttribute('height')}`);
  const before = await drawing();
  const zoom = await page.getAttribute('svg.graph g.viewport', 'transform');
  await page.setViewportSize({ width: 1920, height: 1080 });
  // Laid out for the new panel (core may keep the same rows when they already fit it best) and
  // fitted again.
  await page.waitForFunction((z) => document.querySelector('svg.graph g.viewport').getAttribute('transform') !== z, zoom);
  await page.waitForTimeout(300);
  // Fitted without pressing Fit: the whole drawing is in the panel, and larger than before.
  const m = await page.evaluate(() => {
    const svg = document.querySelector('svg.graph');
    const area = svg.getBoundingClientRect();
    const boxes = [...svg.querySelectorAll('g.node > rect.box')].map((r) => r.getBoundingClientRect());
    return {
      inside: boxes.every((b) => b.left >= area.left - 1 && b.right <= area.right + 1 && b.top >= area.top - 1 && b.bottom <= area.bottom + 1),
      least: Math.min(...[...svg.querySelectorAll('g.node > text.version')].map((t) => t.getBoundingClientRect().height)),
    };
  });
  console.log(`# hive-operator / alpha: ${before} -> ${await drawing()}, smallest label ${round(Math.min(...small.heights))} -> ${round(m.least)} px`);
  assert.ok(m.inside, 'fitted to the new panel');
  assert.ok(m.least > Math.min(...small.heights), 'labels grow with the panel');
  await finish(page);
});
