// End-to-end tests of issue 46: a workspace that stays legible as it grows, and the mirror
// configuration written from the cluster state.
// 1. Tabs that fit: with every tab of a full workspace open (a catalog, cluster state and an
//    ImageSetConfiguration), at 1280×800 and 800×700 no inspector tab label is truncated
//    (scrollWidth ≤ clientWidth), the strip does not overflow, and every tab is either in the
//    strip or in the More menu; without cluster state or a configuration, Cluster and Mirror
//    are not in the strip but can be asked for from the More menu.
// 2. Problems that do not take the graph: koku-metrics-operator (1 error, 1 warning, a
//    split-catalog note) at 1280×800 folds the Problems panel and the split note to one line
//    each, the graph header is one row and the graph area ≥ 584 px, axe is clean; opened, the
//    Problems panel stays open for that catalog; at 800×700 no header control is clipped.
// 3. The Mirror tab's "From the cluster state" downloads the YAML `olm-graph mirror-config`
//    prints for the same state, catalog and image.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { app, open, finish, shot, waitGraph, cli, CATALOGS, ROOT, audit, inspector } from './harness.mjs';

const NEURON = join(CATALOGS, 'community-operators-prod/v4.21/aws-neuron-operator.yaml');
const ISC = join(ROOT, 'tests/e2e/fixtures/mirror-neuron.yaml');
const STATE = join(ROOT, 'tests/e2e/fixtures/cluster-stuck.yaml');
const DESCHEDULER = join(CATALOGS, 'openshift-kube-descheduler-fbc/v4.16/cluster-kube-descheduler-operator.json');
const KOKU_CATALOG = join(CATALOGS, 'community-operators-prod/v4.21/koku-metrics-operator.yaml');
const KOKU_PREVIEW = join(ROOT, 'tests/e2e/fixtures/koku-preview.yaml');
const ALL_TABS = ['details', 'simulate', 'plan', 'findings', 'cluster', 'mirror'];

app();

/** The inspector's tab strip as laid out: the tabs shown (with their label's widths), the
 *  tabs listed but moved to the More menu, and whether the strip itself overflows. */
const strip = (page) => page.evaluate(() => {
  const list = document.querySelector('#inspector-tablist');
  const tabs = [...list.querySelectorAll('[role=tab]')].filter((t) => !t.hidden);
  const box = list.getBoundingClientRect();
  return {
    shown: tabs.filter((t) => !t.classList.contains('overflowed')).map((t) => {
      const r = t.getBoundingClientRect();
      return { tab: t.dataset.testid.replace('inspector-tab-', ''), text: t.textContent, scroll: t.scrollWidth, client: t.clientWidth,
        inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.width > 0 };
    }),
    overflowed: tabs.filter((t) => t.classList.contains('overflowed')).map((t) => t.dataset.testid.replace('inspector-tab-', '')),
    stripOverflows: list.scrollWidth > list.clientWidth,
    more: !document.querySelector('.inspector-more').classList.contains('unused'),
  };
});

/** The More menu's items, opened and measured, then closed. */
async function moreItems(page) {
  await page.click('[data-testid=inspector-more-button]');
  await page.locator('[data-testid=inspector-more-menu]').waitFor({ state: 'visible' });
  const items = await page.$$eval('[data-testid=inspector-more-menu] [role=menuitem]', (ns) => ns.map((n) => {
    const label = n.querySelector('.inspector-more-label');
    return { tab: n.dataset.testid.replace('inspector-more-', ''), scroll: label.scrollWidth, client: label.clientWidth };
  }));
  await page.keyboard.press('Escape');
  return items;
}

async function openInspector(page) {
  if (await page.locator('#inspector-tablist').isVisible()) return;
  await page.click('[data-testid=open-inspector-drawer]');
  await page.waitForFunction(() => {
    const r = document.querySelector('#inspector-drawer').getBoundingClientRect();
    return r.right <= window.innerWidth + 0.5;
  });
}

