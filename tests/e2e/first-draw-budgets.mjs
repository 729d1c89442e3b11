// The first-draw budgets of issue 45, measured as scripts/bench-web.sh does (first-draw.mjs:
// one Chromium, cold cache, alternating loads, medians), and the gzipped sizes of what ships.
// A budget exceeded by more than 25% fails. Not in the test command: the time budgets are not
// met yet (docs/performance.md, "First draw"), so it would fail every run; the sizes are checked
// in the test command by shipped-sizes.test.mjs. Run it alone on a quiet machine after
// scripts/build-web-release.sh:
//   cd tests/e2e && node --test first-draw-budgets.mjs
// OLM_FIRST_DRAW_RUNS loads of each case (default 3).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { CATALOGS, CLI, DIST, OUT } from './harness.mjs';
import { BUDGET, KB, SLACK, measure, shippedSizes, shippedTotals, table } from './first-draw.mjs';

const over = (what, value, budget, unit) =>
  value > budget * SLACK ? `${what}: ${value.toFixed(2)} ${unit} > ${budget} ${unit} + 25%` : null;

test('the first draw and the shipped sizes stay within issue 45\'s budgets (+25%)', async () => {
  for (const p of [join(DIST, 'index.html'), join(DIST, 'embed/olm-graph.js'), CLI]) assert.ok(existsSync(p), `missing ${p}`);
  const runs = Number(process.env.OLM_FIRST_DRAW_RUNS || 3);
  const load = loadavg()[0].toFixed(1);
  const r = await measure({ dist: DIST, catalogs: CATALOGS, cli: CLI, runs });
  const sizes = shippedSizes(DIST);
  console.log(`first draw (${runs} loads each, load average ${load}):\n${table(r)}`);
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'first-draw-budget.json'), `${JSON.stringify({ date: new Date().toISOString(), load, ...r, shipped: sizes }, null, 2)}\n`);
  const { app, worker, element } = shippedTotals(sizes);
  assert.ok(app > 0 && worker > 0 && element > 0, JSON.stringify(sizes));
  const c = r.cases;
  const failures = [
    over('gpu-operator-certified from url= × the static page', c.url.ratio, BUDGET.urlRatio, '×'),
    over('the element × the static page', c.element.ratio, BUDGET.elementRatio, '×'),
    over('the sample drawn', c.sample.median, BUDGET.sampleMs, 'ms'),
    over('the element drawn', c.element.median, BUDGET.elementMs, 'ms'),
    over('the 20,000-bundle chain: longest task', c.chain.longest, BUDGET.chainLongestMs, 'ms'),
    over('the app\'s wasm', app / KB, BUDGET.appKB, 'KB'),
    over('the worker\'s wasm', worker / KB, BUDGET.workerKB, 'KB'),
    over('the element', element / KB, BUDGET.elementKB, 'KB'),
  ].filter(Boolean);
  assert.deepEqual(failures, [], `over budget (load average ${load}): ${failures.join('; ')}`);
});
