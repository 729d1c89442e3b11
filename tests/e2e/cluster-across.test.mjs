// End-to-end test of issue 46, item 2: a ClusterExtension resolved across several catalogs is
// painted in the app as `olm-graph path --resolver v1 --catalog-priority` gives it.
// The real descheduler catalog of OpenShift 4.17 is on screen; the series folder
// openshift-kube-descheduler-fbc/ (one real catalog per OpenShift version) is opened from the
// Plan tab; the v1 across fixture (crates/core/tests/fixtures/cluster/v1/across.yaml: two
// ClusterCatalogs, redhat-operators-v4-16 at priority 0 and redhat-operators-v4-17 at priority
// 10, and a ClusterExtension on v5.0.2) is opened. The series serves each ClusterCatalog by the
// version its image's tag names (docs/spec/cluster.md §2.4). Choosing the ClusterExtension
// lists its path hop by hop with the catalog of each hop, and paints the same hops on the
// graph, each labelled with its catalog; both equal the hops of `olm-graph path` run with the
// arguments `olm-graph diagnose --json` gives (pathArgs) for the same catalogs. Axe clean.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { app, open, finish, shot, waitGraph, cli, CATALOGS, ROOT, audit, inspector } from './harness.mjs';

const SERIES = join(CATALOGS, 'openshift-kube-descheduler-fbc');
const V416 = join(SERIES, 'v4.16');
const V417 = join(SERIES, 'v4.17');
const ON_SCREEN = join(V417, 'cluster-kube-descheduler-operator.json');
const STATE = join(ROOT, 'crates/core/tests/fixtures/cluster/v1/across.yaml');
const PKG = 'cluster-kube-descheduler-operator';
const NAMES = { [V416]: 'redhat-operators-v4-16', [V417]: 'redhat-operators-v4-17' };

app();

/** The CLI's hops: `diagnose --json` over the two catalogs named after their ClusterCatalogs
 *  gives the operator's pathArgs; `path` with them (after the catalog of the highest priority)
 *  answers; each hop's catalog (a path) is named after the ClusterCatalog it was given for. */
function cliHops() {
  const catalogs = Object.entries(NAMES).flatMap(([path, name]) => ['--catalog', `${name}=${path}`]);
  const report = JSON.parse(cli(['diagnose', STATE, ...catalogs, '--json']));
  const o = report.operators.find((r) => r.package === PKG);
  assert.ok(o, 'diagnose reports the ClusterExtension');
  const others = new Set(o.pathArgs.slice(0, o.pathArgs.indexOf('--catalog-priority')));
  const first = Object.keys(NAMES).find((p) => !others.has(p));
  const path = JSON.parse(cli(['path', first, ...o.pathArgs, '--json']));
  assert.ok(path.hops.length > 0, 'the CLI gives a path');
  return path.hops.map((h) => ({ from: h.from, to: h.to, catalog: NAMES[h.catalog] ?? h.catalog }));
}

test('a ClusterExtension across catalogs: its path painted hop by hop with each hop\'s catalog, as path --catalog-priority gives it', async () => {
  const want = cliHops();
  const page = await open('', { viewport: { width: 1280, height: 800 }, bypassCSP: true });
  await page.setInputFiles('[data-testid=catalog-file-input]', ON_SCREEN);
  await waitGraph(page, PKG);
  await inspector(page, 'plan');
  await page.setInputFiles('[data-testid=plan-series-input]', SERIES);
  await page.locator('[data-testid=plan-series-label]').waitFor({ timeout: 60000 });
  await page.setInputFiles('[data-testid=catalog-file-input]', STATE);
  await page.locator('[data-testid=cluster-operator]').first().waitFor();
  await inspector(page, 'cluster');
  assert.match(await page.textContent('[data-testid=cluster-series-joins]'),
    /redhat-operators-v4-16 ← v4\.16, redhat-operators-v4-17 ← v4\.17/);
  await page.click('[data-testid=cluster-operator]');
  await page.locator('[data-testid=cluster-across-hop]').first().waitFor();

  // Listed hop by hop, each with its catalog.
  const listed = await page.$$eval('[data-testid=cluster-across-hop]', (ls) => ls.map((l) => ({
    from: l.dataset.from, to: l.dataset.to, catalog: l.dataset.catalog })));
  assert.deepEqual(listed, want);

  // Painted on the graph: the nodes of the path in order, and one label per hop naming its catalog.
  await page.locator('[data-testid=path-edge-label]').first().waitFor();
  const steps = await page.$$eval('svg.graph g.node[data-path-step]', (ns) => ns
    .map((n) => [Number(n.getAttribute('data-path-step')), n.dataset.bundle])
    .sort((a, b) => a[0] - b[0]).map((p) => p[1]));
  assert.deepEqual(steps, [want[0].from, ...want.map((h) => h.to)]);
  const labels = await page.$$eval('[data-testid=path-edge-label]', (ls) => ls.map((l) => l.textContent));
  assert.equal(labels.length, want.length, `one label per hop: ${labels}`);
  labels.forEach((l, k) => assert.ok(l.startsWith(`from ${want[k].catalog} · `), `hop ${k + 1}: ${l}`));

  await audit(page, 'cluster extension across catalogs');
  await shot(page, 'issue46-cluster-across');
  await finish(page);
});
