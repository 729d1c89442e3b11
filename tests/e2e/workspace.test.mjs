// The page as a person sees it, at 1280 × 800 and 800 × 700, on the real catalogs: every main
// view (the graph with a bundle's details, each inspector tab, focus mode, the lifecycle tools,
// the template studio) keeps everything inside its panel and the window with no sideways
// scroll, the title on one line, one computed style for every panel heading and one font and
// height per kind of control. A clicked bundle's details and "Simulate from here"'s outcome are
// in view without scrolling; focus mode gives the graph the window. axe finds nothing in any
// inspector tab, in both themes, nor in focus mode. Screenshots: test-output/workspace-*.png,
// copied to docs/screenshots/ when OLM_SCREENSHOTS=1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { app, open, finish, waitGraph, upload, showChannel, inspector, CATALOGS, OUT, ROOT, tool, audit } from './harness.mjs';

app();

const GPU = join(CATALOGS, 'certified-operators/v4.22/gpu-operator-certified.yaml');
const QUAY = join(CATALOGS, 'community-operators-prod/v4.21/project-quay.yaml');
const BUNDLE = 'gpu-operator-certified.v24.6.2';
const SIZES = [[1280, 800], [800, 700]];
const TABS = ['details', 'simulate', 'plan', 'findings'];

/** Saves a screenshot to test-output/ (and docs/screenshots/ with OLM_SCREENSHOTS=1). */
async function view(page, name) {
  const file = join(OUT, `workspace-${name}.png`);
  await page.screenshot({ path: file });
  if (process.env.OLM_SCREENSHOTS === '1') {
    const dir = join(ROOT, 'docs/screenshots');
    mkdirSync(dir, { recursive: true });
    copyFileSync(file, join(dir, `workspace-${name}.png`));
  }
}

/** Everything a person would see go wrong: sideways scroll, elements outside their panel or
 *  the window, a title on two lines. Returns a list of problems (empty: fine). */
function geometry(page) {
  return page.evaluate(() => {
    const problems = [];
    const W = window.innerWidth;
    const doc = document.scrollingElement;
    if (doc.scrollWidth > W + 1) problems.push(`sideways scroll: ${doc.scrollWidth} > ${W}`);
    const h1 = document.querySelector('.topbar h1');
    const lh = parseFloat(getComputedStyle(h1).lineHeight) || parseFloat(getComputedStyle(h1).fontSize) * 1.4;
    if (h1.getBoundingClientRect().height > lh * 1.5) problems.push(`title wraps: ${h1.getBoundingClientRect().height} px tall`);
    const visible = (e) => {
      const s = getComputedStyle(e);
      const r = e.getBoundingClientRect();
      return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 1 && r.height > 1;
    };
    const panels = ['.topbar', '.sidebar', '.center > .channel-tabs', '.graph-banner', '.legend',
      '.inspector-tabs', '.inspector-pane:not([hidden])', '.lifecycle', '.studio'];
    for (const sel of panels) {
      for (const panel of document.querySelectorAll(sel)) {
        if (!visible(panel)) continue;
        const p = panel.getBoundingClientRect();
        if (p.left < -1 || p.right > W + 1) problems.push(`${sel} outside the window: ${p.left}..${p.right}`);
        for (const e of panel.querySelectorAll('*')) {
          if (e.closest('svg') || e.closest('[hidden]') || !visible(e)) continue;
          // Inside a box that clips or scrolls sideways, only that box counts.
          let clipped = false;
          for (let a = e.parentElement; a && a !== panel; a = a.parentElement) {
            if (getComputedStyle(a).overflowX !== 'visible') { clipped = true; break; }
          }
          if (clipped) continue;
          const r = e.getBoundingClientRect();
          if (r.left < p.left - 1 || r.right > p.right + 1) {
            const id = e.dataset.testid || e.className || e.tagName;
            problems.push(`${sel}: ${e.tagName.toLowerCase()} ${id} at ${Math.round(r.left)}..${Math.round(r.right)} outside ${Math.round(p.left)}..${Math.round(p.right)}`);
          }
        }
      }
    }
    return problems.slice(0, 12);
  });
}

/** Whether the element is wholly inside the window. */
function inWindow(page, selector) {
  return page.evaluate((sel) => {
    const e = document.querySelector(sel);
    if (!e) return false;
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  }, selector);
}

/** Computed font and size of the panel headings and the controls of every inspector tab. */
async function styles(page) {
  const out = { headings: [], selects: [], fields: [] };
  for (const tab of TABS) {
    await inspector(page, tab);
    const s = await page.evaluate((t) => {
      const pane = document.querySelector(`#inspector-${t}`);
      const font = (e) => { const c = getComputedStyle(e); return `${c.fontFamily} ${c.fontSize} ${c.fontWeight}`; };
      const shown = (e) => e.getBoundingClientRect().height > 0;
      const h = pane.querySelector('.panel-heading');
      return {
        heading: h && `${getComputedStyle(h).fontSize} ${getComputedStyle(h).fontWeight}`,
        selects: [...pane.querySelectorAll('select')].filter(shown).map((e) => `${font(e)} ${e.getBoundingClientRect().height}`),
        fields: [...pane.querySelectorAll('input[type=text], input:not([type]), input[type=search], input[type=url]')]
          .filter(shown).map((e) => `${font(e)} ${e.getBoundingClientRect().height}`),
      };
    }, tab);
    out.headings.push(`${tab}: ${s.heading}`);
    out.selects.push(...s.selects);
    out.fields.push(...s.fields);
  }
  return out;
}

