// Starts the olm-graph web app. Trunk would inject an inline <script type="module"> loader,
// which the page's Content-Security-Policy forbids; Trunk.toml's pattern_script puts the
// names of the (hashed) JS glue and wasm files into two <meta> tags instead, and this static
// script imports the glue and instantiates the wasm.
//
// Everything the first drawing needs starts here at once, before the app's own wasm is
// compiled (docs/performance.md, "First draw"):
//   - the parsing worker (worker-boot.js, which fetches and compiles its own wasm), left on
//     `globalThis.olmGraphWorker` for the app to adopt (src/services/parser.rs,
//     `WorkerClient::ensure_started`); its first message is always Ready, which would be lost
//     before the app listens, so it is recorded on the worker (`olmGraphReady`), as is a
//     failure to start (`olmGraphFailed`: the app then starts a worker of its own, which
//     reports the failure);
//   - the catalog named by `url=` (http or https), fetched by the browser into
//     `globalThis.olmGraphPrefetch` ({href, response}), which src/services/sources.rs
//     (`from_url`) takes instead of fetching it again.
(() => {
const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.content;
const js = meta('olm-graph-js');
const wasm = meta('olm-graph-wasm');
if (!js || !wasm) {
  throw new Error('olm-graph: the page does not name its JS and wasm files');
}

try {
  const worker = new Worker('./worker-boot.js');
  worker.olmGraphReady = false;
  worker.addEventListener('message', () => { worker.olmGraphReady = true; }, { once: true });
  worker.addEventListener('error', (ev) => { worker.olmGraphFailed = ev.message || 'failed'; }, { once: true });
  globalThis.olmGraphWorker = worker;
} catch {
  // The app starts its own and reports why it cannot.
}

try {
  const param = new URLSearchParams(location.search).get('url')?.trim();
  if (param) {
    const href = new URL(param, location.href).href;
    if (/^https?:/.test(href)) {
      const response = fetch(href);
      // A failure is reported by the app, which awaits the same promise.
      response.catch(() => {});
      globalThis.olmGraphPrefetch = { href, response };
    }
  }
} catch {
  // Not a URL: the app says so.
}

// The first picture: opened bare (no address parameters, nothing kept in this browser), the app
// shows its sample, whose first channel is drawn ahead of time (assets/sample-first-draw.svg:
// `olm-graph render -f svg` of it; a CLI test keeps the two equal). The page holds it hidden
// (index.html, so the image is fetched while the page is read); it is shown where the graph
// will be as soon as the page is parsed, and taken away once the app has drawn its own graph
// (or a problem, or 5 s after the app started), or at once when the app will show something
// else: the first drawing does not wait for the app's wasm (docs/performance.md, "First draw").
const keptSomething = () => {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      if (localStorage.key(i)?.startsWith('olm-graph.worked.')) return true;
    }
    return false;
  } catch {
    return true;
  }
};
const showFirstPicture = () => {
  const box = document.querySelector('.first-picture');
  if (!box) return;
  if (location.search || location.hash || keptSomething()) {
    box.remove();
    return;
  }
  box.hidden = false;
  let timer = 0;
  const done = () => {
    observer.disconnect();
    clearTimeout(timer);
    box.remove();
  };
  // The app's own graph drawn, or a problem shown instead (the app holds its problems panel
  // hidden from its first mount, and its graph's <svg> is there before it has nodes).
  const replaced = () => document.querySelector('svg.graph [data-bundle], .error-panel:not([hidden])');
  const observer = new MutationObserver(() => { if (replaced()) done(); });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
  addEventListener('olm-graph-started', () => { timer = setTimeout(done, 5000); }, { once: true });
};
// Once the page is parsed: the first picture is shown (or taken away), and the app mounts on
// <body>.
const parsed = document.readyState === 'loading'
  ? new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }))
  : Promise.resolve();
parsed.then(showFirstPicture);

// A classic script, not a module: a module is deferred until the page is parsed, which put the
// worker's start ~150 ms later on a cold load (docs/performance.md, "First draw").
// The app's wasm is compiled (from the preloaded file, once the page is parsed: earlier, its
// compilation slowed the worker's on a loaded machine), then instantiated a task later: the
// compilation's last step, the instantiation with `main` (the first mount), and each part of
// the page the app builds later (src/widgets/later.rs) are separate tasks of the main thread,
// none of them long (docs/performance.md, "First draw"). A server that does not say
// application/wasm: the glue fetches the file again and copes.
import(js).then(async ({ default: init }) => {
  await parsed;
  const module = await WebAssembly.compileStreaming(fetch(wasm)).catch(() => wasm);
  await new Promise((resolve) => setTimeout(resolve, 0));
  await init({ module_or_path: module });
  dispatchEvent(new CustomEvent('olm-graph-started'));
});
})();
