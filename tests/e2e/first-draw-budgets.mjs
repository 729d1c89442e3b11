// The first-draw budgets of issue 45, measured as scripts/bench-web.sh does (first-draw.mjs:
// one Chromium, cold cache, alternating loads, medians), and the gzipped sizes of what ships.
// A budget exceeded by more than 25% fails, except those named in NOT_HELD: they do not hold on
// this machine yet (docs/performance.md, "First draw"); their figures are printed, and one is
// taken off the list once it holds. In the test command, alone (scripts/test-web.sh), after
// scripts/build-web-release.sh:
//   cd tests/e2e && node --test first-draw-budgets.mjs
// OLM_FIRST_DRAW_RUNS loads of each case (default 5: the median of 3 moved by a third from one
// run to the next). Before it measures, it waits (at most 20 s) until the CPUs are quiet: the
// browsers of the files before it can take seconds to end. A timed budget over in one run is
// measured again, up to ATTEMPTS runs in all (below): it fails when no run holds it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { CATALOGS, CLI, DIST, OUT } from './harness.mjs';
import { BUDGET, KB, SLACK, measure, shippedSizes, shippedTotals, table } from './first-draw.mjs';

/** The budgets not held yet (docs/performance.md, "First draw", "Budgets held and not held"):
 *  none since 2026-11-30 05:10 UTC. The two ratios were here until then, medians over
 *  alternating loads whose ratio moves with the static page's own median (93–202 ms from one
 *  run to the next): gpu-operator-certified from url= (budget 2.5×, +25% 3.125×) at 2.1–2.5×
 *  in four runs once its picture was drawn on the page (1.9–3.7× before); the element (budget
 *  1.8×, +25% 2.25×) at 1.3–1.8× in the ten runs since 2026-11-30 00:50 (2.34× once at 00:15). */
const NOT_HELD = new Set([]);

/** The share of the CPUs busy over `ms` (from /proc/stat; null where there is none). */
async function busy(ms) {
  const read = () => {
    try {
      const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
      return { idle: f[3] + (f[4] || 0), all: f.reduce((a, b) => a + b, 0) };
    } catch { return null; }
  };
  const a = read();
  await new Promise((r) => setTimeout(r, ms));
  const b = read();
  return a && b && b.all > a.all ? 1 - (b.idle - a.idle) / (b.all - a.all) : null;
}

/** Waits (at most QUIET_WAIT_MS) until what ran before this file has let go of the CPUs: the
 *  Chromiums and servers of the files before it can take a few seconds to end, and a load
 *  measured beside them measures them. Returns what it saw, for the log. */
const QUIET_WAIT_MS = 20000;
async function quiet() {
  const start = Date.now();
  let share = await busy(1000);
  while (share !== null && share > 0.25 && Date.now() - start < QUIET_WAIT_MS) share = await busy(1000);
  return { share, waited: Date.now() - start };
}

const over = (key, what, value, budget, unit, scale = 1) =>
  value > budget * scale * SLACK
    ? { key, text: `${what}: ${value.toFixed(2)} ${unit} > ${budget} ${unit}${scale > 1 ? ` × ${scale.toFixed(2)}` : ''} + 25%` }
    : null;

/** The static page's slowest median on the machine the issue measured its budgets on (120–151
 *  ms). The budgets in milliseconds (the sample, the element, the chain's longest task) are for
 *  such a machine: on a slower one, as the same static page loaded in the same run shows, they
 *  are scaled by how much slower it is (never below 1). On 2026-11-30 the machine's static page
 *  took 231–254 ms where it had taken 93–202 ms the days before, and every case was slower by
 *  as much (docs/performance.md, "First draw"). The ratios and the sizes are not scaled; the
 *  figures printed are the measured ones. */
const REFERENCE_STATIC_MS = 151;

/** The budgets of one measurement `r` (from `measure`), each exceeded by more than 25%, as
 *  `{key, case, text}`; the sizes are judged once, outside. */
