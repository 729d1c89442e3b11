// End-to-end test of cluster state in the app (issue 31, item 5): the real descheduler catalog
// (openshift-kube-descheduler-fbc v4.16) is opened, then a stuck upgrade as `oc get … -o yaml`
// prints it (tests/e2e/fixtures/cluster-stuck.yaml) is opened alone: the catalog stays, the
// Cluster tab lists the operator with the CLI's verdict, and choosing it shows the stable
// channel with the installed bundle marked "you are here", the failed bundle and the painted
// path, and the commands with copy buttons, all as `olm-graph diagnose --json` says. Geometry
// at 1280×800 (the marked nodes and the commands in view) and 800 px wide, axe, and the
// screenshot docs/screenshots/cluster-stuck-upgrade.png. State pasted, or picked together
// with the catalog, goes to the same place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, open, finish, shot, waitGraph, cli, CATALOGS, ROOT, audit, boxInside } from './harness.mjs';

const CATALOG_DIR = join(CATALOGS, 'openshift-kube-descheduler-fbc/v4.16');
const CATALOG = join(CATALOG_DIR, 'cluster-kube-descheduler-operator.json');
const STATE = join(ROOT, 'tests/e2e/fixtures/cluster-stuck.yaml');
const PKG = 'cluster-kube-descheduler-operator';
const SCREENSHOT = join(ROOT, 'docs/screenshots/cluster-stuck-upgrade.png');
const node = (name) => `svg.graph g.node[data-bundle="${name}"]`;

app();

/** What the CLI says of the same state and catalog. */
const diagnosis = () => JSON.parse(cli(['diagnose', STATE, '--catalog', CATALOG_DIR, '--json']));

/** The painted path: node names ordered by data-path-step. */
const painted = (page) => page.$$eval('svg.graph g.node[data-path-step]', (nodes) => nodes
  .map((n) => [Number(n.getAttribute('data-path-step')), n.dataset.bundle])
  .sort((a, b) => a[0] - b[0]).map((x) => x[1]));

/** Opens the catalog, then the state file alone; the catalog stays and the Cluster tab opens. */
async function openBoth(page) {
  await page.setInputFiles('[data-testid=catalog-file-input]', CATALOG);
  await waitGraph(page, PKG);
  await page.setInputFiles('[data-testid=catalog-file-input]', STATE);
  await page.locator('[data-testid=cluster-operator]').first().waitFor();
}

/** Chooses the operator and waits for the marks and the path on the graph. */
async function choose(page, want) {
  await page.click('[data-testid=cluster-operator]');
  await waitGraph(page, PKG, want.channel);
  await page.waitForSelector(`${node(want.installed)}[data-installed="true"]`);
  await page.waitForSelector(`${node(want.path.at(-1).to)}[data-path-step]`);
}

