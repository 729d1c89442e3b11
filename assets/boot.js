// Starts the olm-graph web app. Trunk would inject an inline <script type="module"> loader,
// which the page's Content-Security-Policy forbids; Trunk.toml's pattern_script puts the
// names of the (hashed) JS glue and wasm files into two <meta> tags instead, and this static
// script imports the glue and instantiates the wasm.
//
// Everything the first drawing needs starts here at once, before the app's own wasm is
// compiled (docs/performance.md, "First draw"):
//   - the parsing worker (worker-boot.js, whose wasm is fetched and compiled here and posted
//     to it as its first message), left on
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

let worker = null;
let workerReady = null;
// The parsing worker's compiled module (null when it could not be compiled here).
let workerModule = Promise.resolve(null);
try {
  worker = new Worker('./worker-boot.js?module');
  worker.olmGraphReady = false;
  // Its wasm, fetched and compiled here while the worker's thread starts (V8 compiles off the
  // main thread), then posted as its first message (null: it fetches the wasm itself).
  workerModule = WebAssembly.compileStreaming(fetch('./worker_bg.wasm')).catch(() => null);
  workerModule.then((module) => worker.postMessage({ olmGraphModule: module }));
  workerReady = new Promise((resolve) => {
    worker.addEventListener('message', () => { worker.olmGraphReady = true; resolve(); }, { once: true });
  });
  worker.addEventListener('error', (ev) => { worker.olmGraphFailed = ev.message || 'failed'; }, { once: true });
  globalThis.olmGraphWorker = worker;
} catch {
  // The app starts its own and reports why it cannot.
}

// The id of the request posted here: src/worker/protocol.rs's EARLY_REQUEST_ID.
const EARLY_REQUEST_ID = 2000000000;
// The parameters of a link whose named channel is pictured while the app starts: a link with
// any other parameter (a path, a node, a tab) shows more than the channel.
const PICTURED_LINK = new Set(['url', 'package', 'channel']);
const params = new URLSearchParams(location.search);
const linkPicture = () => {
  const pkg = params.get('package');
  const channel = params.get('channel');
  if (!pkg || !channel || location.hash) return null;
  for (const key of params.keys()) if (!PICTURED_LINK.has(key)) return null;
  return { package: pkg, channel };
};

// The start of the JSON of a worker reply of type `type` (its type comes first).
const replyHead = (type) => new TextEncoder().encode(`{"type":"${type}"`);
const PICTURE_REPLY = replyHead('picture');
const PROGRESS_REPLY = replyHead('progress');
const startsWith = (data, head) => data instanceof Uint8Array && data.length > head.length
  && head.every((b, i) => data[i] === b);

// Settled once a pictured link's picture is on screen, or the worker's reading of its catalog
// has gone past the point where it would have drawn one, or after PICTURE_WAIT_MS; none for
// any other page. The app's wasm is compiled after it: on 2 cores its compilation took the CPU
// the worker reads the catalog and draws the picture with (docs/performance.md, "First draw").
const PICTURE_WAIT_MS = 1000;
let pictureWait = null;
let pictureSettled = () => {};

