// End-to-end test of operator directories in the app (issue 35, item 4): the bundle-layout
// fixture koku-metrics-operator (crates/core/tests/fixtures/operator-repo/), opened through the
// folder input, draws what `olm-graph graph --json` reports for the same directory; then a copy
// whose 4.4.1 replaces 4.3.1 (4.4.0 left dangling) is opened, the Findings tab's pipeline
// choice is set to community, and the pre-flight groups (one per check, data-result) carry the
// names, results and messages `olm-graph preflight --format json` prints, the dangling message
// with the CSV it is about. Geometry at 1280×800 (the failing group inside the window and the
// Findings panel), axe, a screenshot in test-output/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { app, open, finish, waitGraph, cli, inspector, shot, ROOT, CLI, audit, boxInside } from './harness.mjs';

const FIXTURE = join(ROOT, 'crates/core/tests/fixtures/operator-repo/koku-metrics-operator');
const PKG = 'koku-metrics-operator';
const CSV = 'manifests/koku-metrics-operator.clusterserviceversion.yaml';

app();

/** A copy of the fixture whose 4.4.1 replaces 4.3.1: 4.4.0 dangles in both channels. */
function danglingCopy() {
  const dir = join(mkdtempSync(join(tmpdir(), 'olm-graph-e2e-')), PKG);
  cpSync(FIXTURE, dir, { recursive: true });
  const file = join(dir, '4.4.1', CSV);
  const text = readFileSync(file, 'utf8');
  const changed = text.replace('replaces: koku-metrics-operator.v4.4.0', 'replaces: koku-metrics-operator.v4.3.1');
  assert.notEqual(changed, text);
  writeFileSync(file, changed);
  return dir;
}

/** The drawn graph: bundle names and `from|to|kind` edges, sorted. */
const drawn = (page) => page.evaluate(() => {
  const svg = document.querySelector('svg.graph');
  return {
    nodes: [...svg.querySelectorAll('[data-bundle]')].map((n) => n.dataset.bundle).sort(),
    edges: [...svg.querySelectorAll('[data-edge-kind]:not([data-edges])')]
      .map((e) => `${e.dataset.from}|${e.dataset.to}|${e.dataset.edgeKind}`).sort(),
  };
});

test('an operator directory opened as a folder draws its graph; the Findings tab groups the pipeline checks', async () => {
  const page = await open('', { viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const want = JSON.parse(cli(['graph', FIXTURE, '--package', PKG, '--json']));
  await page.setInputFiles('[data-testid=catalog-dir-input]', FIXTURE);
  await waitGraph(page, PKG, want.defaultChannel);
  assert.match(await page.textContent('[data-testid=catalog-label]'), /^folder koku-metrics-operator \(\d+ files\)$/);
  const channel = want.channels.find((c) => c.name === want.defaultChannel);
  assert.deepEqual(await drawn(page), {
    nodes: channel.nodes.map((n) => n.name).sort(),
    edges: channel.edges.map((e) => `${e.from}|${e.to}|${e.kind}`).sort(),
  });
  assert.equal(channel.edges.length, 4);
  assert.equal(await page.getAttribute('svg.graph', 'data-graph-package'), PKG);

  const copy = danglingCopy();
  try {
    await page.setInputFiles('[data-testid=catalog-dir-input]', copy);
    await page.waitForFunction(() => document.querySelector('svg.graph g.node[data-bundle="koku-metrics-operator.v4.4.1"]'));
    await inspector(page, 'findings');
    // No pipeline chosen: no checks.
    assert.equal(await page.locator('[data-testid=preflight-check]').count(), 0);
    await page.selectOption('[data-testid=preflight-pipeline]', 'community');
    await page.locator('[data-testid=preflight-check]').first().waitFor();

    // The CLI exits 1: a check fails.
    const run = spawnSync(CLI, ['preflight', copy, '--pipeline', 'community', '--format', 'json'], { encoding: 'utf8' });
    assert.equal(run.status, 1, run.stderr);
    const expected = JSON.parse(run.stdout);
    const groups = await page.$$eval('[data-testid=preflight-check]', (gs) => gs.map((g) => ({
      name: g.dataset.check,
      result: g.dataset.result,
      messages: [...g.querySelectorAll('.preflight-message > span:first-child')].map((m) => m.textContent),
    })));
    assert.deepEqual(groups, expected.checks);
    const dangling = page.locator('[data-testid=preflight-check][data-check=check_dangling_bundles]');
    assert.equal(await dangling.getAttribute('data-result'), 'fail');
    assert.deepEqual(await dangling.locator('.preflight-message > span:first-child').allTextContents(), [
      'Channel alpha has dangling bundles: {Bundle(koku-metrics-operator/4.4.0)}',
      'Channel beta has dangling bundles: {Bundle(koku-metrics-operator/4.4.0)}',
    ]);
    // Each message names the CSV it is about.
    assert.deepEqual(await dangling.locator('.preflight-message .place').allTextContents(), [`4.4.0/${CSV}`, `4.4.0/${CSV}`]);
    assert.equal(await page.getAttribute('[data-check=check_upgrade_graph_loop]', 'data-result'), 'pass');
    const n = (r) => expected.checks.filter((c) => c.result === r).length;
    assert.equal(await page.textContent('[data-testid=preflight-summary]'),
      `community: ${n('fail')} failed, ${n('pass')} passed, ${n('warn')} warned, ${n('skip')} skipped`);

    // Geometry: the failing group is in view at 1280×800, inside the Findings panel.
    await dangling.scrollIntoViewIfNeeded();
    const box = await dangling.boundingBox();
    boxInside(box, { x: 0, y: 0, width: 1280, height: 800 }, 'the dangling-bundles group in the window');
    boxInside(box, await page.locator('[data-testid=lint-panel]').boundingBox(), 'the group in the Findings panel');
    await audit(page, 'findings with pipeline checks');
    await shot(page, 'findings-preflight');

    // Back to none: the groups go.
    await page.selectOption('[data-testid=preflight-pipeline]', 'none');
    assert.equal(await page.locator('[data-testid=preflight-check]').count(), 0);
  } finally {
    rmSync(join(copy, '..'), { recursive: true, force: true });
  }
  await finish(page);
});