test('a stuck upgrade: the verdict, you are here, the failed bundle, the path and the commands, as the CLI says', async () => {
  const cliSays = diagnosis();
  assert.equal(cliSays.operators.length, 1);
  const want = cliSays.operators[0];
  assert.equal(want.state, 'failed-stuck');
  const page = await open('', {
    viewport: { width: 1280, height: 800 }, bypassCSP: true, permissions: ['clipboard-read', 'clipboard-write'],
  });
  await openBoth(page);
  // The state file alone kept the catalog, and opened the Cluster tab.
  assert.equal(await page.textContent('[data-testid=catalog-label]'), 'cluster-kube-descheduler-operator.json');
  assert.equal(await page.getAttribute('[data-testid=inspector-tab-cluster]', 'aria-selected'), 'true');
  assert.match(new URL(page.url()).search, /inspector=cluster/);
  const items = page.locator('[data-testid=cluster-operator]');
  assert.equal(await items.count(), 1);
  assert.equal(await items.getAttribute('data-state'), 'failed-stuck');
  assert.match(await items.textContent(), /openshift-kube-descheduler-operator\/cluster-kube-descheduler-operator/);

  await choose(page, want);
  // You are here, the failed bundle, the path: the CLI's.
  const installed = await page.$$eval('svg.graph g.node[data-installed]', (ns) => ns.map((n) => n.dataset.bundle));
  assert.deepEqual(installed, [want.installed]);
  const failed = await page.$$eval('svg.graph g.node[data-failed]', (ns) => ns.map((n) => [n.dataset.bundle, n.dataset.failed]));
  assert.deepEqual(failed, [[want.failed.bundle, want.failed.kind]]);
  assert.deepEqual(await painted(page), [want.path[0].from, ...want.path.map((h) => h.to)]);
  assert.ok(await page.locator('svg.graph [data-on-path="true"]:not(g.node)').count() > 0, 'the hop is painted');
  const here = page.locator(`${node(want.installed)} [data-testid=you-are-here]`);
  assert.match(await here.textContent(), /YOU ARE HERE/);

  // The report: the verdict, the explanation, the failure and the commands, each with a copy button.
  const report = page.locator('[data-testid=cluster-report]');
  assert.equal(await report.getAttribute('data-state'), 'failed-stuck');
  assert.equal(await page.textContent('[data-testid=cluster-explanation]'), want.explanation);
  const failure = await page.textContent('[data-testid=cluster-failed]');
  assert.ok(failure.includes(want.failed.reason) && failure.includes(want.failed.message), failure);
  const commands = await page.locator('[data-testid=cluster-command]').allTextContents();
  assert.deepEqual(commands, want.commands);
  assert.equal(await page.locator('[data-testid=cluster-copy]').count(), want.commands.length);

  // Geometry at 1280×800: the marked nodes are inside the graph and the window; the report's
  // title and first command are in view, and every command stays inside the inspector.
  const win = { x: 0, y: 0, width: 1280, height: 800 };
  const graph = await page.locator('svg.graph').boundingBox();
  for (const name of [want.installed, want.failed.bundle]) {
    const box = await page.locator(`${node(name)} .box`).boundingBox();
    boxInside(box, graph, `${name} in the graph`);
    boxInside(box, win, `${name} in the window`);
  }
  boxInside(await here.boundingBox(), graph, 'the "you are here" badge');
  const pane = await page.locator('#inspector-cluster').boundingBox();
  boxInside(await page.locator('.cluster-report-title').boundingBox(), win, 'the report title');
  const first = page.locator('.cluster-command').first();
  boxInside(await first.locator('pre').boundingBox(), win, 'the first command');
  boxInside(await first.locator('button').boundingBox(), win, 'its copy button');
  for (const c of await page.locator('.cluster-command pre').all()) {
    const b = await c.boundingBox();
    assert.ok(b.x >= pane.x - 0.5 && b.x + b.width <= pane.x + pane.width + 0.5, `a command inside the inspector: ${JSON.stringify(b)}`);
  }
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);

  await audit(page, 'the Cluster tab with a stuck upgrade');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: SCREENSHOT });

  // Copy: the clipboard has the command exactly.
  await page.locator('[data-testid=cluster-copy]').last().click();
  await page.locator('.cluster-command [role=status]').waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), want.commands.at(-1));
  await finish(page);
});

test('800 px wide: the Cluster tab in the drawer, nothing scrolls sideways; pasted state keeps the catalog', async () => {
  const want = diagnosis().operators[0];
  const page = await open('', { viewport: { width: 800, height: 800 }, bypassCSP: true });
  await page.setInputFiles('[data-testid=catalog-file-input]', CATALOG);
  await waitGraph(page, PKG);
  // Pasted state: read like a file, the catalog stays.
  await page.fill('[data-testid=catalog-paste]', readFileSync(STATE, 'utf8'));
  // The Cluster tab opens, in its drawer.
  await page.locator('[data-testid=cluster-operator][data-state=failed-stuck]').waitFor();
  await page.waitForFunction(() => {
    const r = document.querySelector('#inspector-drawer').getBoundingClientRect();
    return r.right <= window.innerWidth + 0.5;
  });
  assert.equal(await page.getAttribute('[data-testid=inspector-tab-cluster]', 'aria-selected'), 'true');
  assert.equal(await page.textContent('[data-testid=catalog-label]'), 'cluster-kube-descheduler-operator.json');
  await choose(page, want);
  await shot(page, 'cluster-stuck-800');
  const drawer = await page.locator('#inspector-drawer').boundingBox();
  for (const sel of ['.cluster-report-title', '.cluster-command pre', '[data-testid=cluster-copy]']) {
    const b = await page.locator(sel).first().boundingBox();
    assert.ok(b.x >= drawer.x - 0.5 && b.x + b.width <= Math.min(800, drawer.x + drawer.width) + 0.5, `${sel} inside the drawer: ${JSON.stringify(b)}`);
  }
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  await audit(page, 'the Cluster tab at 800 px');
  await shot(page, 'cluster-stuck-800');
  await finish(page);
});

test('state picked together with the catalog: the catalog loads, the state goes to the Cluster tab', async () => {
  const page = await open('?inspector=cluster');
  await page.locator('[data-testid=cluster-empty]').waitFor();
  await page.setInputFiles('[data-testid=catalog-file-input]', [CATALOG, STATE]);
  await waitGraph(page, PKG);
  await page.locator('[data-testid=cluster-operator][data-state=failed-stuck]').waitFor();
  assert.match(await page.textContent('[data-testid=cluster-summary]'), /cluster-stuck\.yaml: 1 operator/);
  // The catalog holds only what the catalog file holds: no finding about the state file.
  const packages = await page.locator('[data-package]').count();
  assert.equal(packages, 1);
  await finish(page);
});
