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

// A link to a catalog's package (`url=` and `package=`, the form the app's share links and the
// docs element's "open in the app" links take) gets a first picture too: the channel it names
// (or the package's default, or `view=all`), drawn by the <olm-graph> element's engine in a
// worker of its own (first-picture-worker.js) from the bytes fetched above, while the app's
// larger wasm is still arriving. Catalogs over 4 MiB or channels over 1,500 bundles get none
// (the app draws those near the viewport only, and the worker would compete with the app's
// own reading for the cores). `linkPicture` is the promise of its SVG text, or null.
const LINK_PICTURE_BYTES = 4 << 20;
const LINK_PICTURE_NODES = 1500;
let linkPicture = null;
try {
  const params = new URLSearchParams(location.search);
  const pkg = params.get('package')?.trim();
  const prefetch = globalThis.olmGraphPrefetch;
  if (prefetch && pkg) {
    const worker = new Worker('./first-picture-worker.js', { type: 'module' });
    linkPicture = prefetch.response
      .then((r) => {
        const length = Number(r.headers.get('content-length') || 0);
        if (!r.ok || length > LINK_PICTURE_BYTES) throw new Error('no picture');
        // A copy: the app reads the response's own body.
        return r.clone().arrayBuffer();
      })
      .then((bytes) => new Promise((resolve, reject) => {
        if (bytes.byteLength > LINK_PICTURE_BYTES) throw new Error('no picture');
        worker.addEventListener('message', ({ data }) => (data.svg ? resolve(data.svg) : reject(new Error(data.error))));
        worker.addEventListener('error', () => reject(new Error('the picture worker failed')));
        worker.postMessage({
          href: prefetch.href,
          bytes,
          package: pkg,
          channel: params.get('channel') ?? '',
          view: params.get('view') ?? '',
          maxNodes: LINK_PICTURE_NODES,
        }, [bytes]);
      }))
      .finally(() => worker.terminate());
    linkPicture.catch(() => {});
  }
} catch {
  // No module workers here: the app draws as before.
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
  if (linkPicture) {
    // The link's picture replaces the sample's, once drawn, if the app has not drawn first.
    const img = box.querySelector('img');
    img.removeAttribute('src');
    linkPicture.then((svg) => {
      if (!box.isConnected) return;
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      box.hidden = false;
    }, () => box.remove());
  } else if (location.search || location.hash || keptSomething()) {
    box.remove();
    return;
  } else {
    box.hidden = false;
  }
  let timer = 0;
  const done = () => {
    observer.disconnect();
    clearTimeout(timer);
    box.remove();
  };
  // The app's own graph drawn, or a problem shown instead (the app holds its problems panel
  // hidden from its first mount).
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
