// End-to-end tests of the catalog lifecycle: deprecation and terminated markings
// (compared with `olm-graph graph --json` under both resolvers), the deprecate-and-truncate
// preview and its download (which must pass `olm-graph lint` and equal the CLI's output), the
// catalog image template editor, and the catalog-switch diff between two real descheduler
// catalogs (compared with `olm-graph diff --json`). Screenshots: test-output/lifecycle-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { app, open, finish, shot, upload, showPackage, showChannel, cli, ROOT, CATALOGS, tool } from './harness.mjs';

app();

const FIXTURE = join(ROOT, 'tests/e2e/fixtures/lifecycle.yaml');
const DESCHEDULER = (v) => join(CATALOGS, `openshift-kube-descheduler-fbc/${v}/cluster-kube-descheduler-operator.json`);
const TMP = mkdtempSync(join(tmpdir(), 'olm-lifecycle-'));

/** Per node of the graph on screen: { name: {deprecated, legacy, terminated, removed, toDeprecate} }. */
function marks(page) {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('svg.graph [data-bundle]')].map((n) => [
    n.dataset.bundle,
    {
      deprecated: n.dataset.deprecated === 'true',
      legacy: n.dataset.legacyDeprecated === 'true',
      terminated: n.dataset.terminated === 'true',
      removed: n.dataset.removed === 'true',
      toDeprecate: n.dataset.toDeprecate === 'true',
    },
  ])));
}

/** The CLI's terminated and deprecated flags for one channel. */
function cliFlags(pkg, channel, resolver) {
  const g = JSON.parse(cli(['graph', FIXTURE, '--package', pkg, '--json', '--resolver', resolver]));
  const c = g.channels.find((x) => x.name === channel);
  return Object.fromEntries(c.nodes.map((n) => [n.name, { terminated: n.terminated, deprecated: n.deprecated }]));
}

function pick(m, keys) {
  return Object.fromEntries(Object.entries(m).map(([k, v]) => [k, Object.fromEntries(keys.map((x) => [x, v[x]]))]));
}

test('deprecations are shown everywhere and terminated bundles are greyed under v0 or v1', async () => {
  const page = await open();
  await upload(page, FIXTURE, 'lifecycle-demo');
  await showPackage(page, 'lifecycle-demo');

  // Package deprecation as a banner, channel deprecation on its tab, bundle deprecation on the node.
  assert.match(await page.textContent('[data-testid=package-deprecation]'), /moves to lifecycle-next/);
  const oldTab = page.locator('[data-testid=channel-select] [data-channel="old"]');
  assert.equal(await oldTab.getAttribute('data-deprecated'), 'true');
  assert.match(await oldTab.getAttribute('title'), /gets no more updates/);
  assert.equal(await page.getAttribute('[data-testid=channel-select] [data-channel="stable"]', 'data-deprecated'), 'false');
  const dep = page.locator('svg.graph [data-bundle="lifecycle-demo.v1.2.0"]');
  assert.match(await dep.locator('title').textContent(), /data-loss bug; stay on 1\.1\.0/);

  // stable under v0 (the default): nothing terminated; under v1, 1.1.0 stays off the deprecated head.
  let m = await marks(page);
  assert.deepEqual(pick(m, ['terminated', 'deprecated']), cliFlags('lifecycle-demo', 'stable', 'v0'));
  // The rules for terminated bundles are in the whole legend (folded, it shows the edge kinds).
  await page.click('[data-testid=legend-toggle]');
  assert.equal(await page.inputValue('[data-testid=terminated-resolver]'), 'v0');
  await page.selectOption('[data-testid=terminated-resolver]', 'v1');
  await page.waitForSelector('svg.graph [data-bundle="lifecycle-demo.v1.1.0"][data-terminated=true]');
  m = await marks(page);
  assert.deepEqual(pick(m, ['terminated', 'deprecated']), cliFlags('lifecycle-demo', 'stable', 'v1'));
  assert.ok(m['lifecycle-demo.v1.1.0'].terminated && !m['lifecycle-demo.v1.2.0'].terminated);
  assert.match(await page.locator('svg.graph [data-bundle="lifecycle-demo.v1.1.0"] > title').textContent(), /Terminated under OLM v1/);
  await shot(page, 'lifecycle-terminated-v1');

  // The deprecated channel: the legacy olm.deprecated bundle is marked apart, and OLM v0 strands 0.9.0.
  await page.selectOption('[data-testid=terminated-resolver]', 'v0');
  await showChannel(page, 'lifecycle-demo', 'old');
  assert.match(await page.textContent('[data-testid=channel-deprecation]'), /switch to stable/);
  m = await marks(page);
  assert.deepEqual(pick(m, ['terminated', 'deprecated']), cliFlags('lifecycle-demo', 'old', 'v0'));
  assert.ok(m['lifecycle-demo.v0.9.1'].legacy && m['lifecycle-demo.v0.9.1'].deprecated);
  assert.ok(!m['lifecycle-demo.v0.9.0'].legacy && m['lifecycle-demo.v0.9.0'].terminated);
  const legacy = page.locator('svg.graph [data-bundle="lifecycle-demo.v0.9.1"]');
  assert.match(await legacy.getAttribute('aria-label'), /prohibited by OLM v0/);
  assert.match(await legacy.locator('title').textContent(), /prohibited by OLM v0/);
  assert.equal(await legacy.locator('.deprecated-badge.legacy').count(), 1, 'its own badge');
  await page.selectOption('[data-testid=terminated-resolver]', 'v1');
  await page.waitForSelector('svg.graph [data-bundle="lifecycle-demo.v0.9.0"][data-terminated=false]');
  assert.deepEqual(pick(await marks(page), ['terminated', 'deprecated']), cliFlags('lifecycle-demo', 'old', 'v1'));
  await shot(page, 'lifecycle-legacy');
  await finish(page);
});

