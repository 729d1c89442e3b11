// End-to-end tests of the simulation panel, in instant mode, on the small resolve
// fixtures of crates/core; the path painted on the graph (data-path-step) is compared with
// `olm-graph path --json` for the same inputs. Also records the animation frame rate on
// project-quay while playing. Screenshots go to test-output/sim-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, open, finish, shot, upload, showChannel, inspector, CLI, CATALOGS, OUT, ROOT } from './harness.mjs';

const FIX = join(ROOT, 'crates/core/tests/fixtures/resolve');
const QUAY = join(CATALOGS, 'community-operators-prod/v4.21/project-quay.yaml');

app();

async function simulate(page, { installed, resolver = 'v0', kind = 'none', failing = '', strategy = 'Default' }) {
  await inspector(page, 'simulate');
  if (!(await page.isChecked('[data-testid=instant]'))) await page.check('[data-testid=instant]');
  await page.selectOption('[data-testid=resolver-select]', resolver);
  await page.selectOption('[data-testid=failure-kind-select]', kind);
  await page.selectOption('[data-testid=strategy-select]', strategy);
  await page.fill('[data-testid=failing-picker]', failing);
  await page.dispatchEvent('[data-testid=failing-picker]', 'change');
  await page.fill('[data-testid=installed-picker]', installed);
  await page.dispatchEvent('[data-testid=installed-picker]', 'change');
  await page.waitForSelector('[data-testid=path-outcome], [data-testid=path-error]');
  await page.waitForTimeout(100); // the graph is painted on the next animation frame
}

/** The painted path: node names ordered by data-path-step (suffix '' for v0, '-v1'). */
function painted(page, suffix = '') {
  return page.evaluate((s) => {
    const attr = `data-path-step${s}`;
    return [...document.querySelectorAll(`svg.graph g.node[${attr}]`)]
      .map((n) => [Number(n.getAttribute(attr)), n.dataset.bundle])
      .sort((a, b) => a[0] - b[0]).map((x) => x[1]);
  }, suffix);
}

function cliPath(file, pkg, channel, from, { resolver = 'v0', fail, failure, strategy } = {}) {
  const args = ['path', file, '--package', pkg, '--channel', channel, '--from', from, '--resolver', resolver, '--json'];
  if (fail) args.push('--fail', fail, '--failure', failure, '--strategy', strategy);
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
}

const sequence = (p) => [p.from, ...p.hops.map((h) => h.to)];

test('v0 and v1 take different paths on v0-v1-differ.yaml; the first difference is called out', async () => {
  const file = join(FIX, 'v0-v1-differ.yaml');
  const page = await open();
  await upload(page, file, 'differ');
  await simulate(page, { installed: 'differ.v1.0.0', resolver: 'both' });
  const v0 = await painted(page);
  const v1 = await painted(page, '-v1');
  assert.deepEqual(v0, sequence(cliPath(file, 'differ', 'stable', 'differ.v1.0.0')));
  assert.deepEqual(v1, sequence(cliPath(file, 'differ', 'stable', 'differ.v1.0.0', { resolver: 'v1' })));
  assert.notDeepEqual(v0, v1);
  const diff = await page.textContent('[data-testid=first-difference]');
  assert.match(diff, /hop 1: v0 goes to differ\.v1\.1\.0, v1 goes to differ\.v1\.1\.5/);
  assert.equal(await page.getAttribute('[data-testid=path-outcome]', 'data-outcome'), 'up-to-date');
  // Hop edges are highlighted and carry their reasons.
  const reasons = await page.$$eval('svg.graph [data-on-path="true"][data-path-reason]', (es) => es.map((e) => e.getAttribute('data-path-reason')));
  assert.ok(reasons.includes('replaces'), JSON.stringify(reasons));
  // The inputs are in the URL.
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('installed'), 'differ.v1.0.0');
  assert.equal(url.searchParams.get('resolver'), 'both');
  await shot(page, 'sim-v0-v1-differ');
  await finish(page);
});

test('the skips trap: v0 stuck on n1 with an explanation naming n2 and n3', async () => {
  const file = join(FIX, 'skips-trap.yaml');
  const page = await open();
  await upload(page, file, 'trap');
  await simulate(page, { installed: 'n1' });
  assert.deepEqual(await painted(page), sequence(cliPath(file, 'trap', 'stable', 'n1')));
  const stuck = await page.textContent('[data-testid=stuck-panel]');
  assert.match(stuck, /n2/);
  assert.match(stuck, /n3/);
  assert.equal(await page.locator('[data-testid=stuck-panel] pre').count() <= 1, true);
  await shot(page, 'sim-skips-trap');
  await finish(page);
});