// A `url=` link's catalog is read by the worker as soon as both have arrived, not once the app
// has started: the request is posted here, as the app would post it (src/services/parser.rs),
// and its replies are kept on the worker (`olmGraphEarly`) until the app takes the request
// over (`WorkerClient::take_early`); the app still reads the same response itself for what it
// checks (the HTTP status, an HTML page), and does not take the request over when it refuses
// the catalog. The channel a link names (package and channel) is pictured where the graph will
// be until the app has drawn it: drawn here with the worker's module (drawHere), or, when that
// cannot draw it, by the worker (the request's `picture`).
const postEarly = (href, response) => {
  const early = { href, replies: [], taken: false, declined: false };
  worker.olmGraphEarly = early;
  const picture = linkPicture();
  if (picture) {
    pictureWait = new Promise((resolve) => {
      pictureSettled = resolve;
      setTimeout(resolve, PICTURE_WAIT_MS);
    });
  }
  const path = new URL(href).pathname.split('/').filter(Boolean).pop() || 'catalog';
  // Cloned before the app reads the body (this reaction was registered first).
  const bytes = response
    .then((r) => (r.ok ? r.clone().arrayBuffer() : null))
    .catch(() => null);
  // The picture drawn here, on the main thread, with an instance of the worker's module of its
  // own, as soon as the module is compiled and the catalog has arrived: the worker's thread
  // starts later (drawnHere: true once drawn, false when it could not be).
  let drawnHere = null;
  if (picture) {
    const instance = workerModule
      .then((module) => (module ? WebAssembly.instantiate(module, stubImports(module)) : null))
      .catch(() => null);
    // While the catalog is still on its way, a small one is drawn (warmUp): V8 compiles each
    // wasm function on its first call, on this thread, so the catalog's drawing then runs
    // code compiled already. Not when the catalog has arrived, nor when its response says it
    // will not be drawn here (an HTTP error, over DRAW_HERE_MAX_BYTES).
    let arrived = false;
    let notHere = false;
    bytes.then(() => { arrived = true; });
    response.then((r) => {
      notHere = !r.ok || Number(r.headers.get('content-length')) > DRAW_HERE_MAX_BYTES;
    }, () => { notHere = true; });
    instance.then((instance) => { if (instance && !arrived && !notHere) warmUp(instance.exports); });
    Promise.all([instance, bytes]).then(([instance, buffer]) => {
      const here = instance && buffer?.byteLength && buffer.byteLength <= DRAW_HERE_MAX_BYTES;
      const svg = here ? drawHere(instance.exports, buffer, path, picture) : null;
      drawnHere = svg !== null;
      // Shown a task later: the drawing (its code compiled as it first runs) and the image's
      // decoding are two main-thread tasks, not one of over 100 ms.
      if (svg !== null) setTimeout(() => showLinkPicture(svg), 0);
    });
  }
  Promise.all([workerReady, bytes]).then(([, buffer]) => {
    if (!buffer) {
      early.declined = true;
      pictureSettled();
      return;
    }
    const message = { id: EARLY_REQUEST_ID, kind: 'catalog', onlyCatalogExtensions: false, files: [{ path, bytes: new Uint8Array(buffer) }] };
    // The worker draws it when it was not drawn here (its skim gave up: it draws the channel
    // once it has read the catalog), or not yet.
    if (picture && drawnHere !== true) message.picture = picture;
    worker.addEventListener('message', (ev) => {
      if (!early.taken) early.replies.push(ev.data);
      // The worker's picture comes first (drawn from core's skim, before the reading) or
      // between the reading's progress and its checking (`stage`): any other reply means there
      // is none (no such channel, too large, not a catalog), unless it was drawn here.
      if (startsWith(ev.data, PICTURE_REPLY)) {
        showLinkPicture(JSON.parse(new TextDecoder().decode(ev.data)).svg);
      } else if (!startsWith(ev.data, PROGRESS_REPLY) && drawnHere !== true) {
        pictureSettled();
      }
    });
    worker.postMessage(message, [buffer]);
  });
};

// A catalog of the shape `opm render` writes (a package, a channel with `replaces`, `skips` and
// a `skipRange`, bundles with the properties the skim keeps and those it drops, deprecations),
// small enough to draw in a few milliseconds once compiled: drawn once by warmUp, so that the
// functions the link's picture calls are compiled while its catalog downloads. Without it the
// compiling came after the catalog: 61–144 ms to draw gpu-operator-certified's channel, where
// the same call takes 5 ms natively (docs/performance.md, "First draw").
const WARM_UP_CATALOG = (() => {
  const bundle = (v, extra = '') => `---
schema: olm.bundle
name: warm.v${v}
package: warm
image: quay.io/example/warm-bundle@sha256:${'0'.repeat(63)}${v.at(-1)}
properties:
- type: olm.gvk
  value:
    group: example.com
    kind: Warm
    version: v1
- type: olm.package
  value:
    packageName: warm
    version: ${v}${extra}
- type: olm.csv.metadata
  value:
    annotations:
      alm-examples: '[]'
    description: "A catalog drawn to compile the drawing's code."
    displayName: Warm
relatedImages:
- image: quay.io/example/warm@sha256:${'1'.repeat(63)}${v.at(-1)}
  name: warm
`;
  return `---
schema: olm.package
name: warm
defaultChannel: stable
---
schema: olm.channel
package: warm
name: stable
entries:
- name: warm.v1.0.0
- name: warm.v1.1.0
  replaces: warm.v1.0.0
- name: warm.v1.2.0
  replaces: warm.v1.1.0
  skips:
  - warm.v1.0.0
  skipRange: '>=1.0.0 <1.2.0'
${bundle('1.0.0')}${bundle('1.1.0', '\n- type: olm.maxOpenShiftVersion\n  value: "4.20"')}${bundle('1.2.0')}---
schema: olm.deprecations
package: warm
entries:
- reference:
    schema: olm.bundle
    name: warm.v1.0.0
  message: warm.v1.0.0 is deprecated.
`;
})();

