// Nothing lost on reload, and room for the graph (issue 34, items 4 and 5), on the real
// catalogs. A catalog pasted and loaded comes back after a reload, with its package and
// channel and the "restored from this browser" notice; a template edited in the studio comes
// back edited (the tab asks before it closes with edits not downloaded); "Forget" clears both.
// The tools' forms (deprecate & truncate, compare catalogs, the catalog image template) come
// back filled, and start afresh after "Forget". A catalog and a template restored together:
// the one worked on last draws, on every reload, whichever finishes loading first.
// Geometry: the graph area of gpu-operator-certified / stable at 1280 × 800 is at least 120 px
// taller than before the tools moved into the toolbar (docs/layout.md); at 800 × 700, with a
// tool open, Fit and Focus are still the controls under their own centres; axe finds nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, open, finish, shot, waitGraph, upload, showChannel, tool, CATALOGS, audit } from './harness.mjs';

app();

const PASTED = join(CATALOGS, 'certified-operators/v4.22/nvidia-network-operator.yaml');
const PKG = 'nvidia-network-operator';
const CHANNEL = 'v26.4'; // not the default channel (stable)
const TEMPLATE = join(CATALOGS, 'templates/basic/rhtpa-operator-v4.18.graph.yaml');
const GPU = join(CATALOGS, 'certified-operators/v4.22/gpu-operator-certified.yaml');
/** The graph area's height at 1280 × 800 before the tools moved (docs/layout.md, 2026-11-28). */
const AREA_BEFORE_1280 = Number(process.env.OLM_AREA_BEFORE_1280 || 464);

/** Reloads the page, accepting the "leave the page?" question if one is asked; its type. */
async function reload(page) {
  let asked = null;
  page.removeAllListeners('dialog');
  page.on('dialog', (d) => { asked = d.type(); d.accept(); });
  await page.reload();
  return asked;
}

test('a pasted catalog and an edited template come back after a reload; Forget clears them', async () => {
  const page = await open('', { viewport: { width: 1280, height: 800 }, bypassCSP: true });
  await waitGraph(page, 'acme-operator');
  await page.fill('[data-testid=catalog-paste]', readFileSync(PASTED, 'utf8'));
  await waitGraph(page, PKG);
  await showChannel(page, PKG, CHANNEL);
  assert.equal(await page.textContent('[data-testid=catalog-label]'), 'pasted text');

  assert.equal(await reload(page), null, 'no question without studio edits');
  await waitGraph(page, PKG, CHANNEL);
  assert.equal(await page.textContent('[data-testid=catalog-label]'), 'pasted text');
  const notice = page.locator('[data-testid=restored-notice]');
  assert.match(await notice.textContent(), /Restored from this browser: the catalog .pasted text./);

  // A template opened in the studio and edited.
  await tool(page, 'studio');
  await page.setInputFiles('[data-testid=studio-file-input]', TEMPLATE);
  await page.locator('[data-testid=studio-text]').waitFor();
  const original = await page.inputValue('[data-testid=studio-text]');
  const edited = original.replace('replaces: rhtpa-operator.v1.0.1', 'replaces: rhtpa-operator.v1.0.0');
  assert.notEqual(edited, original);
  await page.click('[data-testid=studio-text]');
  await page.fill('[data-testid=studio-text]', edited);
  await page.waitForTimeout(900); // the studio keeps its text 400 ms after the last edit
  assert.equal(await reload(page), 'beforeunload', 'unsaved studio edits ask before the tab goes');
  await page.locator('[data-testid=studio-text]').waitFor();
  assert.equal(await page.inputValue('[data-testid=studio-text]'), edited);
  assert.match(await notice.textContent(), /the template rhtpa-operator-v4\.18\.graph\.yaml in the studio/);
  await page.waitForSelector('svg.graph [data-bundle]');
  await audit(page, 'restored notice and studio');
  await shot(page, 'persist-restored');

  // Forget: nothing comes back.
  await page.click('[data-testid=forget-kept]');
  await notice.waitFor({ state: 'detached' });
  await page.click('[data-testid=studio-close]');
  await reload(page);
  await page.waitForFunction(() => document.querySelector('[data-testid=catalog-label]')?.textContent === 'sample catalog');
  assert.equal(await notice.count(), 0);
  assert.equal(await page.locator('[data-testid=studio-text]').count(), 0);
  await finish(page);
});

/** The graph area's box. */
const area = (page) => page.evaluate(() => {
  const r = document.querySelector('.graph-area').getBoundingClientRect();
  return { width: r.width, height: r.height };
});

/** Whether the control `testid` is what the page finds under its own centre. */
const onTop = (page, testid) => page.evaluate((id) => {
  const el = document.querySelector(`[data-testid=${id}]`);
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return r.width > 0 && (hit === el || el.contains(hit));
}, testid);

