// Benchmark of the web app in headless Chromium (after `trunk build --release`):
//   node tests/e2e/bench.mjs [--runs N]
// Serves dist/ itself on 127.0.0.1 and measures, over N fresh browser contexts (empty cache):
//   1. page load → sample graph drawn (navigation start to the first node in the SVG);
//   2. project-quay.yaml upload → graph drawn (the input's change event to the first node of
//      project-quay), with the longest gap between animation frames and the long tasks
//      (PerformanceObserver 'longtask') on the main thread meanwhile;
//   3. the same for the 24 MiB of the two complete catalogs of ../shared/catalogs (81 files).
// Prints a table and writes test-output/bench.json. With --phases, the runs also time each
// phase of the big upload (the page reading the files, the worker decoding, loading, linting and
// posting the catalog, the page receiving it and drawing), from hooks on the page's Worker and in
// the worker's scope (a little overhead of their own), and print the split.
import { readdirSync, statSync, mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, startStaticServer, stopServer } from './browser.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = process.env.OLM_DIST || join(ROOT, 'dist');
const CATALOGS = process.env.OLM_GRAPH_CATALOGS || join(ROOT, '../shared/catalogs');
const OUT = process.env.OLM_TEST_OUTPUT || join(ROOT, 'test-output');
const QUAY = join(CATALOGS, 'community-operators-prod/v4.21/project-quay.yaml');
const BIG = [join(CATALOGS, 'community-operators-prod/v4.21'), join(CATALOGS, 'certified-operators/v4.22')]
  .flatMap((d) => readdirSync(d).map((f) => join(d, f)));
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const PHASES = process.argv.includes('--phases');

if (!existsSync(join(DIST, 'index.html'))) {
  console.error(`bench: no release build in ${DIST}; run trunk build --release first`);
  process.exit(1);
}

/** Starts the main-thread monitors: rAF gaps and long tasks. */
const startMonitor = () => {
  const m = { maxGap: 0, last: performance.now(), run: true, longTasks: 0, longest: 0, longTotal: 0 };
  window.__bench = m;
  const tick = (t) => {
    m.maxGap = Math.max(m.maxGap, t - m.last);
    m.last = t;
    if (m.run) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  try {
    m.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        m.longTasks += 1;
        m.longTotal += e.duration;
        m.longest = Math.max(m.longest, e.duration);
      }
    });
    m.observer.observe({ type: 'longtask' });
  } catch { /* no longtask support */ }
  // The moment the files are handed to the page.
  document.querySelector('[data-testid=catalog-file-input]').addEventListener('change', () => {
    m.t0 = performance.now();
  }, { capture: true, once: true });
};

const stopMonitor = () => {
  const m = window.__bench;
  m.run = false;
  m.observer?.disconnect();
  return { maxGap: m.maxGap, longTasks: m.longTasks, longest: m.longest, longTotal: m.longTotal, t0: m.t0 };
};

/** performance.now() when the graph of `pkg` is drawn, from the catalog labelled `label`. */
async function drawnAt(page, pkg, label) {
  const h = await page.waitForFunction(([p, l]) => {
    const svg = document.querySelector('svg.graph');
    const shown = document.querySelector('[data-testid=catalog-label]')?.textContent;
    return svg && (l === null || shown === l) && (p === null || svg.dataset.graphPackage === p)
      && svg.querySelector('[data-bundle]') ? performance.now() : false;
  }, [pkg, label], { polling: 'raf', timeout: 120000 });
  return h.jsonValue();
}

async function uploadRun(page, files, pkg, label, workers) {
  await page.evaluate(startMonitor);
  await page.setInputFiles('[data-testid=catalog-file-input]', files);
  const t1 = await drawnAt(page, pkg, label);
  await page.waitForFunction(() => document.querySelector('[data-testid=progress]')?.dataset.busy === 'false');
  await page.waitForTimeout(100);
  const m = await page.evaluate(stopMonitor);
  const run = { ms: t1 - m.t0, maxGap: m.maxGap, longTasks: m.longTasks, longest: m.longest, longTotal: m.longTotal };
  if (PHASES) {
    const ph = await page.evaluate(() => window.__phases.splice(0));
    for (const w of workers) ph.push(...(await w.evaluate(() => self.__phases.splice(0)).catch(() => [])));
    ph.sort((x, y) => x.a - y.a);
    run.phases = phaseSplit(ph, t1 + await page.evaluate(() => performance.timeOrigin));
  }
  return run;
}

/** Page hooks (before the app starts): the time of each request posted to a worker and of each
 *  reply handled, with the handler's duration; the first `change` event. Times are
 *  `performance.timeOrigin + now()`, comparable with the worker's. */
const pageHooks = () => {
  const T = () => performance.timeOrigin + performance.now();
  const ph = [];
  window.__phases = ph;
  const kindOf = (d) => {
    const t = d instanceof Uint8Array ? new TextDecoder().decode(d.subarray(0, 40)) : d;
    return typeof t === 'string' ? (t.match(/"type":"([a-z-]+)"/) || [])[1] : t && (t.kind || t.type);
  };
  const W = window.Worker;
  window.Worker = class extends W {
    postMessage(m, t) { const a = T(); super.postMessage(m, t); ph.push({ what: `page-post:${kindOf(m)}`, a, b: T() }); }
    addEventListener(type, fn, o) {
      if (type !== 'message') return super.addEventListener(type, fn, o);
      const f = typeof fn === 'function' ? fn : (e) => fn.handleEvent(e);
      return super.addEventListener(type, (e) => {
        const k = kindOf(e.data);
        const a = T();
        f(e);
        ph.push({ what: `page-recv:${k}`, a, b: T() });
      }, o);
    }
  };
  document.addEventListener('change', () => ph.push({ what: 'change', a: T(), b: T() }), { capture: true });
};