function overTime(r) {
  const c = r.cases;
  const slower = Math.max(1, c.static.median / REFERENCE_STATIC_MS);
  if (slower > 1) console.log(`the static page took ${c.static.median.toFixed(0)} ms: the budgets in ms are scaled by ${slower.toFixed(2)}`);
  const at = (name, o) => (o ? { ...o, case: name } : null);
  return [
    c.url && at('url', over('urlRatio', 'gpu-operator-certified from url= × the static page', c.url.ratio, BUDGET.urlRatio, '×')),
    c.element && at('element', over('elementRatio', 'the element × the static page', c.element.ratio, BUDGET.elementRatio, '×')),
    c.sample && at('sample', over('sampleMs', 'the sample drawn', c.sample.median, BUDGET.sampleMs, 'ms', slower)),
    c.element && at('element', over('elementMs', 'the element drawn', c.element.median, BUDGET.elementMs, 'ms', slower)),
    c.chain && at('chain', over('chainLongestMs', 'the 20,000-bundle chain: longest task', c.chain.longest, BUDGET.chainLongestMs, 'ms', slower)),
  ].filter(Boolean);
}

/** How many times a timed budget is measured before it counts as exceeded. A load on a shared
 *  machine is only ever slowed by what else runs (CI ran this file at load average 5.1 on
 *  2026-12-01, and the static page alone took 115–253 ms in one run): a budget that one of
 *  ATTEMPTS measurements holds is held, and code that is truly slower exceeds it in all of
 *  them. A repeat measures again, in a new Chromium, only the cases over budget and the static
 *  page beside them (their ratios and the millisecond budgets' scale are to the static page of
 *  the same run). Every attempt's table is printed. */
const ATTEMPTS = 3;

test('the first draw and the shipped sizes stay within issue 45\'s budgets (+25%; NOT_HELD, empty, names any not asserted)', async () => {
  for (const p of [join(DIST, 'index.html'), join(DIST, 'embed/olm-graph.js'), CLI]) assert.ok(existsSync(p), `missing ${p}`);
  const runs = Number(process.env.OLM_FIRST_DRAW_RUNS || 5);
  const sizes = shippedSizes(DIST);
  const { app, worker, element } = shippedTotals(sizes);
  assert.ok(app > 0 && worker > 0 && element > 0, JSON.stringify(sizes));
  const overSize = [
    over('appKB', 'the app\'s wasm', app / KB, BUDGET.appKB, 'KB'),
    over('workerKB', 'the worker\'s wasm', worker / KB, BUDGET.workerKB, 'KB'),
    over('elementKB', 'the element', element / KB, BUDGET.elementKB, 'KB'),
  ].filter(Boolean);
  let names;
  let overTimed = [];
  const attempts = [];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const calm = await quiet();
    console.log(`${attempt > 1 ? `again (${attempt} of ${ATTEMPTS}), ${names.join(', ')}: ` : ''}the CPUs ${calm.share === null ? '(no /proc/stat)' : `${Math.round(calm.share * 100)}% busy`} after ${calm.waited} ms`);
    const load = loadavg()[0].toFixed(1);
    const r = await measure({ dist: DIST, catalogs: CATALOGS, cli: CLI, runs, names });
    console.log(`first draw (${runs} loads each, load average ${load}):\n${table(r)}`);
    attempts.push({ load, ...r });
    // A budget held in an earlier run stays held: only those over in every run so far remain.
    const before = attempt > 1 ? new Set(overTimed.map((o) => o.key)) : null;
    overTimed = overTime(r).filter((o) => !before || before.has(o.key));
    if (!overTimed.some((o) => !NOT_HELD.has(o.key))) break;
    if (attempt < ATTEMPTS) {
      console.log(`over budget in this run: ${overTimed.map((o) => o.text).join('; ')}`);
      names = [...new Set(overTimed.map((o) => o.case)), 'static'];
    }
  }
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'first-draw-budget.json'), `${JSON.stringify({ date: new Date().toISOString(), attempts, shipped: sizes }, null, 2)}\n`);
  const over_budget = [...overTimed, ...overSize];
  const known = over_budget.filter((o) => NOT_HELD.has(o.key));
  if (known.length) console.log(`not held yet, not asserted (NOT_HELD): ${known.map((o) => o.text).join('; ')}`);
  const failures = over_budget.filter((o) => !NOT_HELD.has(o.key)).map((o) => o.text);
  const load = attempts.map((a) => a.load).join(', ');
  assert.deepEqual(failures, [], `over budget in ${attempts.length} run(s) (load average ${load}): ${failures.join('; ')}`);
});
