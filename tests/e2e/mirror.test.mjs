// End-to-end test of the mirror preview (issue 32, item 4): the real aws-neuron-operator catalog
// (community-operators-prod v4.21) is opened, then an ImageSetConfiguration that keeps its Fast
// channel from minVersion 0.1.2 (tests/e2e/fixtures/mirror-neuron.yaml) is opened alone: the
// catalog stays, the Mirror tab opens, `mirror=1` goes into the URL, and the graph marks what
// core's cut says (crates/core/tests/it/mirror.rs `marks_on_a_drawn_channel` has the same
// case): 0.0.3 dropped, 0.0.5 kept only for the chain, 0.0.1 and 0.0.2 stranded, the Stable
// channel not mirrored. Geometry at 1280×800 (the marks inside the graph area), the legend's
// entries, axe, the screenshot docs/screenshots/mirror-stranded.png; then minVersion lowered
// to 0.0.1 in the form removes the stranded rings, and a reload keeps the toggle on. The kept
// catalog's download (written by the tools worker) equals `olm-graph mirror -o`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { app, open, finish, waitGraph, cli, CATALOGS, ROOT, audit, boxInside, settledBox } from './harness.mjs';

const CATALOG = join(CATALOGS, 'community-operators-prod/v4.21/aws-neuron-operator.yaml');
const CONFIG = join(ROOT, 'tests/e2e/fixtures/mirror-neuron.yaml');
const PKG = 'aws-neuron-operator';
const SCREENSHOT = join(ROOT, 'docs/screenshots/mirror-stranded.png');
const node = (v) => `svg.graph g.node[data-bundle="aws-neuron-operator.v${v}"]`;

app();

test('a configuration that strands bundles: dropped, required, stranded and the new head on the graph; lowering minVersion removes the rings', async () => {
  const page = await open('', { viewport: { width: 1280, height: 800 }, bypassCSP: true });
  await page.setInputFiles('[data-testid=catalog-file-input]', CATALOG);
  await waitGraph(page, PKG);
  await page.setInputFiles('[data-testid=catalog-file-input]', CONFIG);
  await page.waitForSelector(`${node('0.0.1')}[data-mirror="stranded"]`);
  // The configuration alone kept the catalog, opened the Mirror tab and turned the toggle on.
  assert.equal(await page.textContent('[data-testid=catalog-label]'), 'aws-neuron-operator.yaml');
  assert.equal(await page.getAttribute('[data-testid=inspector-tab-mirror]', 'aria-selected'), 'true');
  assert.equal(await page.getAttribute('[data-testid=mirror-toggle]', 'aria-pressed'), 'true');
  assert.match(new URL(page.url()).search, /mirror=1/);

  // The marks: core's cut (crates/core/tests/it/mirror.rs, marks_on_a_drawn_channel).
  const marks = Object.fromEntries(await page.$$eval('svg.graph g.node[data-mirror]',
    (ns) => ns.map((n) => [n.dataset.bundle.replace('aws-neuron-operator.v', ''), n.dataset.mirror])));
  assert.equal(marks['0.0.1'], 'stranded');
  assert.equal(marks['0.0.2'], 'stranded');
  assert.equal(marks['0.0.3'], 'dropped');
  assert.equal(marks['0.0.5'], 'required');
  assert.equal(marks['1.2.0'], 'kept');
  assert.match(await page.getAttribute(node('1.2.0'), 'class'), /\bmirror-head\b/);
  assert.equal(await page.locator(`${node('0.0.1')} .mirror-ring`).count(), 1);
  assert.equal(await page.locator(`${node('0.0.3')} .mirror-hatch`).count(), 1);
  // The channel the cut drops is marked in the channel list.
  assert.equal(await page.getAttribute('[data-channel="Stable"]', 'data-mirror-dropped'), 'true');
  assert.equal(await page.locator('[data-channel="Fast"][data-mirror-dropped]').count(), 0);
  // The panel: the cut, the stranded bundles with the change that gives each a path.
  assert.match(await page.textContent('[data-testid=mirror-cut]'), /Channel Fast: 9 of 12 bundles kept \(1 only for the chain\), 3 dropped, 2 stranded/);
  const stranded = await page.$$eval('[data-testid=mirror-stranded] li', (ls) => ls.map((l) => l.textContent));
  assert.equal(stranded.length, 2);
  assert.match(stranded[0], /set channel Fast minVersion to 0\.0\.1/);
  assert.equal(await page.inputValue('[data-testid=mirror-channel-min]'), '0.1.2');

  // Legend: one entry per mark.
  for (const mark of ['dropped', 'required', 'stranded', 'head']) {
    assert.equal(await page.locator(`.legend [data-legend-mirror="${mark}"]`).count(), 1, `legend ${mark}`);
  }

  // Geometry at 1280×800: each mark is drawn inside the graph area and the window.
  const win = { x: 0, y: 0, width: 1280, height: 800 };
  await page.click('[data-testid=fit-view]');
  const graph = await settledBox(page.locator('svg.graph'));
  for (const [what, sel] of [['stranded ring', `${node('0.0.1')} .mirror-ring`], ['dropped hatch', `${node('0.0.3')} .mirror-hatch`],
    ['required box', `${node('0.0.5')} .box`], ['new head', `${node('1.2.0')} .box`]]) {
    const box = await settledBox(page.locator(sel));
    boxInside(box, graph, `${what} in the graph`);
    boxInside(box, win, `${what} in the window`);
  }
  boxInside(await page.locator('[data-testid=mirror-channel-min]').boundingBox(), win, 'the minVersion field');
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);

  await audit(page, 'the Mirror tab with stranded bundles');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: SCREENSHOT });

  // The kept catalog, written by the tools worker from the files opened: the CLI's bytes.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('[data-testid=mirror-download-catalog]'),
  ]);
  assert.equal(download.suggestedFilename(), 'mirrored-catalog.json');
  const tmp = mkdtempSync(join(tmpdir(), 'olm-mirror-'));
  const path = join(tmp, 'app.json');
  await download.saveAs(path);
  cli(['mirror', CATALOG, '--config', CONFIG, '-o', join(tmp, 'cli.json')]);
  assert.equal(readFileSync(path, 'utf8'), readFileSync(join(tmp, 'cli.json'), 'utf8'));
  assert.equal(await page.locator('[data-testid=mirror-download-error]').count(), 0);

  // minVersion lowered to 0.0.1 in the form: the rings go at once, the field keeps its focus.
  await page.fill('[data-testid=mirror-channel-min]', '0.0.1');
  await page.waitForSelector('svg.graph g.node[data-mirror="stranded"]', { state: 'detached' });
  assert.equal(await page.locator('svg.graph .mirror-ring').count(), 0);
  assert.equal(await page.getAttribute(node('0.0.1'), 'data-mirror'), 'kept');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'mirror-channel-min');
  // A malformed version: oc-mirror's validation error, inline.
  await page.fill('[data-testid=mirror-channel-min]', 'one');
  const error = page.locator('[data-testid=mirror-errors]');
  await error.waitFor();
  assert.match(await error.textContent(), /invalid configuration: .*minVersion "one" must respect semantic versioning notation/);

  // The URL keeps the toggle across a reload (the configuration itself is a local file).
  await page.reload();
  await page.waitForSelector('[data-testid=mirror-toggle][aria-pressed="true"]');
  await finish(page);
});