// Draws WARM_UP_CATALOG with the instance's exports, and drops the picture.
const warmUp = (exports) => {
  const buffer = new TextEncoder().encode(WARM_UP_CATALOG).buffer;
  drawHere(exports, buffer, 'warm.yaml', { package: 'warm', channel: 'stable' });
};

// The largest catalog drawn here: a larger one is copied and skimmed by the worker, off the main
// thread (the skim looks at every line). gpu-operator-certified is 0.8 MB; the largest
// one-package file among the real catalogs, 2.4 MB.
const DRAW_HERE_MAX_BYTES = 4 * 1024 * 1024;

// Imports for an instance of the worker's module that runs only its picture
// (`olm_graph_link_picture`, src/bin/worker.rs), which calls no JavaScript: each throws. Null
// when the module imports anything but functions.
const stubImports = (module) => {
  const imports = {};
  for (const { module: from, name, kind } of WebAssembly.Module.imports(module)) {
    if (kind !== 'function') return null;
    (imports[from] ??= {})[name] = () => { throw new Error('olm-graph: not called by the picture'); };
  }
  return imports;
};

// The SVG of the link's channel drawn by `exports` (an instance of the worker's module) from
// the catalog's bytes, or null (the skim gave up, no such channel, too many entries, or the
// drawing failed). The catalog's bytes are copied into the instance's memory, followed by the
// file's path, the package's and the channel's names.
const drawHere = (exports, buffer, path, picture) => {
  try {
    const encoder = new TextEncoder();
    const names = [path, picture.package, picture.channel].map((text) => encoder.encode(text));
    const catalog = new Uint8Array(buffer);
    const length = names.reduce((n, name) => n + name.length, catalog.length);
    const at = exports.__wbindgen_malloc(length, 1) >>> 0;
    const memory = new Uint8Array(exports.memory.buffer, at, length);
    memory.set(catalog);
    let offset = catalog.length;
    for (const name of names) {
      memory.set(name, offset);
      offset += name.length;
    }
    const packed = BigInt.asUintN(64, exports.olm_graph_link_picture(at, length, ...names.map((name) => name.length)));
    if (packed === 0n) return null;
    const address = Number(packed >> 32n);
    const size = Number(packed & 0xffffffffn);
    return new TextDecoder().decode(new Uint8Array(exports.memory.buffer, address, size));
  } catch {
    return null;
  }
};

try {
  const param = params.get('url')?.trim();
  if (param) {
    const href = new URL(param, location.href).href;
    if (/^https?:/.test(href)) {
      const response = fetch(href);
      // A failure is reported by the app, which awaits the same promise.
      response.catch(() => {});
      globalThis.olmGraphPrefetch = { href, response };
      if (worker) postEarly(href, response);
    }
  }
} catch {
  // Not a URL: the app says so.
}

