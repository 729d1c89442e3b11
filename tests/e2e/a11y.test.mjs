// Accessibility and narrow windows, end to end:
//  - axe-core (npm, injected by Playwright into contexts that bypass the page's CSP: for the
//    audit only) reports no violation on the sample (light and dark, and 800 px wide with each
//    drawer open), the gpu-operator channel, the simulation with a path painted, the lifecycle
//    drawer open (each tool), and the embed view;
//  - at 800 px wide nothing scrolls sideways, the side panels are drawers opened from the top
//    bar, and every panel is reachable and inside the window;
//  - the keyboard reaches the graph's bundles and moves along the edges.
// Every other test runs under the CSP (see app.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { app, open, finish, shot, waitGraph, upload, showChannel, CATALOGS, ROOT, inspector, tool, audit } from './harness.mjs';

const GPU = join(CATALOGS, 'certified-operators/v4.22/gpu-operator-certified.yaml');
const FIX = join(ROOT, 'crates/core/tests/fixtures/resolve');

app();

/** A page whose context bypasses the CSP, so that axe can be injected. */
const auditPage = (query = '', options = {}) =>
  open(query, { viewport: { width: 1280, height: 800 }, bypassCSP: true, ...options });

/** Runs axe on the page (or frame) and fails with every violation and where it is. */
test('axe: the sample in light and dark, and the embed view', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const page = await auditPage('', { colorScheme });
    await waitGraph(page, 'acme-operator', 'stable');
    await audit(page, `sample (${colorScheme})`);
    // A selected bundle, its details and the hover highlight.
    await page.click('[data-bundle="acme-operator.v1.0.0"]');
    await page.locator('[data-details-bundle="acme-operator.v1.0.0"]').waitFor();
    await audit(page, `sample with a bundle selected (${colorScheme})`);
    await finish(page);
  }
  const embed = await auditPage('?embed=1');
  await waitGraph(embed, 'acme-operator', 'stable');
  await audit(embed, 'embed view');
  await finish(embed);
});

test('axe: the gpu-operator channel and the simulation with its path painted', async () => {
  const page = await auditPage();
  await waitGraph(page, 'acme-operator', 'stable');
  await upload(page, GPU, 'gpu-operator-certified');
  await showChannel(page, 'gpu-operator-certified', 'stable');
  await audit(page, 'gpu-operator-certified / stable');
  await page.click('[data-testid=fan-toggle]');
  await page.waitForFunction(() => document.querySelector('svg.graph').dataset.fans === 'edges');
  await audit(page, 'gpu-operator-certified / stable, every edge drawn');
  await upload(page, join(FIX, 'v0-v1-differ.yaml'), 'differ');
  await inspector(page, 'simulate');
  await page.check('[data-testid=instant]');
  await page.selectOption('[data-testid=resolver-select]', 'both');
  await page.fill('[data-testid=installed-picker]', 'differ.v1.0.0');
  await page.dispatchEvent('[data-testid=installed-picker]', 'change');
  await page.waitForSelector('svg.graph g.node[data-path-current="true"]');
  await audit(page, 'simulation with its path painted');
  await shot(page, 'a11y-simulation');
  await finish(page);
});

test('axe: the lifecycle drawer open, each tool', async () => {
  const page = await auditPage();
  await waitGraph(page, 'acme-operator', 'stable');
  for (const id of ['truncate', 'diff', 'template']) {
    await tool(page, id);
    await page.locator(`[data-testid=lifecycle-${id}]`).waitFor();
    if (id === 'truncate') {
      await page.selectOption('[data-testid=truncate-bundle]', 'acme-operator.v1.0.1');
      await page.waitForSelector('[data-testid=truncate-summary], [data-testid=truncate-error]');
    }
    await audit(page, `lifecycle drawer: ${id}`);
  }
  await finish(page);
});

/** Whether the page scrolls sideways, and the box of `selector` (null when not rendered). */
function layout(page, selector) {
  return page.evaluate((sel) => {
    const el = sel && document.querySelector(sel);
    const r = el && el.getBoundingClientRect();
    const s = document.scrollingElement;
    return {
      sideways: s.scrollWidth > innerWidth,
      width: innerWidth,
      box: r && r.width > 0 && r.height > 0 ? { left: r.left, right: r.right, top: r.top, bottom: r.bottom } : null,
    };
  }, selector);
}