for (const [width, height] of [[1280, 800], [800, 700]]) {
  test(`${width} × ${height}: every tab of a full workspace reads in full, in the strip or the More menu`, async () => {
    const page = await open('', { viewport: { width, height }, bypassCSP: true });
    await page.setInputFiles('[data-testid=catalog-file-input]', NEURON);
    await waitGraph(page, 'aws-neuron-operator');
    await openInspector(page);
    // Nothing but the catalog: Cluster and Mirror are not in the strip, the More menu offers them.
    let s = await strip(page);
    assert.deepEqual([...s.shown.map((t) => t.tab), ...s.overflowed], ['details', 'simulate', 'plan', 'findings']);
    const offered = (await moreItems(page)).map((i) => i.tab);
    assert.ok(offered.includes('cluster') && offered.includes('mirror'), `offered: ${offered}`);

    if (width < 1000) await page.keyboard.press('Escape');
    await page.setInputFiles('[data-testid=catalog-file-input]', ISC);
    await page.locator('[data-testid=mirror-summary]').waitFor({ state: 'attached' });
    await page.setInputFiles('[data-testid=catalog-file-input]', STATE);
    await page.locator('[data-testid=cluster-operator]').first().waitFor({ state: 'attached' });
    await openInspector(page);
    await page.waitForTimeout(400); // the strip is measured again after the fonts settle
    s = await strip(page);
    const listed = [...s.shown.map((t) => t.tab), ...s.overflowed].sort();
    assert.deepEqual(listed, [...ALL_TABS].sort(), 'every tab of the workspace is listed');
    assert.ok(!s.stripOverflows, `the strip does not overflow: ${JSON.stringify(s)}`);
    for (const t of s.shown) {
      assert.ok(t.scroll <= t.client, `${width}: tab ${t.text} is not truncated (${t.scroll} > ${t.client})`);
      assert.ok(t.inside, `${width}: tab ${t.text} lies inside the strip`);
    }
    assert.equal(s.more, s.overflowed.length > 0, 'the More button shows exactly when a tab is in it');
    if (s.overflowed.length) {
      const items = await moreItems(page);
      assert.deepEqual(items.map((i) => i.tab), s.overflowed);
      for (const i of items) assert.ok(i.scroll <= i.client, `${width}: menu item ${i.tab} is not truncated`);
      // Choosing an overflowed tab shows it in the strip, selected, still in full.
      const pick = s.overflowed[0];
      await page.click('[data-testid=inspector-more-button]');
      await page.click(`[data-testid=inspector-more-${pick}]`);
      await page.locator(`#inspector-${pick}`).waitFor({ state: 'visible' });
      await page.waitForTimeout(100);
      const after = await strip(page);
      const chosen = after.shown.find((t) => t.tab === pick);
      assert.ok(chosen, `${pick} is in the strip once chosen`);
      assert.ok(chosen.scroll <= chosen.client && !after.stripOverflows);
    }
    if (width === 1280) await shot(page, 'issue46-tabs-1280');
    else await shot(page, 'issue46-tabs-800');
    await audit(page, `tabs at ${width}`);
    await finish(page);
  });
}

// The koku-metrics-operator folder of the issue: the real catalog file
// (community-operators-prod/v4.21/koku-metrics-operator.yaml) copied beside
// tests/e2e/fixtures/koku-preview.yaml (a made-up "preview" channel with one deliberate error,
// an entry without olm.bundle, which is also the sign of a split catalog, and one deliberate
// warning, a key in the wrong case) into a folder named koku-metrics-operator. At 1280 × 800
// the Problems line and the split-catalog note are both shown, one line each, and the graph
// area keeps at least 584 px; at 800 × 700 the graph header's controls all read in full.
function kokuFolder() {
  const dir = join(mkdtempSync(join(tmpdir(), 'olm-graph-koku-')), 'koku-metrics-operator');
  mkdirSync(dir);
  copyFileSync(KOKU_CATALOG, join(dir, 'koku-metrics-operator.yaml'));
  copyFileSync(KOKU_PREVIEW, join(dir, 'preview.yaml'));
  return dir;
}

/** The graph header as laid out: its height, the rows its controls sit on (distinct vertical
 *  centres), and the shown controls and texts whose text does not fit (scrollWidth >
 *  clientWidth) or that reach past the window. */
