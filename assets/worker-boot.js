// Starts the parsing Web Worker (a classic worker: wasm-bindgen's no-modules glue).
importScripts('./worker.js');
wasm_bindgen({ module_or_path: './worker_bg.wasm' });