/** Fails unless `selector` is rendered and inside the window's width. */
async function inside(page, selector) {
  await page.locator(selector).first().scrollIntoViewIfNeeded();
  const l = await layout(page, selector);
  assert.ok(l.box, `${selector} is on screen`);
  assert.ok(l.box.left >= -1 && l.box.right <= l.width + 1, `${selector} fits the width: ${JSON.stringify(l)}`);
  assert.equal(l.sideways, false, `no sideways scroll with ${selector}`);
}

test('800 px wide: nothing scrolls sideways; the side panels are drawers and every panel is reachable', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const page = await auditPage('', { viewport: { width: 800, height: 900 }, colorScheme });
    await waitGraph(page, 'acme-operator', 'stable');
    assert.equal((await layout(page, null)).sideways, false, 'no sideways scroll');
    for (const sel of ['.topbar', '[data-testid=catalog-url-input]', '[data-testid=catalog-paste]', '[data-testid=channel-select]',
      'svg.graph', '.legend', '[data-testid=export-menu-button]', '[data-testid=tools-menu-button]']) {
      await inside(page, sel);
    }
    // Closed drawers are out of sight and out of reach.
    assert.equal(await page.isVisible('[data-testid=package-search]'), false);
    assert.equal(await page.isVisible('[data-testid=simulation-panel]'), false);
    await audit(page, `800 px, drawers closed (${colorScheme})`);

    await page.click('[data-testid=open-packages-drawer]');
    await page.locator('[data-testid=package-search]').waitFor({ state: 'visible' });
    await inside(page, '[data-testid=package-search]');
    await inside(page, '[data-package="nimbus-cache-operator"]');
    assert.equal(await page.evaluate(() => document.activeElement.closest('.drawer')?.id), 'packages-drawer', 'the focus moves into the drawer');
    await audit(page, `800 px, package list open (${colorScheme})`);
    // Choosing a package closes the drawer.
    await page.click('[data-package="nimbus-cache-operator"] button');
    await waitGraph(page, 'nimbus-cache-operator');
    await page.locator('[data-testid=package-search]').waitFor({ state: 'hidden' });

    await inspector(page, 'simulate');
    await page.locator('[data-testid=simulation-panel]').waitFor({ state: 'visible' });
    for (const sel of ['[data-testid=simulation-panel]', '[data-testid=installed-picker]', '[data-testid=strategy-select]']) {
      await inside(page, sel);
    }
    await audit(page, `800 px, inspector open (${colorScheme})`);
    await shot(page, `narrow-inspector-${colorScheme}`);
    for (const [tab, sel] of [['details', '[data-testid=details-panel]'], ['findings', '[data-testid=lint-panel]']]) {
      await inspector(page, tab);
      await inside(page, sel);
    }
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=lint-panel]').waitFor({ state: 'hidden' });

    // The lifecycle tools and the export menu fit too.
    await tool(page, 'diff');
    await inside(page, '[data-testid=lifecycle-diff] .form-row');
    // The tool lies over the right of the workspace (toolbar included): close it first.
    await tool(page, 'diff');
    await page.click('[data-testid=export-menu-button]');
    await inside(page, '[data-testid=export-menu] [role=menu]');
    await page.keyboard.press('Escape');
    assert.equal((await layout(page, null)).sideways, false, 'no sideways scroll at the end');
    await shot(page, `narrow-${colorScheme}`);
    await finish(page);
  }
});

test('keyboard: Tab reaches a bundle, arrows follow its edges, Enter selects', async () => {
  const page = await open('', { viewport: { width: 1280, height: 800 } });
  await waitGraph(page, 'acme-operator', 'stable');
  await page.focus('[data-bundle="acme-operator.v1.2.0"]');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.bundle), 'acme-operator.v1.2.1');
  await page.keyboard.press('ArrowLeft');
  const back = await page.evaluate(() => document.activeElement.dataset.bundle);
  assert.notEqual(back, 'acme-operator.v1.2.1');
  await page.keyboard.press('Enter');
  await page.locator(`[data-details-bundle="${back}"]`).waitFor();
  await finish(page);
});
