// How much of the <olm-graph> element's first draw is V8 compiling its wasm (issue 45,
// docs/performance.md, "First draw"): the release build's element (dist/embed) run in Node's V8,
// which compiles a wasm function only when it is first called (lazy compilation, as Chromium
// does), against the same calls once compiled, and against a V8 that compiles every function
// before the first call (--no-wasm-lazy-compilation, which a page cannot ask for). Each
// variant runs in a process of its own, RUNS times; the medians are printed. A benchmark, not a
// test:
//   node tests/e2e/wasm-first-call.mjs [DIST] [RUNS]
// DIST defaults to dist/, the catalog is gpu-operator-certified (../shared/catalogs), the
// request the element's first draw of its `stable` channel (as first-draw.mjs's docs page).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CATALOGS } from './harness.mjs';
import { GPU_FILE, median } from './first-draw.mjs';

const REQUEST = JSON.stringify({
  package: 'gpu-operator-certified', channel: 'stable', view: '', installed: '', resolver: '',
  fail: '', failure: '', strategy: '', tooltips: 'off',
});

/** One process's run: compile, instantiate, first_draw three times, load_bytes once (ms). */
async function once(dir) {
  const glue = await import(pathToFileURL(join(dir, 'olm_graph_embed.js')).href);
  const bytes = new Uint8Array(readFileSync(join(CATALOGS, GPU_FILE)));
  const t0 = performance.now();
  const module = new WebAssembly.Module(readFileSync(join(dir, 'olm_graph_embed_bg.wasm')));
  const t1 = performance.now();
  glue.initSync({ module });
  const t2 = performance.now();
  const draws = [];
  for (let i = 0; i < 3; i++) {
    const a = performance.now();
    const out = glue.first_draw('gpu.yaml', bytes, REQUEST);
    draws.push(performance.now() - a);
    if (!out.startsWith('{"ok"')) throw new Error(`first_draw did not draw: ${out.slice(0, 200)}`);
  }
  const a = performance.now();
  glue.load_bytes('gpu.yaml', bytes);
  const load = performance.now() - a;
  return { compile: t1 - t0, instantiate: t2 - t1, first: draws[0], second: draws[1], third: draws[2], load };
}

if (process.env.OLM_WASM_FIRST_CALL_CHILD) {
  process.stdout.write(JSON.stringify(await once(process.env.OLM_WASM_FIRST_CALL_CHILD)));
} else {
  const dist = resolve(process.argv[2] || 'dist');
  const runs = Number(process.argv[3] || 5);
  const dir = join(dist, 'embed');
  if (!existsSync(join(dir, 'olm_graph_embed_bg.wasm'))) {
    console.error(`no ${dir}/olm_graph_embed_bg.wasm: run scripts/build-web-release.sh first`);
    process.exit(2);
  }
  const variants = [['lazy (as a page)', []], ['eager (--no-wasm-lazy-compilation)', ['--no-wasm-lazy-compilation']]];
  console.log(`the element's wasm in Node ${process.version}, ${runs} processes each, medians in ms`);
  console.log('variant                               compile  first_draw 1st  2nd  3rd  load_bytes');
  for (const [label, flags] of variants) {
    const rows = [];
    for (let r = 0; r < runs; r++) {
      const out = execFileSync(process.execPath, [...flags, new URL(import.meta.url).pathname], {
        env: { ...process.env, OLM_WASM_FIRST_CALL_CHILD: dir },
      });
      rows.push(JSON.parse(out));
    }
    const m = (k) => median(rows.map((x) => x[k])).toFixed(1).padStart(7);
    console.log(`${label.padEnd(36)} ${m('compile')}  ${m('first')}  ${m('second')}  ${m('third')}  ${m('load')}`);
  }
}
