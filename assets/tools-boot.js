// Starts the tools Web Worker (src/bin/tools.rs; a classic worker, as worker-boot.js): the
// page starts it on the first request for a rare tool (a catalog template), the parsing worker
// for the files it passes on; never at page load. Its wasm is fetched before the glue is
// fetched and run, so the two download side by side.
const wasm = fetch('./tools_bg.wasm');
importScripts('./tools.js');
wasm_bindgen({ module_or_path: wasm });