const distinct = (xs) => [...new Set(xs)];

async function gpuPage(width, height, options = {}) {
  const page = await open('', { viewport: { width, height }, ...options });
  await waitGraph(page, 'acme-operator', 'stable');
  await upload(page, GPU, 'gpu-operator-certified');
  await showChannel(page, 'gpu-operator-certified', 'stable');
  return page;
}

for (const [width, height] of SIZES) {
  test(`${width} × ${height}: graph, details and every inspector tab keep to their panels; one style per kind`, async () => {
    const page = await gpuPage(width, height);
    const size = `${width}x${height}`;
    assert.deepEqual(await geometry(page), [], 'the graph view');
    await view(page, `graph-${size}`);

    await page.click(`[data-bundle="${BUNDLE}"]`);
    if (width < 1000) await inspector(page, 'details');
    await page.locator(`[data-details-bundle="${BUNDLE}"]`).waitFor();
    assert.ok(await inWindow(page, '[data-testid=details-panel] [data-field=name]'), 'the name is in view');
    assert.ok(await inWindow(page, '[data-testid=details-panel] [data-field=version]'), 'the version is in view');
    assert.deepEqual(await geometry(page), [], 'details');
    await view(page, `details-${size}`);

    const s = await styles(page);
    assert.equal(distinct(s.headings.map((h) => h.split(': ')[1])).length, 1, `one heading style: ${s.headings.join(', ')}`);
    assert.ok(s.selects.length >= 3, `selects measured: ${s.selects.length}`);
    assert.equal(distinct(s.selects).length, 1, `one select style: ${distinct(s.selects).join(' | ')}`);
    assert.ok(s.fields.length >= 3, `text fields measured: ${s.fields.length}`);
    assert.equal(distinct(s.fields).length, 1, `one text field style: ${distinct(s.fields).join(' | ')}`);
    for (const tab of TABS) {
      await inspector(page, tab);
      assert.deepEqual(await geometry(page), [], `${tab} tab`);
      await view(page, `${tab}-${size}`);
    }
    if (width < 1000) {
      await page.keyboard.press('Escape');
      await page.locator('#inspector-drawer').waitFor({ state: 'hidden' });
    }

    // The lifecycle tools and the template studio lie over the inspector: the graph keeps its size.
    const graphWidth = () => page.evaluate(() => document.querySelector('svg.graph').getBoundingClientRect().width);
    const before = await graphWidth();
    await tool(page, 'truncate');
    await page.locator('[data-testid=lifecycle-truncate]').waitFor();
    assert.ok(await graphWidth() >= before - 1, 'the lifecycle tools do not narrow the graph');
    assert.deepEqual(await geometry(page), [], 'lifecycle tools');
    await view(page, `lifecycle-${size}`);
    await tool(page, 'truncate');
    await tool(page, 'studio');
    await page.locator('[data-testid=studio-body]').waitFor();
    assert.ok(await graphWidth() >= before - 1, 'the studio does not narrow the graph');
    assert.deepEqual(await geometry(page), [], 'template studio');
    await view(page, `studio-${size}`);
    await finish(page);
  });
}

test('1280 × 800: clicking v24.6.2 shows its details; "Simulate from here" shows the outcome and paints the path', async () => {
  const page = await gpuPage(1280, 800);
  await inspector(page, 'plan'); // whatever tab was open, the selection brings the details
  await page.click(`[data-bundle="${BUNDLE}"]`);
  await page.locator(`[data-details-bundle="${BUNDLE}"]`).waitFor();
  assert.equal(await page.getAttribute('[data-testid=inspector-tab-details]', 'aria-selected'), 'true');
  assert.ok(await inWindow(page, '[data-testid=details-panel] [data-field=name]'), 'the name is in view');
  assert.ok(await inWindow(page, '[data-testid=details-panel] [data-field=version]'), 'the version is in view');
  await page.click('[data-testid=simulate-from-selection]');
  await page.locator('[data-testid=path-outcome]').waitFor();
  await page.waitForTimeout(150);
  assert.ok(await inWindow(page, '[data-testid=path-outcome]'), 'the outcome is in view');
  assert.equal(await page.inputValue('[data-testid=installed-picker]'), BUNDLE);
  await page.waitForFunction(() => document.querySelectorAll('svg.graph [data-path-step]').length >= 2);
  assert.equal(new URL(page.url()).searchParams.get('inspector'), 'simulate');
  await view(page, 'simulate-from-here');
  // Clicking the selected bundle again brings its details back.
  await page.click(`[data-bundle="${BUNDLE}"]`);
  await page.locator('#inspector-details').waitFor({ state: 'visible' });
  assert.equal(await page.getAttribute('[data-testid=inspector-tab-details]', 'aria-selected'), 'true');
  assert.ok(await inWindow(page, '[data-testid=details-panel] [data-field=name]'), 'the name is in view again');
  // "Plan from here" fills the plan's starting point.
  await inspector(page, 'details');
  await page.click('[data-testid=plan-from-selection]');
  assert.equal(await page.inputValue('[data-testid=plan-from]'), BUNDLE);
  await finish(page);
});

