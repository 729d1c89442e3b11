// The first draw of the release build (issue 45), measured in one Chromium, cold cache (a fresh
// browser context per load), loads alternating between the cases, N loads each:
//   sample   the app opened bare: its sample catalog;
//   url      the app with ?url= gpu-operator-certified (channel stable), served beside it;
//   chain    the app with ?url= the 20,000-bundle replaces chain (as big-graph.test.mjs makes);
//   element  <olm-graph> on a plain docs page, the same gpu-operator-certified channel;
//   static   the same channel as a static SVG page (`olm-graph render -f svg` in an <img>).
// For each: the time from navigation start to the first drawn node (the static page: to the
// image decoded), its median and range, its ratio to the static page's median, the longest
// main-thread task (PerformanceObserver 'longtask', buffered) until then; and the gzipped bytes
// of every wasm and JS file fetched. Used by scripts/bench-web.sh (prints a table, writes
// test-output/first-draw.json) and by first-draw-budgets.mjs (the budgets; alone in the test command).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, startStaticServer, stopServer } from './browser.mjs';

/** The catalog and channel both the app (url=) and the element draw. */
export const GPU_FILE = 'certified-operators/v4.22/gpu-operator-certified.yaml';
const PKG = 'gpu-operator-certified';
const CHAIN = 20000;

/** A chain of `n` bundles (one package `big`, channel stable, a skipRange every 50th), as an FBC
 *  YAML stream: the bench's 20,000-bundle case and big-graph.test.mjs's. */
export function chain(n) {
  const out = ['schema: olm.package\nname: big\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: big\nname: stable\nentries:'];
  for (let i = 0; i < n; i++) {
    let e = `\n- name: big.v0.0.${i}`;
    if (i > 0) e += `\n  replaces: big.v0.0.${i - 1}`;
    if (i > 0 && i % 50 === 0) e += `\n  skipRange: '>=0.0.${i - 10} <0.0.${i}'`;
    out.push(e);
  }
  for (let i = 0; i < n; i++) {
    out.push(`\n---\nschema: olm.bundle\nname: big.v0.0.${i}\npackage: big\nimage: quay.io/example/big:v0.0.${i}\nproperties:\n- type: olm.package\n  value:\n    packageName: big\n    version: 0.0.${i}`);
  }
  return out.join('') + '\n';
}