test('deprecate and truncate: preview on the graph, refusal, and a download that equals the CLI', async () => {
  const page = await open();
  await upload(page, FIXTURE, 'lifecycle-demo');
  await showPackage(page, 'seed');
  await tool(page, 'truncate');

  // The default channel's head may not go.
  await page.selectOption('[data-testid=truncate-bundle]', 'seed.v1.4.0');
  assert.match(await page.textContent('[data-testid=truncate-error]'), /default channel/);
  assert.equal(await page.locator('[data-testid=truncate-download]').count(), 0);

  // The seed's example: deprecating 1.3.0 leaves 1.4.0 → 1.3.0 [deprecated] in stable.
  await page.selectOption('[data-testid=truncate-bundle]', 'seed.v1.3.0');
  await page.fill('[data-testid=truncate-message]', '1.3.0 has a data-loss bug');
  await page.check('[data-testid=truncate-legacy]');
  await page.waitForSelector('[data-testid=truncate-summary]');
  const m = await marks(page);
  assert.deepEqual(
    Object.entries(m).filter(([, v]) => v.removed).map(([k]) => k).sort(),
    ['seed.v1.1.0', 'seed.v1.2.0'],
    'the tail fades in stable',
  );
  assert.ok(m['seed.v1.3.0'].toDeprecate && !m['seed.v1.3.0'].removed && !m['seed.v1.4.0'].removed);
  const list = async (id) => page.$$eval(`[data-testid=${id}] [data-name]`, (els) => els.map((e) => e.dataset.name));
  assert.deepEqual(await list('truncate-removed-bundles'), ['seed.v1.1.0'], '1.2.0 stays in fast');
  assert.deepEqual(await list('truncate-removed-channels'), []);
  assert.deepEqual(await list('truncate-stranded'), ['seed.v1.1.0', 'seed.v1.2.0']);
  await shot(page, 'lifecycle-truncate-preview');
  // fast keeps 1.2.0: nothing fades there.
  await showChannel(page, 'seed', 'fast');
  assert.ok(Object.values(await marks(page)).every((v) => !v.removed));

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('[data-testid=truncate-download]'),
  ]);
  assert.equal(download.suggestedFilename(), 'seed-truncated-at-seed.v1.3.0.json');
  const path = join(TMP, download.suggestedFilename());
  await download.saveAs(path);
  const text = readFileSync(path, 'utf8');
  // The same bytes as the CLI, and a valid catalog.
  const cliOut = join(TMP, 'cli.json');
  cli(['deprecate-truncate', FIXTURE, '--package', 'seed', '--bundle', 'seed.v1.3.0', '--message', '1.3.0 has a data-loss bug', '--legacy-property', '-o', cliOut]);
  assert.equal(text, readFileSync(cliOut, 'utf8'));
  assert.match(cli(['lint', path]), /0 errors/);
  const g = JSON.parse(cli(['graph', path, '--package', 'seed', '--json']));
  const stable = g.channels.find((c) => c.name === 'stable');
  assert.deepEqual(stable.nodes.map((n) => n.name).sort(), ['seed.v1.3.0', 'seed.v1.4.0']);
  assert.ok(stable.nodes.find((n) => n.name === 'seed.v1.3.0').deprecated);

  // Leaving the tool ends the preview.
  await tool(page, 'truncate');
  await showChannel(page, 'seed', 'stable');
  assert.ok(Object.values(await marks(page)).every((v) => !v.removed && !v.toDeprecate));
  await finish(page);
});