test('inspector= opens that tab; an unknown value opens Details', async () => {
  for (const tab of [...TABS, 'nonsense']) {
    const page = await open(`?inspector=${tab}`, { viewport: { width: 1280, height: 800 } });
    await waitGraph(page, 'acme-operator', 'stable');
    const want = TABS.includes(tab) ? tab : 'details';
    await page.locator(`#inspector-${want}`).waitFor({ state: 'visible' });
    assert.equal(await page.getAttribute(`[data-testid=inspector-tab-${want}]`, 'aria-selected'), 'true');
    const testid = { details: 'details-panel', simulate: 'simulation-panel', plan: 'plan-panel', findings: 'lint-panel' }[want];
    assert.ok(await page.isVisible(`[data-testid=${testid}]`), `${testid} visible`);
    for (const other of TABS.filter((t) => t !== want)) {
      assert.equal(await page.isVisible(`#inspector-${other}`), false, `${other} hidden`);
    }
    await finish(page);
  }
});

test('focus mode: project-quay\'s package view gets the window and reads at 10 px (median)', async () => {
  const page = await open('', { viewport: { width: 1280, height: 800 } });
  await waitGraph(page, 'acme-operator', 'stable');
  await upload(page, QUAY, 'project-quay');
  await page.click('[data-channel-all]');
  await waitGraph(page, 'project-quay', '');
  const measure = () => page.evaluate(() => {
    const svg = document.querySelector('svg.graph');
    const hs = [...svg.querySelectorAll('g.node > text.version')].map((t) => t.getBoundingClientRect().height).sort((a, b) => a - b);
    return { width: svg.closest('.graph-panel').getBoundingClientRect().width, median: hs[Math.floor(hs.length / 2)], n: hs.length };
  });
  const before = await measure();
  await page.click('[data-testid=focus-graph]');
  await page.waitForTimeout(700); // laid out again for the new size, then fitted
  const after = await measure();
  console.log(`# project-quay all channels: graph panel ${Math.round(before.width)} → ${Math.round(after.width)} px, median label ${before.median?.toFixed(1)} → ${after.median?.toFixed(1)} px (${after.n} labels)`);
  assert.ok(after.width >= 1150, `graph panel ${after.width} px`);
  assert.ok(after.width >= 0.9 * 1280, 'at least 90% of the window');
  assert.ok(after.median >= 10, `median label ${after.median} px`);
  assert.equal(new URL(page.url()).searchParams.get('focus'), '1');
  assert.deepEqual(await geometry(page), [], 'focus mode');
  await view(page, 'focus-1280x800');
  // The key f restores the panels (and the URL forgets focus).
  await page.locator('svg.graph').focus();
  await page.keyboard.press('f');
  await page.locator('[data-testid=inspector-tab-details]').waitFor({ state: 'visible' });
  assert.equal(new URL(page.url()).searchParams.get('focus'), null);
  await finish(page);
  // focus=1 in the URL opens in focus mode, at 800 × 700 too.
  const narrow = await open('?focus=1', { viewport: { width: 800, height: 700 } });
  await waitGraph(narrow, 'acme-operator', 'stable');
  const w = await narrow.evaluate(() => document.querySelector('.graph-panel').getBoundingClientRect().width);
  assert.ok(w >= 0.9 * 800, `graph ${w} px of 800`);
  assert.deepEqual(await geometry(narrow), [], 'focus mode at 800 × 700');
  await view(narrow, 'focus-800x700');
  await finish(narrow);
});

/** Runs axe on the page and fails with every violation and where it is. */
test('axe: every inspector tab in both themes, and focus mode', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const page = await gpuPage(1280, 800, { bypassCSP: true, colorScheme });
    await page.click(`[data-bundle="${BUNDLE}"]`);
    await page.locator(`[data-details-bundle="${BUNDLE}"]`).waitFor();
    await page.click('[data-testid=simulate-from-selection]');
    await page.locator('[data-testid=path-outcome]').waitFor();
    for (const tab of TABS) {
      await inspector(page, tab);
      await audit(page, `${tab} tab (${colorScheme})`);
    }
    await page.click('[data-testid=focus-graph]');
    await page.waitForTimeout(300);
    await audit(page, `focus mode (${colorScheme})`);
    await finish(page);
  }
});