/** Worker hooks: the time each request arrives (the event's own time stamp) and each reply is
 *  posted. */
const workerHooks = () => {
  const T = () => performance.timeOrigin + performance.now();
  const ph = [];
  self.__phases = ph;
  const kindOf = (d) => {
    const t = d instanceof Uint8Array ? new TextDecoder().decode(d.subarray(0, 40)) : d;
    return typeof t === 'string' ? (t.match(/"type":"([a-z-]+)"/) || [])[1] : t && (t.kind || t.type);
  };
  const post = self.postMessage.bind(self);
  self.postMessage = (m, t) => { const k = kindOf(m); const a = T(); post(m, t); ph.push({ what: `w-post:${k}`, a, b: T() }); };
  self.addEventListener('message', (e) => ph.push({ what: `w-recv:${kindOf(e.data)}`, a: performance.timeOrigin + e.timeStamp }));
};

/** The phases of one big upload, in ms, from the hooks' records (sorted by time). */
function phaseSplit(ph, drawnAt) {
  const first = (what, after = -Infinity) => ph.find((e) => e.what === what && e.a >= after);
  const t0 = first('change')?.a;
  const post = first('page-post:catalog', t0);
  const recv = first('w-recv:catalog', t0);
  const progress = first('w-post:progress', recv?.a);
  const checking = first('w-post:stage', recv?.a);
  const part = first('w-post:part', recv?.a);
  const done = first('w-post:done', recv?.a);
  const got = ph.filter((e) => e.what.startsWith('page-recv:') && e.a >= post?.a);
  const gotDone = got.find((e) => e.what === 'page-recv:done');
  const busy = (xs) => xs.reduce((n, e) => n + (e.b - e.a), 0);
  return {
    'page: read the files (change to post)': post?.a - t0,
    'page: post the request': post?.b - post?.a,
    'worker: files into wasm (to first progress)': progress?.a - recv?.a,
    'worker: load (to checking)': checking?.a - progress?.a,
    'worker: lint (to first part)': (part || done)?.a - checking?.a,
    'worker: encode and post the catalog': done?.b - (part || done)?.a,
    'page: handling parts (busy)': busy(got.filter((e) => e.what === 'page-recv:part')),
    'page: handling done (busy)': gotDone?.b - gotDone?.a,
    'page: done handled to drawn': drawnAt - gotDone?.b,
    'all: change to drawn': drawnAt - t0,
  };
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const max = (xs) => Math.max(...xs);

const server = await startStaticServer(DIST);
const browser = await launchBrowser();
const results = { sample: [], quay: [], big: [] };
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const workers = [];
    if (PHASES) {
      await page.addInitScript(pageHooks);
      page.on('worker', (w) => { workers.push(w); w.evaluate(workerHooks).catch(() => {}); });
    }
    await page.goto(server.url);
    results.sample.push(await drawnAt(page, 'acme-operator', null));
    await page.waitForTimeout(200);
    results.quay.push(await uploadRun(page, QUAY, 'project-quay', 'project-quay.yaml', workers));
    results.big.push(await uploadRun(page, BIG, null, `${BIG.length} files`, workers));
    await context.close();
  }
} finally {
  await browser.close();
  await stopServer(server);
}

const mb = (files) => (files.reduce((n, f) => n + statSync(f).size, 0) / 1048576).toFixed(1);
const row = (name, xs) => `${name.padEnd(46)} median ${median(xs).toFixed(0).padStart(5)} ms   max ${max(xs).toFixed(0).padStart(5)} ms`;
console.log(`olm-graph web bench: ${RUNS} runs, headless Chromium, 1280×800, release build`);
console.log(row('page load → sample graph drawn', results.sample));
for (const [key, label] of [['quay', `project-quay.yaml (${mb([QUAY])} MiB) upload → drawn`], ['big', `${BIG.length} files (${mb(BIG)} MiB) upload → drawn`]]) {
  const r = results[key];
  console.log(row(label, r.map((x) => x.ms)));
  console.log(`${''.padEnd(46)} runs: ${r.map((x) => x.ms.toFixed(0)).join(', ')} ms`);
  console.log(`${''.padEnd(46)} longest frame gap ${max(r.map((x) => x.maxGap)).toFixed(0)} ms, long tasks: ${max(r.map((x) => x.longTasks))} (longest ${max(r.map((x) => x.longest)).toFixed(0)} ms, ${max(r.map((x) => x.longTotal)).toFixed(0)} ms in all)`);
}
if (PHASES) {
  console.log(`phases of the ${BIG.length}-file upload (ms; each run, then the median):`);
  for (const k of Object.keys(results.big[0].phases)) {
    const xs = results.big.map((x) => x.phases[k]);
    console.log(`  ${k.padEnd(44)} ${xs.map((x) => x.toFixed(0).padStart(5)).join(' ')}   median ${median(xs).toFixed(0).padStart(5)}`);
  }
}
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'bench.json'), JSON.stringify({ runs: RUNS, ...results }, null, 2));