test('the image template editor resolves like OLM and gives its messages', async () => {
  const page = await open();
  await tool(page, 'template');
  const set = async (id, v) => page.fill(`[data-testid=${id}]`, v);
  await set('template-input', 'quay.io/org/catalog:v{kube_major_version}.{kube_minor_version}-{platform_architecture}');
  await set('template-kube', 'v1.29.3+6af3663');
  await set('template-arch', 'arm64');
  assert.equal(await page.textContent('[data-testid=template-resolved]'), 'quay.io/org/catalog:v1.29-arm64');
  assert.equal(await page.getAttribute('[data-testid=template-message]', 'data-ok'), 'true');
  // The answer matches the CLI.
  assert.equal(cli(['resolve-image', 'quay.io/org/catalog:v{kube_major_version}.{kube_minor_version}-{platform_architecture}', '--kube-version', 'v1.29.3+6af3663', '--arch', 'arm64']).trim(),
    'quay.io/org/catalog:v1.29-arm64');

  // A missing value: OLM's message names the variable.
  await set('template-kube', '');
  assert.equal(await page.textContent('[data-testid=template-message]'),
    'cannot construct catalog image reference, because variable(s) "{kube_major_version}", "{kube_minor_version}" could not be resolved');
  assert.equal(await page.getAttribute('[data-testid=template-message]', 'data-ok'), 'false');
  // Improper syntax.
  await set('template-kube', 'v1.29.3');
  await set('template-input', 'quay.io/org/Catalog::v{kube_minor_version}');
  assert.equal(await page.textContent('[data-testid=template-message]'),
    'cannot construct catalog image reference, because one or more template(s) has improper syntax');
  // The OpenShift variables, and upstream OLM that knows only the kube ones.
  await set('template-input', 'registry.redhat.io/redhat/redhat-operator-index:v{ocp_major_version}.{ocp_minor_version}');
  await set('template-ocp', '4.16.2');
  assert.equal(await page.textContent('[data-testid=template-resolved]'), 'registry.redhat.io/redhat/redhat-operator-index:v4.16');
  await page.selectOption('[data-testid=template-dialect]', 'upstream');
  assert.equal(await page.getAttribute('[data-testid=template-message]', 'data-ok'), 'false');
  await shot(page, 'lifecycle-template');
  await finish(page);
});

