// Starts the parsing Web Worker (a classic worker: wasm-bindgen's no-modules glue).
//
// Started by assets/boot.js as `worker-boot.js?module`: the page fetches and compiles the wasm
// itself from its first script, while this worker's thread starts, and posts the compiled
// module as the worker's first message (`{olmGraphModule}`, null when the page could not
// compile it: then it is fetched here). Started otherwise (the app's own worker, when boot.js
// could not start one), it fetches its wasm at once, before the glue is read, so the two
// download side by side; the glue's init takes the response promise (docs/performance.md,
// "First draw").
//
// The release build writes the glue (worker.js) in place of the importScripts line below
// (scripts/inline-worker-glue.sh), which saves the worker a second request before it can start.
const fetchWasm = () => fetch('./worker_bg.wasm');
const wasm = new URLSearchParams(self.location.search).has('module')
  ? new Promise((resolve) => {
    self.addEventListener('message', (ev) => resolve(ev.data?.olmGraphModule || fetchWasm()), { once: true });
  })
  : fetchWasm();
importScripts('./worker.js');
wasm_bindgen({ module_or_path: wasm });
