// Starts the olm-graph web app. Trunk would inject an inline <script type="module"> loader,
// which the page's Content-Security-Policy forbids; Trunk.toml's pattern_script puts the
// names of the (hashed) JS glue and wasm files into two <meta> tags instead, and this static
// module imports the glue and instantiates the wasm.
const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.content;
const js = meta('olm-graph-js');
const wasm = meta('olm-graph-wasm');
if (!js || !wasm) {
  throw new Error('olm-graph: the page does not name its JS and wasm files');
}
const { default: init } = await import(js);
await init({ module_or_path: wasm });
dispatchEvent(new CustomEvent('olm-graph-started'));