const header = (page) => page.evaluate(() => {
  const banner = document.querySelector('.graph-banner');
  const shown = [...banner.querySelectorAll('button, input, .graph-title, .graph-stats, .zoom')]
    .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden');
  const controls = shown.filter((e) => (e.matches('button, input')) && !e.closest('.notice') && !e.closest('[role=menu]'));
  const centre = (e) => { const r = e.getBoundingClientRect(); return (r.top + r.bottom) / 2; };
  const rows = new Set(controls.map((e) => Math.round(centre(e) / 12)));
  return {
    height: banner.getBoundingClientRect().height,
    rows: rows.size,
    clipped: shown.filter((e) => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((e) => `${e.dataset.testid || e.className}: ${e.textContent.trim().slice(0, 30)} (${e.scrollWidth} > ${e.clientWidth})`),
  };
});

test('koku-metrics-operator at 1280 × 800: Problems line and split note folded, graph ≥ 584 px, header in one row', async () => {
  const koku = kokuFolder();
  const page = await open('', { viewport: { width: 1280, height: 800 }, bypassCSP: true });
  await page.setInputFiles('[data-testid=catalog-dir-input]', koku);
  await waitGraph(page, 'koku-metrics-operator');
  await page.locator('[data-testid=error-panel]').waitFor({ state: 'visible' });
  await page.locator('[data-testid=split-notice]').waitFor({ state: 'visible' });
  await page.waitForTimeout(300);
  const line = await page.textContent('[data-testid=problems-line]');
  assert.match(line, /^1 error, 1 warning: /, line);
  assert.equal(await page.textContent('[data-testid=split-line]'), 'Part of a split catalog? 1 entry without a bundle');
  assert.equal(await page.getAttribute('[data-testid=problems-toggle]', 'aria-expanded'), 'false');
  assert.equal(await page.getAttribute('[data-testid=split-toggle]', 'aria-expanded'), 'false');
  const heights = await page.evaluate(() => {
    const h = (s) => document.querySelector(s).getBoundingClientRect().height;
    return { graph: h('.graph-area'), problems: h('[data-testid=error-panel]'), split: h('[data-testid=split-notice]') };
  });
  assert.ok(heights.problems <= 45 && heights.split <= 45, `one line each: ${JSON.stringify(heights)}`);
  assert.ok(heights.graph >= 584, `the graph area is ${heights.graph} px tall: ${JSON.stringify(heights)}`);
  const h = await header(page);
  assert.ok(h.rows === 1 && h.height <= 50, `the graph header is one row: ${JSON.stringify(h)}`);
  assert.deepEqual(h.clipped, [], 'no control of the graph header is clipped');
  await audit(page, 'koku folded');
  await shot(page, 'issue46-koku-1280');

  // Opened, the problems are listed; the choice is kept for this catalog.
  await page.click('[data-testid=problems-toggle]');
  await page.locator('#problems-body .findings').waitFor({ state: 'visible' });
  await audit(page, 'koku opened');
  await page.setInputFiles('[data-testid=catalog-dir-input]', koku);
  await waitGraph(page, 'koku-metrics-operator');
  await page.waitForTimeout(500);
  assert.equal(await page.getAttribute('[data-testid=problems-toggle]', 'aria-expanded'), 'true');
  await finish(page);
});

test('koku-metrics-operator at 800 × 700: the graph header\'s controls read in full', async () => {
  const page = await open('', { viewport: { width: 800, height: 700 }, bypassCSP: true });
  await page.setInputFiles('[data-testid=catalog-dir-input]', kokuFolder());
  await waitGraph(page, 'koku-metrics-operator');
  await page.locator('[data-testid=split-notice]').waitFor({ state: 'visible' });
  await page.waitForTimeout(300);
  const h = await header(page);
  assert.deepEqual(h.clipped, [], `no control of the graph header is clipped: ${JSON.stringify(h)}`);
  const graph = await page.evaluate(() => document.querySelector('.graph-area').getBoundingClientRect().height);
  assert.ok(graph >= 380, `the graph area is ${graph} px tall`);
  await audit(page, 'koku at 800');
  await shot(page, 'issue46-koku-800');
  await finish(page);
});

test('From the cluster state: the Mirror tab downloads what mirror-config prints', async () => {
  const image = 'registry.example.com/redhat/redhat-operator-index:v4.16';
  const want = cli(['mirror-config', DESCHEDULER, '--for', STATE, '--catalog-image', image]);
  const page = await open('', { viewport: { width: 1280, height: 800 }, bypassCSP: true, acceptDownloads: true });
  await page.setInputFiles('[data-testid=catalog-file-input]', DESCHEDULER);
  await waitGraph(page, 'cluster-kube-descheduler-operator');
  await page.setInputFiles('[data-testid=catalog-file-input]', STATE);
  await page.locator('[data-testid=cluster-operator]').first().waitFor();
  await inspector(page, 'mirror');
  const from = page.locator('[data-testid=mirror-from-state]');
  await from.waitFor({ state: 'visible' });
  await page.fill('[data-testid=mirror-from-state-image]', image);
  await page.locator('[data-testid=mirror-from-state-channels] li').first().waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('[data-testid=mirror-from-state-download]'),
  ]);
  const got = readFileSync(await download.path(), 'utf8');
  assert.equal(got, want);
  await audit(page, 'mirror from the cluster state');
  await shot(page, 'issue46-mirror-from-state');
  await finish(page);
});