test('room for the graph: 1280 × 800 gains 120 px; at 800 × 700 an open tool leaves Fit and Focus in reach', async () => {
  const page = await open('', { viewport: { width: 1280, height: 800 }, bypassCSP: true });
  await upload(page, GPU, 'gpu-operator-certified');
  await showChannel(page, 'gpu-operator-certified', 'stable');
  const wide = await area(page);
  console.log(`graph area at 1280x800: ${wide.width}x${wide.height}`);
  assert.ok(wide.height >= AREA_BEFORE_1280 + 120, `graph area ${wide.height} px tall, before ${AREA_BEFORE_1280}`);
  await audit(page, '1280 × 800, legend folded');

  await page.setViewportSize({ width: 800, height: 700 });
  await page.waitForFunction(() => document.querySelector('.graph-area').getBoundingClientRect().width < 810);
  const narrow = await area(page);
  console.log(`graph area at 800x700: ${narrow.width}x${narrow.height}`);
  for (const id of ['truncate', 'studio']) {
    await tool(page, id);
    await page.locator(id === 'studio' ? '[data-testid=studio-body]' : `[data-testid=lifecycle-${id}]`).waitFor();
    for (const control of ['fit-view', 'focus-graph', 'tools-menu-button']) {
      assert.ok(await onTop(page, control), `${control} clickable with ${id} open`);
    }
    await page.click('[data-testid=fit-view]');
    await audit(page, `800 × 700, ${id} open`);
    await shot(page, `persist-800-${id}`);
  }
  await finish(page);
});

/** The values of the tools' forms (each tool opened in turn from the Tools menu). */
async function toolForms(page) {
  await tool(page, 'truncate');
  await page.locator('[data-testid=truncate-bundle]').waitFor();
  const truncate = {
    bundle: await page.inputValue('[data-testid=truncate-bundle]'),
    message: await page.inputValue('[data-testid=truncate-message]'),
    legacy: await page.isChecked('[data-testid=truncate-legacy]'),
  };
  await tool(page, 'diff');
  await page.locator('[data-testid=compare-url-input]').waitFor();
  const compare = { url: await page.inputValue('[data-testid=compare-url-input]') };
  await tool(page, 'template');
  await page.locator('[data-testid=template-input]').waitFor();
  const template = {
    template: await page.inputValue('[data-testid=template-input]'),
    ocp: await page.inputValue('[data-testid=template-ocp]'),
    dialect: await page.inputValue('[data-testid=template-dialect]'),
  };
  return { truncate, compare, template };
}

/** The compare panel's settings, once the other catalog (`file`) is loaded. */
async function compareSettings(page, file) {
  await tool(page, 'diff');
  await page.setInputFiles('[data-testid=compare-file-input]', file);
  await page.locator('[data-testid=diff-screen-name]').waitFor();
  return {
    screen: await page.inputValue('[data-testid=diff-screen-name]'),
    other: await page.inputValue('[data-testid=diff-other-name]'),
    resolver: await page.inputValue('[data-testid=diff-resolver]'),
  };
}

