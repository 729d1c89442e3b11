// End-to-end tests of the Plan panel on the real project-quay catalog: the route from
// quay-operator.v3.15.0 (subscribed to stable-3.15) to the head of stable-3.17, the oldest
// stable-3.x start with a catalog route there (from stable-3.6 there is none). The steps shown,
// the route painted on the package view and the copied commands are compared with
// `olm-graph plan --json` for the same inputs, under OLM v0 and v1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { app, open, finish, shot, upload, waitGraph, cli, CATALOGS, inspector } from './harness.mjs';

const QUAY = join(CATALOGS, 'community-operators-prod/v4.21/project-quay.yaml');
const FROM = 'quay-operator.v3.15.0';

app();

async function fill(page, testid, value) {
  if (!(await page.isVisible('[data-testid=plan-panel]'))) await inspector(page, 'plan');
  await page.fill(`[data-testid=${testid}]`, value);
  await page.dispatchEvent(`[data-testid=${testid}]`, 'change');
}

async function plan(page, resolver) {
  await fill(page, 'plan-from', FROM);
  await fill(page, 'plan-channel', 'stable-3.15');
  await page.selectOption('[data-testid=plan-target-kind]', 'channel');
  await fill(page, 'plan-target', 'stable-3.17');
  await page.selectOption('[data-testid=plan-resolver]', resolver);
  await page.click('[data-testid=plan-run]');
  await page.waitForSelector(`[data-testid=plan-result], [data-testid=plan-error]`);
}

/** The steps the panel lists, in the CLI's shape. */
function shownSteps(page) {
  return page.$$eval('[data-testid=plan-step]', (steps) => steps.map((s) => ({
    channel: s.dataset.channel,
    stop: s.dataset.stop ?? null,
    hops: [...s.querySelectorAll('[data-testid=plan-hop]')].map((h) => [h.dataset.from, h.dataset.to]),
  })));
}

/** The painted path: node names ordered by data-path-step. */
function painted(page) {
  return page.evaluate(() => [...document.querySelectorAll('svg.graph g.node[data-path-step]')]
    .map((n) => [Number(n.getAttribute('data-path-step')), n.dataset.bundle])
    .sort((a, b) => a[0] - b[0]).map((x) => x[1]));
}

for (const resolver of ['v0', 'v1']) {
  test(`plan on project-quay (${resolver}): the steps, the route on the graph and the copied commands equal the CLI's`, async () => {
    const doc = JSON.parse(cli(['plan', QUAY, '-p', 'project-quay', '--from', FROM, '--to', 'channel:stable-3.17',
      '-c', 'stable-3.15', '--resolver', resolver, '--json']));
    assert.equal(doc.reachable, true);
    assert.ok(doc.steps.length >= 2, 'a route across channels');
    const page = await open('', { permissions: ['clipboard-read', 'clipboard-write'] });
    await upload(page, QUAY, 'project-quay');
    await plan(page, resolver);
    assert.equal(await page.getAttribute('[data-testid=plan-result]', 'data-reachable'), 'true');
    const expected = doc.steps.map((s) => ({ channel: s.channel, stop: s.stop, hops: s.hops.map((h) => [h.from, h.to]) }));
    assert.deepEqual(await shownSteps(page), expected);
    assert.equal(await page.textContent('[data-testid=plan-commands]'), doc.commands.join('\n'));

    // Drawn on the package view (all channels): every bundle of the route in order.
    await page.click('[data-testid=plan-show]');
    await waitGraph(page, 'project-quay', '');
    await page.waitForTimeout(150); // painted on the next animation frame
    const route = [doc.from, ...doc.steps.flatMap((s) => s.hops.map((h) => h.to))];
    assert.deepEqual(await painted(page), route);
    // The switch into stable-3.16 is written on the hop after it.
    const labels = await page.$$eval('[data-testid=path-edge-label]', (ls) => ls.map((l) => l.textContent));
    assert.ok(labels.some((l) => l.startsWith('switch to stable-3.16')), JSON.stringify(labels));
    assert.equal(await page.getAttribute(`svg.graph g.node[data-bundle="${route.at(-1)}"]`, 'data-path-current'), 'true');

    // Copy commands: the clipboard has exactly the CLI's commands.
    await page.click('[data-testid=plan-copy]');
    await page.waitForSelector('[data-testid=plan-copied]');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), doc.commands.join('\n'));
    await shot(page, `plan-project-quay-${resolver}`);
    await finish(page);
  });
}