// The first picture: opened bare (no address parameters, nothing kept in this browser), the app
// shows its sample, whose first channel is drawn ahead of time (assets/sample-first-draw.svg:
// `olm-graph render -f svg` of it; a CLI test keeps the two equal). Its image is fetched as this
// script runs, before the page's body is read, and only then: held in index.html, it was
// fetched and decoded on every load, a link's too (a task of 45-66 ms parsing an SVG document
// nobody saw, before the link's own picture). The page holds its box hidden; it is shown where the graph
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
// Opened bare: no address parameters, nothing kept in this browser (read once, here).
const openedBare = !location.search && !location.hash && !keptSomething();
const sampleImage = openedBare ? Object.assign(new Image(), { alt: '', src: 'sample-first-draw.svg' }) : null;
// Opened bare, the app shows its sample: its catalog and the worker's reply for it are served
// beside the app, not carried in its wasm, and fetched here once the first picture is on
// screen (before, their requests delayed the picture's), long before the app asks for them
// (src/services/sources.rs, `sample`, takes them; it fetches them itself when they are not
// here).
let samplePictured = () => {};
if (openedBare) {
  const pictured = new Promise((resolve) => { samplePictured = resolve; });
  const text = (path) => pictured.then(() => fetch(path)).then((r) => (r.ok ? r.text() : null)).catch(() => null);
  globalThis.olmGraphSample = { catalog: text('sample-catalog.yaml'), reply: text('sample-reply.json') };
}
// The app's own graph drawn, or a problem shown instead (the app holds its problems panel
// hidden from its first mount, and its graph's <svg> is there before it has nodes).
const replaced = () => document.querySelector('svg.graph [data-bundle], .error-panel:not([hidden])');
// Takes the picture's box away once the app has replaced it (or 5 s after the app started).
const untilReplaced = (box) => {
  let timer = 0;
  const done = () => {
    observer.disconnect();
    clearTimeout(timer);
    box.remove();
  };
  const observer = new MutationObserver(() => { if (replaced()) done(); });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
  addEventListener('olm-graph-started', () => { timer = setTimeout(done, 5000); }, { once: true });
};
const showFirstPicture = () => {
  const box = document.querySelector('.first-picture');
  if (!box) {
    samplePictured();
    return;
  }
  if (pictureWait) {
    // A pictured link's catalog went to the worker (postEarly): shown when the worker's
    // picture comes (showLinkPicture), if the app has not drawn first.
    untilReplaced(box);
    return;
  }
  if (!openedBare) {
    box.remove();
    return;
  }
  box.querySelector('img')?.replaceWith(sampleImage);
  box.hidden = false;
  untilReplaced(box);
  sampleImage.decode().catch(() => {}).then(samplePictured);
};
// The link's channel drawn by core's SVG writer (every text escaped), here or by the worker
// (its `picture` reply), shown as an image, which runs nothing; the first of the two.
let linkPictured = false;
const showLinkPicture = (svg) => {
  if (document.readyState === 'loading') {
    parsed.then(() => showLinkPicture(svg));
    return;
  }
  if (linkPictured) return;
  linkPictured = true;
  const box = document.querySelector('.first-picture');
  const img = box?.querySelector('img');
  if (!img || typeof svg !== 'string' || replaced()) {
    pictureSettled();
    return;
  }
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  box.dataset.picture = 'link';
  box.hidden = false;
  img.decode().catch(() => {}).then(pictureSettled);
};
// Once the page is parsed: the first picture is shown (or taken away), and the app mounts on
// <body>.
const parsed = document.readyState === 'loading'
  ? new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }))
  : Promise.resolve();
parsed.then(showFirstPicture);

// A classic script, not a module: a module is deferred until the page is parsed, which put the
// worker's start ~150 ms later on a cold load (docs/performance.md, "First draw").
// The app's wasm is fetched here (index.html does not preload it): at once, or, when the page
// first shows the worker's picture of a link, once that is settled: downloading it beside the
// worker's wasm and the catalog slowed them by 40-90 ms on 2 cores. It is compiled once the
// page is parsed (earlier, its compilation slowed the worker's on a loaded machine), then
// instantiated a task later: the compilation's last step, the instantiation with `main` (the
// first mount), and each part of the page the app builds later (src/widgets/later.rs) are
// separate tasks of the main thread (docs/performance.md, "First draw"). A server that does
// not say application/wasm: the glue fetches the file again and copes.
const appWasm = pictureWait ? null : fetch(wasm);
appWasm?.catch(() => {});
import(js).then(async ({ default: init }) => {
  await parsed;
  await pictureWait;
  const module = await WebAssembly.compileStreaming(appWasm ?? fetch(wasm)).catch(() => wasm);
  await new Promise((resolve) => setTimeout(resolve, 0));
  await init({ module_or_path: module });
  dispatchEvent(new CustomEvent('olm-graph-started'));
});
})();