test('the tools\' forms (truncate, compare, image template) come back after a reload; Forget clears them', async () => {
  const page = await open('', { viewport: { width: 1280, height: 800 }, bypassCSP: true });
  await waitGraph(page, 'acme-operator');
  await upload(page, PASTED, PKG);
  await showChannel(page, PKG, CHANNEL);
  // Deprecate & truncate: a bundle of the package, a message, the legacy property.
  await tool(page, 'truncate');
  // The bundle drawn (each channel of this package has one).
  const bundle = await page.$eval('svg.graph g.node[data-virtual=false]', (n) => n.dataset.bundle);
  await page.selectOption('[data-testid=truncate-bundle]', bundle);
  await page.fill('[data-testid=truncate-message]', 'kept across a reload');
  await page.check('[data-testid=truncate-legacy]');
  const preview = '[data-testid=truncate-summary], [data-testid=truncate-error]';
  await page.locator(preview).first().waitFor();
  // Compare catalogs: the URL typed, the names and the resolver (with the other side loaded).
  await tool(page, 'diff');
  await page.fill('[data-testid=compare-url-input]', 'https://example.invalid/v4.23/catalog.json');
  await page.setInputFiles('[data-testid=compare-file-input]', PASTED);
  await page.locator('[data-testid=diff-screen-name]').waitFor();
  await page.fill('[data-testid=diff-screen-name]', 'OCP 4.22');
  await page.fill('[data-testid=diff-other-name]', 'OCP 4.23');
  await page.selectOption('[data-testid=diff-resolver]', 'v1');
  // The catalog image template: the template, a cluster value, the dialect.
  await tool(page, 'template');
  await page.fill('[data-testid=template-input]', 'quay.io/acme/catalog:v{kube_major_version}.{kube_minor_version}-kept');
  await page.fill('[data-testid=template-ocp]', '4.18.9');
  await page.selectOption('[data-testid=template-dialect]', 'upstream');
  const filled = {
    truncate: { bundle, message: 'kept across a reload', legacy: true },
    compare: { url: 'https://example.invalid/v4.23/catalog.json' },
    template: { template: 'quay.io/acme/catalog:v{kube_major_version}.{kube_minor_version}-kept', ocp: '4.18.9', dialect: 'upstream' },
  };

  await page.reload();
  await waitGraph(page, PKG, CHANNEL);
  assert.deepEqual(await toolForms(page), filled, 'every form as it was');
  assert.deepEqual(await compareSettings(page, PASTED), { screen: 'OCP 4.22', other: 'OCP 4.23', resolver: 'v1' });
  await tool(page, 'truncate');
  await page.locator(preview).first().waitFor(); // the preview is computed again
  const box = await page.locator('[data-testid=lifecycle-truncate]').boundingBox();
  assert.ok(box.width > 0 && box.height > 0 && box.y >= 0 && box.y < 800, `the restored tool starts on screen: ${JSON.stringify(box)}`);
  await shot(page, 'persist-tools-restored');
  for (const control of ['fit-view', 'lifecycle-tab-diff']) {
    assert.ok(await onTop(page, control), `${control} clickable with the restored tool open`);
  }
  await audit(page, 'tools restored');

  // Forget: the forms start afresh after the next reload.
  await page.click('[data-testid=forget-kept]');
  await page.locator('[data-testid=restored-notice]').waitFor({ state: 'detached' });
  await page.reload();
  await waitGraph(page, 'acme-operator');
  const fresh = await toolForms(page);
  assert.deepEqual(fresh.truncate, { bundle: '', message: '', legacy: false });
  assert.equal(fresh.compare.url, '');
  assert.notEqual(fresh.template.template, filled.template.template);
  assert.equal(fresh.template.dialect, 'extended');
  await finish(page);
});

/** The package the graph shows, after waiting `ms` more (so that a late arrival would show). */
async function drawnAfter(page, ms) {
  await page.waitForTimeout(ms);
  return page.evaluate(() => document.querySelector('svg.graph')?.dataset.graphPackage);
}

test('a catalog and a template restored together: the one worked on last draws, on every reload', async () => {
  const page = await open('', { viewport: { width: 1280, height: 800 }, bypassCSP: true });
  await waitGraph(page, 'acme-operator');
  await upload(page, PASTED, PKG);
  // The template studio, edited after the catalog was opened: the studio draws.
  await tool(page, 'studio');
  await page.setInputFiles('[data-testid=studio-file-input]', TEMPLATE);
  await page.locator('[data-testid=studio-text]').waitFor();
  await waitGraph(page, 'rhtpa-operator');
  const text = await page.inputValue('[data-testid=studio-text]');
  await page.fill('[data-testid=studio-text]', text.replace('replaces: rhtpa-operator.v1.0.1', 'replaces: rhtpa-operator.v1.0.0'));
  await page.waitForTimeout(900); // kept 400 ms after the last edit
  for (let i = 0; i < 3; i++) {
    await reload(page);
    await waitGraph(page, 'rhtpa-operator');
    assert.equal(await drawnAfter(page, 1500), 'rhtpa-operator', `reload ${i + 1}: the template, worked on last, draws`);
    assert.match(await page.textContent('[data-testid=catalog-label]'), /template studio/);
    assert.equal(await page.locator('[data-testid=studio-show]').count(), 0, 'the studio is not paused');
  }
  // A catalog opened after the last edit: the catalog draws, and the studio comes back paused.
  await upload(page, PASTED, PKG);
  await page.locator('[data-testid=studio-show]').waitFor();
  await page.waitForTimeout(900);
  for (let i = 0; i < 3; i++) {
    await reload(page);
    await waitGraph(page, PKG);
    await page.locator('[data-testid=studio-text]').waitFor();
    assert.equal(await drawnAfter(page, 1500), PKG, `reload ${i + 1}: the catalog, opened last, draws`);
    assert.ok(await page.locator('[data-testid=studio-show]').isVisible(), 'the studio is paused behind it');
  }
  // "Show the template's graph" makes the studio the one worked on last again.
  await page.click('[data-testid=studio-show]');
  await waitGraph(page, 'rhtpa-operator');
  await page.waitForTimeout(900);
  await reload(page);
  await waitGraph(page, 'rhtpa-operator');
  assert.equal(await drawnAfter(page, 1500), 'rhtpa-operator');
  await finish(page);
});