test('compare catalogs: descheduler 4.16 → 4.17 per bundle, as the CLI computes it', async () => {
  const page = await open();
  await upload(page, DESCHEDULER('v4.16'), 'cluster-kube-descheduler-operator');
  await tool(page, 'diff');
  await page.setInputFiles('[data-testid=compare-file-input]', DESCHEDULER('v4.17'));
  await page.waitForSelector('[data-testid=diff-row]', { timeout: 60000 });
  await page.fill('[data-testid=diff-screen-name]', 'OCP 4.16');
  await page.fill('[data-testid=diff-other-name]', 'OCP 4.17');
  assert.match(await page.textContent('[data-testid=diff-direction-note]'), /^Old: OCP 4\.16 \(on-screen catalog, .*\) → new: OCP 4\.17 \(other catalog/);
  const rows = await page.$$eval('[data-testid=diff-row]', (els) => els.map((e) => ({
    bundle: e.dataset.bundle, status: e.dataset.status, next: e.dataset.next || null, end: e.dataset.end, hops: Number(e.dataset.hops),
  })));
  const expected = JSON.parse(cli(['diff', DESCHEDULER('v4.16'), '--to', DESCHEDULER('v4.17'), '--package', 'cluster-kube-descheduler-operator', '--json'])).fates
    .map((r) => ({ bundle: r.bundle, status: r.status, next: r.next, end: r.end, hops: r.hops }));
  const byBundle = (a) => [...a].sort((x, y) => x.bundle.localeCompare(y.bundle));
  assert.deepEqual(byBundle(rows), byBundle(expected));
  assert.ok(rows.some((r) => r.status === 'stranded'), 'the real stranded bundle shows');
  assert.ok(rows.some((r) => r.status === 'upgradable'));
  // The graph (the old catalog, channel stable) outlines each bundle by its fate.
  const onGraph = await page.$$eval('svg.graph [data-bundle]', (els) => Object.fromEntries(els.map((e) => [e.dataset.bundle, e.dataset.fate ?? null])));
  for (const r of rows) {
    if (r.bundle in onGraph) assert.equal(onGraph[r.bundle], r.status, r.bundle);
  }
  assert.ok(Object.values(onGraph).includes('stranded'));
  const counts = await page.getAttribute('[data-testid=diff-counts]', 'data-stranded');
  assert.equal(Number(counts), rows.filter((r) => r.status === 'stranded').length);
  await shot(page, 'lifecycle-diff');

  // The other direction: the catalog on screen is the new one.
  await page.selectOption('[data-testid=diff-direction]', 'screen-new');
  await page.waitForFunction(() => document.querySelector('[data-testid=diff-direction-note]')?.textContent.startsWith('Old: OCP 4.17'));
  const back = JSON.parse(cli(['diff', DESCHEDULER('v4.17'), '--to', DESCHEDULER('v4.16'), '--package', 'cluster-kube-descheduler-operator', '--json']));
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=diff-row]').length === n, back.fates.length);
  // The catalog on screen is now the new side: the graph shows no fates.
  assert.equal(await page.locator('svg.graph [data-fate]').count(), 0);
  await finish(page);
});

test('a series folder shows every platform switch, as olm-graph diff-series computes it', async () => {
  const page = await open();
  await upload(page, DESCHEDULER('v4.12'), 'cluster-kube-descheduler-operator');
  await tool(page, 'diff');
  const dir = join(CATALOGS, 'openshift-kube-descheduler-fbc');
  await page.setInputFiles('[data-testid=compare-series-input]', dir);
  await page.waitForSelector('[data-testid=series-row]', { timeout: 60000 });
  const rows = await page.$$eval('[data-testid=series-row]', (els) => els.map((e) => ({
    from: e.dataset.from, to: e.dataset.to, stranded: Number(e.dataset.stranded), upgradable: Number(e.dataset.upgradable),
  })));
  const expected = JSON.parse(cli(['diff-series', dir, '--package', 'cluster-kube-descheduler-operator', '--json']))
    .map((s) => ({ from: s.from, to: s.to, stranded: s.counts.stranded, upgradable: s.counts.upgradable }));
  assert.deepEqual(rows, expected);
  assert.match(await page.textContent('[data-testid=series-label]'), /v4\.12 → v4\.13 → .* → v4\.22/);

  // One switch, bundle by bundle: the same rows as `olm-graph diff` on that pair.
  await page.click('[data-testid=series-row][data-from="v4.16"] [data-testid=series-step]');
  await page.waitForSelector('[data-testid=series-detail-title]');
  const detail = await page.$$eval('[data-testid=diff-row]', (els) => els.map((e) => ({ bundle: e.dataset.bundle, status: e.dataset.status })));
  const pair = JSON.parse(cli(['diff', DESCHEDULER('v4.16'), '--to', DESCHEDULER('v4.17'), '--package', 'cluster-kube-descheduler-operator', '--json'])).fates
    .map((r) => ({ bundle: r.bundle, status: r.status }));
  const byBundle = (a) => [...a].sort((x, y) => x.bundle.localeCompare(y.bundle));
  assert.deepEqual(byBundle(detail), byBundle(pair));
  await shot(page, 'lifecycle-series');

  // Under OLM v1 the same switch strands fewer clusters (skipRange reaches them).
  await page.selectOption('[data-testid=diff-resolver]', 'v1');
  const v1 = JSON.parse(cli(['diff-series', dir, '--package', 'cluster-kube-descheduler-operator', '--resolver', 'v1', '--json']));
  const v1Stranded = v1.find((s) => s.from === 'v4.16').counts.stranded;
  await page.waitForFunction((n) => document.querySelector('[data-testid=series-row][data-from="v4.16"]')?.dataset.stranded === String(n), v1Stranded);
  await finish(page);
});