test('failforward.yaml from f1 with f2 failing: blocked, blocked, waiting, waiting; an added f3 unblocks', async () => {
  const file = join(FIX, 'failforward.yaml');
  const page = await open();
  await upload(page, file, 'ff');
  const combos = [
    ['csv', 'Default', 'blocked', 'default'],
    ['installplan', 'Default', 'blocked', 'default'],
    ['csv', 'TechPreviewUnsafeFailForward', 'waiting-for-catalog-update', 'fail-forward'],
    ['installplan', 'TechPreviewUnsafeFailForward', 'waiting-for-catalog-update', 'fail-forward'],
  ];
  for (const [kind, strategy, outcome, cliStrategy] of combos) {
    await simulate(page, { installed: 'f1', kind, failing: 'f2', strategy });
    await page.waitForSelector(`[data-testid=path-outcome][data-outcome="${outcome}"]`, { timeout: 5000 });
    const cli = cliPath(file, 'ff', 'stable', 'f1', { fail: 'f2', failure: kind, strategy: cliStrategy });
    assert.equal(cli.outcome, outcome);
    assert.deepEqual(await painted(page), sequence(cli), `${kind} ${strategy}`);
    assert.equal(await page.getAttribute('svg.graph g.node[data-bundle=f2]', 'data-failed'), kind);
    assert.ok((await page.textContent('[data-testid=stuck-panel]')).length > 0);
    await shot(page, `sim-failforward-${kind}-${strategy}`);
  }
  // csv + fail-forward, then "f3 replaces f2" (3.0.0) as the updated catalog.
  await simulate(page, { installed: 'f1', kind: 'csv', failing: 'f2', strategy: 'TechPreviewUnsafeFailForward' });
  await page.click('[data-testid=updated-catalog] summary');
  await page.fill('[data-testid=add-entry-name]', 'f3');
  await page.fill('[data-testid=add-entry-replaces]', 'f2');
  await page.fill('[data-testid=add-entry-version]', '3.0.0');
  await page.click('[data-testid=add-entry-apply]');
  await page.waitForSelector('[data-testid=path-outcome][data-outcome="up-to-date"]', { timeout: 5000 });
  const hops = await page.$$eval('[data-testid=sim-path] .hops li', (ls) => ls.map((l) => `${l.dataset.from}>${l.dataset.to}`));
  assert.deepEqual(hops, ['f1>f2', 'f2>f3']);
  await shot(page, 'sim-failforward-updated');
  await finish(page);
});

test('several heads are shown as a plain resolution error', async () => {
  const file = join(FIX, 'multi-head.yaml');
  const page = await open();
  const name = readFileSync(file, 'utf8').match(/schema: olm\.package\nname: (\S+)/)[1];
  await upload(page, file, name);
  const first = await page.getAttribute('svg.graph g.node[data-bundle]', 'data-bundle');
  await simulate(page, { installed: first });
  assert.match(await page.textContent('[data-testid=path-error]'), /2 replacement chains/);
  await shot(page, 'sim-multi-head');
  await finish(page);
});

test('animation frame rate on project-quay while playing', { skip: !existsSync(QUAY) && 'no project-quay catalog' }, async () => {
  const page = await open();
  await upload(page, QUAY, 'project-quay');
  const graph = JSON.parse(execFileSync(CLI, ['graph', QUAY, '--package', 'project-quay', '--json'], { encoding: 'utf8', maxBuffer: 1 << 28 }));
  const channel = await page.getAttribute('svg.graph', 'data-graph-channel');
  const ch = (graph.channels ?? []).find((c) => c.name === channel) ?? graph.channels?.[0];
  // The installed bundle with the longest path.
  let best = null;
  for (const n of ch.nodes.filter((x) => !x.virtual)) {
    const p = cliPath(QUAY, 'project-quay', ch.name, n.name);
    if (!best || p.hops.length > best.hops.length) best = p;
  }
  await inspector(page, 'simulate');
  if (await page.isChecked('[data-testid=instant]')) await page.uncheck('[data-testid=instant]');
  await page.fill('[data-testid=installed-picker]', best.from);
  await page.dispatchEvent('[data-testid=installed-picker]', 'change');
  await page.waitForSelector('[data-testid=path-outcome]');
  const frames = await page.evaluate(async (ms) => {
    const times = [];
    document.querySelector('[data-testid=play]').click();
    const start = performance.now();
    await new Promise((done) => {
      const tick = (t) => { times.push(t); if (t - start < ms) requestAnimationFrame(tick); else done(); };
      requestAnimationFrame(tick);
    });
    const d = times.slice(1).map((t, i) => t - times[i]);
    d.sort((a, b) => a - b);
    return { frames: d.length, fps: d.length / ((times.at(-1) - times[0]) / 1000), median: d[d.length >> 1], p95: d[Math.floor(d.length * 0.95)], max: d.at(-1) };
  }, Math.min(8000, 700 * (best.hops.length + 1)));
  const result = { channel: ch.name, from: best.from, hops: best.hops.length, ...frames };
  console.log(`project-quay animation: ${JSON.stringify(result)}`);
  writeFileSync(join(OUT, 'sim-fps.json'), JSON.stringify(result, null, 2));
  assert.deepEqual(await painted(page), sequence(best));
  await shot(page, 'sim-project-quay-played');
  await finish(page);
});