const html = (title, body, head = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head>
<body><main><h1>${title}</h1><p>An upgrade graph, as a docs page shows it.</p>
${body}</main></body></html>`;

/** A folder served on 127.0.0.1: dist/ at its root, the catalogs in bench/, the two pages. */
function site(dist, catalogs, cli) {
  const dir = mkdtempSync(join(tmpdir(), 'olm-first-draw-'));
  cpSync(dist, dir, { recursive: true });
  mkdirSync(join(dir, 'bench'));
  const gpu = join(catalogs, GPU_FILE);
  cpSync(gpu, join(dir, 'bench/gpu.yaml'));
  writeFileSync(join(dir, 'bench/chain.yaml'), chain(CHAIN));
  const svg = execFileSync(cli, ['render', '-f', 'svg', '--package', PKG, '--channel', 'stable', gpu], { maxBuffer: 1 << 28 });
  writeFileSync(join(dir, 'bench/gpu.svg'), svg);
  writeFileSync(join(dir, 'bench/static.html'), html('gpu-operator-certified', `<img id="t" src="gpu.svg" alt="the stable channel of ${PKG}">`));
  // The element's page as the Hugo shortcode (embed/hugo/) and the AsciiDoc extension write
  // it: the module script, then the hints for the module's other files and the first figure's
  // catalog, then the element.
  writeFileSync(join(dir, 'bench/element.html'), html('gpu-operator-certified', `<script type="module" src="../embed/olm-graph.js"></script>
<link rel="modulepreload" href="../embed/olm-graph-style.js">
<link rel="modulepreload" href="../embed/olm_graph_embed.js">
<link rel="preload" href="../embed/olm_graph_embed_bg.wasm" as="fetch" type="application/wasm" crossorigin>
<link rel="preload" href="gpu.yaml" as="fetch" crossorigin>
<olm-graph id="t" src="gpu.yaml" package="${PKG}" channel="stable"></olm-graph>`));
  return dir;
}

/** The cases: the path loaded and the page function that returns performance.now() once drawn. */
const CASES = {
  // The sample is first drawn as a picture (assets/boot.js's first picture, the channel drawn
  // ahead of time), then by the app: `ms` is the first of the two, `live` the app's own.
  sample: {
    path: '',
    drawn: () => {
      const img = document.querySelector('.first-picture img');
      const pictured = img?.complete && img.naturalWidth > 0;
      return document.querySelector('svg.graph [data-bundle]') || pictured ? performance.now() : false;
    },
    live: () => (document.querySelector('svg.graph [data-bundle]') ? performance.now() : false),
  },
  // A link naming its package and channel is first drawn as the parsing worker's picture of
  // that channel (assets/boot.js), then by the app: `ms` is the first of the two, `live` the
  // app's own.
  url: {
    path: '?url=bench/gpu.yaml&package=gpu-operator-certified&channel=stable',
    drawn: () => {
      const img = document.querySelector('.first-picture[data-picture="link"] img');
      const pictured = img?.complete && img.naturalWidth > 0;
      return document.querySelector('svg.graph[data-graph-package="gpu-operator-certified"] [data-bundle]') || pictured ? performance.now() : false;
    },
    live: () => (document.querySelector('svg.graph[data-graph-package="gpu-operator-certified"] [data-bundle]') ? performance.now() : false),
  },
  chain: {
    path: '?url=bench/chain.yaml',
    drawn: () => (document.querySelector('svg.graph[data-graph-package="big"] [data-bundle]') ? performance.now() : false),
  },
  element: { path: 'bench/element.html', drawn: () => (document.getElementById('t')?.dataset.state === 'drawn' ? performance.now() : false) },
  static: {
    path: 'bench/static.html',
    drawn: () => {
      const img = document.getElementById('t');
      return img?.complete && img.naturalWidth > 0 ? performance.now() : false;
    },
  },
};

/** Collects long tasks from the page's start (buffered: those before the script ran too). */
const LONGTASKS = `window.__long = [];
try { new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(e.duration); })
  .observe({ type: 'longtask', buffered: true }); } catch (e) {}`;

async function loadOnce(browser, base, name) {
  const c = CASES[name];
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(LONGTASKS);
  const page = await context.newPage();
  // Only the paths: their bytes are read from the served folder afterwards. Reading the
  // bodies from the browser during the load (CDP's getResponseBody, megabytes of wasm as
  // base64 over its pipe) took the CPU the load needs, on 2 cores, and slowed the app's loads
  // (which fetch the wasm) against the static page (which fetches none).
  const fetched = new Set();
  page.on('response', (r) => {
    const url = r.url();
    if (/\.(wasm|js)(\?|$)/.test(url)) fetched.add(new URL(url).pathname);
  });
  await page.goto(base + c.path, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(c.drawn, null, { polling: 'raf', timeout: 180000 });
  const ms = await handle.jsonValue();
  const live = c.live ? await (await page.waitForFunction(c.live, null, { polling: 'raf', timeout: 180000 })).jsonValue() : ms;
  // The long tasks up to the drawing (and the task that drew it) have been reported by now.
  await page.waitForTimeout(100);
  const longest = await page.evaluate(() => Math.max(0, ...window.__long));
  await context.close();
  const files = [...fetched];
  return { ms, live, longest, files };
}

/** The median of `xs` (the mean of the two middle values for an even count). */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Issue 45's budgets; a test fails when one is exceeded by more than `SLACK`. */
export const BUDGET = {
  urlRatio: 2.5, // the app, gpu-operator-certified from url=, × the static SVG page
  elementRatio: 1.8, // the element on a docs page × the static SVG page
  sampleMs: 350, // the app's sample drawn
  elementMs: 300, // the element's first draw on a docs page
  chainLongestMs: 100, // the longest main-thread task while the 20,000-bundle chain draws
  appKB: 1000, // the app's wasm, gzipped
  workerKB: 450, // the worker's wasm, gzipped
  toolsKB: 700, // the tools worker's wasm, gzipped (ours: not loaded at first draw; started on the first template, pipeline-checks, cluster-state or ImageSetConfiguration request; 650 until 2026-11-30, which it had passed by 7 KB within SLACK)
  elementKB: 350, // the element's wasm and JS, gzipped
};
export const SLACK = 1.25;
export const KB = 1024;

/** The gzipped bytes of the app's wasm, the parsing worker's, the tools worker's, and what a docs page loads of the element
 *  (its wasm and JS, not the React wrapper), from `shippedSizes`. */
export function shippedTotals(sizes) {
  const sum = (re) => Object.entries(sizes).filter(([f]) => re.test(f)).reduce((a, [, b]) => a + b, 0);
  return {
    app: sum(/^olm-graph-web-[^/]*_bg\.wasm$/),
    worker: sum(/^worker_bg\.wasm$/),
    tools: sum(/^tools_bg\.wasm$/),
    element: sum(/^embed\/[^/]*\.(wasm|js)$/) - sum(/^embed\/olm-graph-react\.js$/),
  };
}

/** Every .wasm and .js under `dir` (dist/) with its gzip -9 size. */
export function shippedSizes(dir) {
  const out = {};
  const walk = (d) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(wasm|js)$/.test(f)) out[relative(dir, p)] = gzipSync(readFileSync(p), { level: 9 }).length;
    }
  };
  walk(dir);
  return out;
}

/**
 * Loads every case `runs` times, alternating; returns
 * `{runs, cases: {name: {ms: [..], median, min, max, ratio, longest, longestMax}}, files}`:
 * `longest` is the median over the loads of each load's longest main-thread task.
 */
export async function measure({ dist, catalogs, cli, runs = 5, names = Object.keys(CASES), log = () => {} }) {
  const dir = site(dist, catalogs, cli);
  const server = await startStaticServer(dir);
  const browser = await launchBrowser();
  const raw = Object.fromEntries(names.map((n) => [n, []]));
  const files = {};
  try {
    // One warm-up load of each (the server's and the browser's first start), not counted.
    for (const n of names) await loadOnce(browser, server.url, n);
    for (let r = 0; r < runs; r++) {
      for (const n of names) {
        const one = await loadOnce(browser, server.url, n);
        raw[n].push(one);
        for (const f of one.files) {
          try {
            files[f] ??= gzipSync(readFileSync(join(dir, f)), { level: 9 }).length;
          } catch {
            // Not a file of the folder (a data: or blob: URL).
          }
        }
        log(`${n} #${r + 1}: drawn at ${one.ms.toFixed(0)} ms, longest task ${one.longest.toFixed(0)} ms`);
      }
    }
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
  const cases = {};
  for (const n of names) {
    const ms = raw[n].map((o) => o.ms);
    const live = raw[n].map((o) => o.live);
    const longs = raw[n].map((o) => o.longest);
    // The issue's budgets are medians of the loads: the longest task is each load's longest, its
    // median over the loads (and the largest beside it).
    cases[n] = { ms, median: median(ms), min: Math.min(...ms), max: Math.max(...ms), longest: median(longs), longestMax: Math.max(...longs), live, liveMedian: median(live) };
  }
  if (cases.static) for (const n of names) cases[n].ratio = cases[n].median / cases.static.median;
  return { runs, cases, files };
}

/** The table scripts/bench-web.sh prints. */
export function table(result) {
  const lines = ['case      median ms  range ms      × static  longest task ms (median, max)'];
  for (const [n, c] of Object.entries(result.cases)) {
    lines.push(`${n.padEnd(9)} ${c.median.toFixed(0).padStart(9)}  ${`${c.min.toFixed(0)}–${c.max.toFixed(0)}`.padEnd(12)}  ${(c.ratio ?? NaN).toFixed(2).padStart(8)}  ${c.longest.toFixed(0).padStart(15)}, ${c.longestMax.toFixed(0)}`);
    if (c.liveMedian !== c.median) lines.push(`  (the app's own graph: median ${c.liveMedian.toFixed(0)} ms)`);
  }
  lines.push('', 'gzipped bytes (gzip -9) of the wasm and JS files fetched:');
  for (const [f, b] of Object.entries(result.files).sort()) lines.push(`  ${f.padEnd(48)} ${String(b).padStart(9)}`);
  return lines.join('\n');
}