test('no route from stable-3.6 to the head of stable-3.17: the panel says why, as the CLI does', async () => {
  const from = 'quay-operator.v3.6.2';
  let doc;
  try {
    cli(['plan', QUAY, '-p', 'project-quay', '--from', from, '--to', 'channel:stable-3.17', '--json']);
    assert.fail('the CLI should exit 1');
  } catch (e) {
    doc = JSON.parse(e.stdout);
  }
  assert.equal(doc.reachable, false);
  const page = await open();
  await upload(page, QUAY, 'project-quay');
  await fill(page, 'plan-from', from);
  await page.selectOption('[data-testid=plan-target-kind]', 'channel');
  await fill(page, 'plan-target', 'stable-3.17');
  await page.click('[data-testid=plan-run]');
  await page.waitForSelector('[data-testid=plan-no-route]');
  assert.equal(await page.getAttribute('[data-testid=plan-result]', 'data-reachable'), 'false');
  const text = await page.textContent('[data-testid=plan-no-route]');
  assert.ok(text.includes(doc.explanation), text);
  await finish(page);
});

// The platform timeline: the descheduler series folder (v4.12 … v4.22, one catalog per
// platform version, read from ../shared at test time), planned from a 4.12 bundle, step by
// step and with EUS-style jumps; the columns and their bundles equal `olm-graph plan --series
// --json` (grouped by each step's platform).
const SERIES = join(CATALOGS, 'openshift-kube-descheduler-fbc');
const DESCHEDULER = 'cluster-kube-descheduler-operator';
const SERIES_FROM = 'clusterkubedescheduleroperator.4.12.0-202301261106';

/** The CLI's series plan as timeline columns: platform, arrival and the bundle reached there. */
function cliColumns(doc) {
  const columns = [];
  let at = doc.from;
  for (const step of doc.steps) {
    let col = columns.at(-1);
    if (!col || col.platform !== step.platform) {
      col = { platform: step.platform, arrives: at, required: at };
      columns.push(col);
    }
    for (const h of step.hops) at = h.to;
    col.required = at;
  }
  return columns;
}

function shownColumns(page) {
  return page.$$eval('[data-testid=plan-platform]', (cols) => cols.map((c) => ({
    platform: c.dataset.platform, arrives: c.dataset.arrives, required: c.dataset.required,
  })));
}

test('a series folder gives the Plan panel a platform timeline equal to plan --series --json', async () => {
  const page = await open();
  await upload(page, join(SERIES, 'v4.16/cluster-kube-descheduler-operator.json'), DESCHEDULER);
  await inspector(page, 'plan');
  await page.setInputFiles('[data-testid=plan-series-input]', SERIES);
  await page.waitForSelector('[data-testid=plan-series-label]', { timeout: 60000 });
  assert.match(await page.textContent('[data-testid=plan-series-label]'), /v4\.12 → v4\.13 → .* → v4\.22/);
  await fill(page, 'plan-from', SERIES_FROM);
  await fill(page, 'plan-channel', 'stable');

  // Every platform from 4.12 to 4.22.
  await page.selectOption('[data-testid=plan-platform-from]', 'v4.12');
  await page.selectOption('[data-testid=plan-platform-to]', 'v4.22');
  await page.click('[data-testid=plan-series-run]');
  await page.waitForSelector('[data-testid=plan-timeline]', { timeout: 60000 });
  const doc = JSON.parse(cli(['plan', '--series', SERIES, '-p', DESCHEDULER, '--from', SERIES_FROM,
    '--platform-from', '4.12', '--platform-to', '4.22', '-c', 'stable', '--json']));
  assert.equal(doc.reachable, true);
  const expected = cliColumns(doc);
  assert.equal(expected.length, 11, 'one column per platform version');
  assert.deepEqual(await shownColumns(page), expected);
  assert.equal(await page.getAttribute('[data-testid=plan-series-result]', 'data-reachable'), 'true');
  assert.equal(await page.textContent('[data-testid=plan-series-commands]'), doc.commands.join('\n'));
  await shot(page, 'plan-series-timeline');

  // EUS-style jumps: only the platforms named.
  await fill(page, 'plan-platform-path', '4.12,4.14,4.16,4.18,4.20,4.22');
  await page.click('[data-testid=plan-series-run]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=plan-platform]').length === 6);
  const eus = JSON.parse(cli(['plan', '--series', SERIES, '-p', DESCHEDULER, '--from', SERIES_FROM,
    '--platform-path', '4.12,4.14,4.16,4.18,4.20,4.22', '-c', 'stable', '--json']));
  assert.deepEqual(await shownColumns(page), cliColumns(eus));
  await finish(page);
});