test('a link with the simulation inputs reopens the same what-if; reduced motion means instant', async () => {
  const file = join(FIX, 'failforward.yaml');
  const page = await open('?installed=f1&fail=f2&failure=installplan&strategy=TechPreviewUnsafeFailForward', { reducedMotion: 'reduce' });
  await upload(page, file, 'ff');
  assert.equal(await page.isChecked('[data-testid=instant]'), true);
  await page.waitForSelector('[data-testid=path-outcome][data-outcome="waiting-for-catalog-update"]', { timeout: 5000 });
  await page.waitForSelector('svg.graph g.node[data-bundle=f2][data-failed=installplan]', { timeout: 5000 });
  assert.equal(await page.inputValue('[data-testid=installed-picker]'), 'f1');
  assert.equal(await page.inputValue('[data-testid=strategy-select]'), 'TechPreviewUnsafeFailForward');
  await shot(page, 'sim-url-restored');
  await finish(page);
});

test('a second catalog loaded as the update: fail-forward from the failed f2 reaches the fix', async () => {
  const file = join(FIX, 'failforward.yaml');
  const fixed = join(FIX, 'failforward-fixed-csv.yaml');
  const page = await open();
  await upload(page, file, 'ff');
  await simulate(page, { installed: 'f1', kind: 'csv', failing: 'f2', strategy: 'TechPreviewUnsafeFailForward' });
  await page.waitForSelector('[data-testid=path-outcome][data-outcome="waiting-for-catalog-update"]');
  await page.click('[data-testid=updated-catalog] summary');
  await page.setInputFiles('[data-testid=update-catalog-input]', fixed);
  await page.waitForSelector('[data-testid=update-catalog-active]');
  const cli = JSON.parse(execFileSync(CLI, ['path', file, '--package', 'ff', '--channel', 'stable', '--from', 'f1', '--fail', 'f2',
    '--failure', 'csv', '--strategy', 'fail-forward', '--updated-catalog', fixed, '--json'], { encoding: 'utf8' }));
  await page.waitForSelector(`[data-testid=path-outcome][data-outcome="${cli.outcome}"]`, { timeout: 5000 });
  const hops = await page.$$eval('[data-testid=sim-path] .hops li', (ls) => ls.map((l) => l.dataset.to));
  assert.deepEqual(hops, cli.hops.map((h) => h.to));
  await shot(page, 'sim-failforward-second-catalog');
  await finish(page);
});

test('an installed bundle from another channel is drawn beside the channel and its path painted from it', async () => {
  const file = join(ROOT, 'crates/cli/tests/fixtures/path/other-channel.yaml');
  const page = await open();
  await upload(page, file, 'demo');
  await showChannel(page, 'demo', 'fast');
  assert.equal(await page.locator('svg.graph g.node[data-bundle="demo.v1.0.0"]').count(), 0);
  await simulate(page, { installed: 'demo.v1.0.0' });
  const node = page.locator('svg.graph g.node[data-bundle="demo.v1.0.0"]');
  assert.equal(await node.count(), 1, 'the installed bundle is drawn');
  assert.match(await node.locator('title').first().textContent(), /installed from another channel/);
  const cli = cliPath(file, 'demo', 'fast', 'demo.v1.0.0');
  assert.deepEqual(await painted(page), sequence(cli));
  // Its edge into the channel: the skipRange of demo.v1.2.0.
  const edge = page.locator('svg.graph [data-from="demo.v1.0.0"][data-to="demo.v1.2.0"]');
  assert.ok((await edge.count()) >= 1, 'the edge that upgrades it is drawn');
  await shot(page, 'sim-installed-other-channel');
  await finish(page);
});
