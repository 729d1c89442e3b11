// Starts the parsing Web Worker (a classic worker: wasm-bindgen's no-modules glue). The wasm's
// fetch starts before the glue is fetched and run, so the two download side by side; the glue's
// init takes the response promise (docs/performance.md, "First draw").
const wasm = fetch('./worker_bg.wasm');
importScripts('./worker.js');
wasm_bindgen({ module_or_path: wasm });
