// <olm-graph>: one figure of an OLM upgrade graph, drawn by olm-graph-core (compiled to wasm,
// crates/embed) into the element's shadow root. Load this module once per page:
//
//   <script type="module" src="/embed/olm-graph.js"></script>
//   <olm-graph src="catalog.yaml" package="foo" channel="stable" installed="foo.v1.0.0"></olm-graph>
//
// or, in an app a bundler builds (Vite, webpack 5, Rollup, Astro, Next.js), `import 'olm-graph-element'`.
//
// Attributes (as the app's URL parameters): src, package, channel or view="all", bundle,
// installed, resolver (v0 | v1 | both), fail, failure (csv | installplan), strategy,
// theme (light | dark | auto), app. The catalog may be a child instead of src:
// <script type="application/yaml"> or <script type="application/json"> (data, never run).
// Any other child (the SVG `olm-graph render -f embed` writes) is shown until the figure draws.
//
// Every element shares one wasm instance, one stylesheet and one fetch per catalog URL; an
// element starts loading when it comes within LOAD_MARGIN of the viewport (at once when it is
// there already as it is connected). No worker.
//
// The other files are reached with literal relative specifiers only: the static import of the
// stylesheet's module below, `import('./olm_graph_embed.js')` and
// `new URL('./olm_graph_embed_bg.wasm', import.meta.url)` in loadEngine. Bundlers follow exactly
// these patterns and copy the files into their build; a browser resolves the same specifiers
// against this module's own URL (a plain script tag, a package CDN path). The stylesheet is a
// module (olm-graph-style.js, written by scripts/build-embed.sh from olm-graph.css), not a
// `new URL('./olm-graph.css', …)`: a webpack app's own CSS rule (Docusaurus has one) would take
// such a URL and turn the file into JavaScript.
//
// Importing the module touches no browser global (window, document, customElements,
// HTMLElement) when there is none: on a server (React or Astro rendering to HTML) it only
// exports the class, and defines nothing.

import STYLE from './olm-graph-style.js';

const MARGIN_PX = 600;
const LOAD_MARGIN = `${MARGIN_PX}px 0px`;
const HOP_MS = 800;
const ATTRIBUTES = ['src', 'package', 'channel', 'view', 'bundle', 'installed', 'resolver',
  'fail', 'failure', 'strategy', 'theme', 'app'];
// The attributes the wasm reads (the others are the element's own).
const REQUEST = ['package', 'channel', 'view', 'installed', 'resolver', 'fail', 'failure', 'strategy'];
const CATALOG_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml', 'application/json'];

// ---- shared by every element of the page ----------------------------------------------------

let engine = null;
/** The wasm module, initialised once (a failed load is retried by the next element). */
function loadEngine() {
  if (!engine) {
    // The wasm's fetch starts beside the glue's import, not once the glue has arrived (the
    // glue's init takes the response's promise; its failure is reported there).
    const wasm = fetch(new URL('./olm_graph_embed_bg.wasm', import.meta.url));
    wasm.catch(() => {});
    engine = import('./olm_graph_embed.js')
      .then(async (m) => {
        await m.default({ module_or_path: wasm });
        return m;
      })
      .catch((e) => { engine = null; throw new Error(`the olm-graph wasm did not load: ${e.message}`); });
  }
  return engine;
}

let sheet = null;
/** The element's stylesheet, parsed once, adopted by every shadow root. */
function loadSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
  }
  return sheet;
}

/** Catalog bytes by absolute URL: each URL is fetched once per page. */
const bytesByUrl = new Map();
function bytesFromUrl(url) {
  if (!bytesByUrl.has(url)) {
    const bytes = fetchBytes(url);
    bytes.catch(() => bytesByUrl.delete(url));
    bytesByUrl.set(url, bytes);
  }
  return bytesByUrl.get(url);
}

/** Catalog handles by absolute URL: each URL is read once per page. */
const byUrl = new Map();
function catalogFromUrl(url) {
  if (!byUrl.has(url)) {
    // The bytes go to the wasm as they came (load_bytes decodes them as Response.text() would):
    // a string would cross by a JavaScript loop over its characters.
    const handle = Promise.all([loadEngine(), bytesFromUrl(url)]).then(([m, bytes]) => m.load_bytes(fileName(url, bytes), bytes));
    handle.catch(() => byUrl.delete(url));
    byUrl.set(url, handle);
  }
  return byUrl.get(url);
}

async function fetchBytes(url) {
  let response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new Error(`could not fetch ${url}: ${e.message}`);
  }
  if (!response.ok) throw new Error(`could not fetch ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The file name the loader reads the bytes as (its extension decides JSON or YAML; without
 *  one, a text that starts with `{` after white space is JSON). */
function fileName(url, bytes) {
  const path = new URL(url, document.baseURI).pathname;
  if (/\.(json|ya?ml)$/i.test(path)) return path.split('/').pop();
  let start = new TextDecoder().decode(bytes.subarray(0, 4096)).trimStart();
  if (!start && bytes.length > 4096) start = new TextDecoder().decode(bytes).trimStart();
  return start.startsWith('{') ? 'catalog.json' : 'catalog.yaml';
}

/** Elements connected since the last look: whether each is near the viewport already is read
 *  once for all of them, in a microtask (one layout for every element the module's definition
 *  upgrades). Those near it start at once: waiting for the IntersectionObserver's first report
 *  (after the page's next rendering, 10–60 ms after DOMContentLoaded) would delay the wasm's
 *  and the catalog's fetches by as much. The others are observed. */
const connected = new Set();
function startWhenNear(element) {
  if (!connected.size) {
    // While the parser runs (the module defined before the page was parsed: an async or
    // inline script), an element's children (its inline catalog) may not be there yet.
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', lookAtConnected, { once: true });
    else queueMicrotask(lookAtConnected);
  }
  connected.add(element);
}

function lookAtConnected() {
  const elements = [...connected];
  connected.clear();
  for (const e of elements) {
    if (!e.isConnected) continue;
    const r = e.getBoundingClientRect();
    // No box (display: none, a closed <details>): the observer decides, as before.
    const near = e.getClientRects().length > 0 && r.bottom >= -MARGIN_PX
      && r.top <= window.innerHeight + MARGIN_PX && r.right >= 0 && r.left <= window.innerWidth;
    if (near) e.nearViewport();
    else nearViewport().observe(e);
  }
}

let observer = null;
/** The one IntersectionObserver of the page, made on first use (never at import). */
function nearViewport() {
  observer ??= new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (e.isIntersecting) {
        observer.unobserve(e.target);
        e.target.nearViewport();
      }
    }
  }, { rootMargin: LOAD_MARGIN });
  return observer;
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

// ---- the element ------------------------------------------------------------------------------

const SKELETON = `
<div class="box" part="box">
  <div class="toolbar" role="toolbar" aria-label="Graph controls">
    <span class="path-controls" hidden>
      <button type="button" class="back" aria-label="Previous step">&#9664;</button>
      <button type="button" class="play">Play</button>
      <button type="button" class="next" aria-label="Next step">&#9654;</button>
    </span>
    <span class="status" aria-live="polite"></span>
    <span class="zoom">
      <button type="button" class="out" aria-label="Zoom out">&minus;</button>
      <button type="button" class="fit">Fit</button>
      <button type="button" class="in" aria-label="Zoom in">+</button>
    </span>
    <a class="open" target="_blank" rel="noopener" hidden>Open in olm-graph</a>
  </div>
  <div class="viewport" tabindex="0" aria-label="Upgrade graph: drag to pan, Ctrl+wheel or + and − to zoom"><slot></slot></div>
  <p class="error" role="alert" hidden></p>
</div>`;

// On a server there is no HTMLElement: the class then extends a plain class and is never defined.
const Base = globalThis.HTMLElement ?? class {};

class OlmGraph extends Base {
  static observedAttributes = ATTRIBUTES;

  #parts = {};
  #started = false;
  #queued = false;
  #turn = 0; // the latest #update: an earlier one whose catalog arrives later is dropped
  #inline = null; // { text, handle } of the inline catalog
  #figure = null;
  #step = 0; // the current step of the painted path
  #timer = 0;
  #view = null; // [x, y, w, h] of the SVG's viewBox; #base as drawn
  #base = null;
  /** Milliseconds from coming near the viewport to the first figure (a measure, for tests). */
  drawTime = null;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = SKELETON;
    for (const name of ['viewport', 'error', 'status', 'open', 'play', 'back', 'next', 'fit', 'in', 'out']) {
      this.#parts[name] = root.querySelector(`.${name}`);
    }
    this.#parts.pathControls = root.querySelector('.path-controls');
    this.#wire();
  }

  connectedCallback() {
    if (!this.hasAttribute('role')) this.setAttribute('role', 'figure');
    if (!this.#started) startWhenNear(this);
  }

  disconnectedCallback() {
    connected.delete(this);
    observer?.unobserve(this);
    clearInterval(this.#timer);
  }

  attributeChangedCallback(name, before, after) {
    if (before !== after && this.#started) this.#schedule();
  }

  /** Called once the element comes near the viewport. */
  nearViewport() {
    if (this.#started) return;
    this.#started = true;
    this.#startedAt = performance.now();
    this.#schedule();
  }

  #startedAt = 0;
  #hovered = null;

  #schedule() {
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => { this.#queued = false; this.#update(); });
  }

  async #update() {
    const turn = ++this.#turn;
    this.dataset.state = 'loading';
    delete this.dataset.tooltips;
    try {
      this.shadowRoot.adoptedStyleSheets = [loadSheet()];
      const request = {};
      for (const a of REQUEST) request[a] = this.getAttribute(a) ?? '';
      const first = JSON.stringify({ ...request, tooltips: 'off' });
      // The catalog's fetch starts beside the wasm's, not after it; the wasm's failure is still
      // the one reported when both fail.
      const url = this.#inlineCatalog() ? null : this.#srcUrl();
      const bytes = url && bytesFromUrl(url);
      bytes?.catch(() => {});
      const m = await loadEngine();
      if (bytes) {
        // A fetched catalog is first drawn from its skim (the package's channels and each
        // bundle's name, version and marks, the rest left unread: first_draw), the same figure
        // as the whole catalog's without tooltips; the whole catalog is read a task later, and
        // its whole drawing put in place (#complete).
        const fetched = await bytes;
        if (turn !== this.#turn) return;
        const quick = JSON.parse(m.first_draw(fileName(url, fetched), fetched, first));
        if (quick.ok) {
          this.#show(quick.ok);
          setTimeout(() => {
            catalogFromUrl(url).then((handle) => this.#complete(m, handle, request, turn), () => {});
          }, 0);
          return;
        }
      }
      const handle = await (url ? catalogFromUrl(url) : this.#catalog(m));
      if (turn !== this.#turn) return;
      // First without tooltips and without the shapeless elements that carry the fans' edges
      // for hovering (an eighth of the SVG to write, parse and lay out on gpu-operator-certified
      // stable), then, a task later, the whole drawing in its place (#complete).
      const answer = JSON.parse(m.draw(handle, first));
      if (answer.error) throw new Error(answer.error);
      this.#show(answer.ok);
      setTimeout(() => this.#complete(m, handle, request, turn), 0);
    } catch (e) {
      if (turn === this.#turn) this.#fail(e.message || String(e));
    }
  }

  /** The inline catalog child (`<script type="application/yaml">`…), if there is one. */
  #inlineCatalog() {
    return [...this.children].find((c) => c.localName === 'script' && CATALOG_TYPES.includes(c.type));
  }

  /** The absolute URL of the src catalog. */
  #srcUrl() {
    const src = this.getAttribute('src');
    if (!src) throw new Error('no catalog: give a src attribute or a <script type="application/yaml"> child');
    return new URL(src, document.baseURI).href;
  }

  /** The inline child catalog's handle, read once per text. */
  #catalog(m) {
    const child = this.#inlineCatalog();
    const text = child.textContent;
    if (this.#inline?.text !== text) {
      if (this.#inline) m.release(this.#inline.handle);
      const name = child.type.endsWith('json') ? 'inline.json' : 'inline.yaml';
      this.#inline = { text, handle: m.load(name, text) };
    }
    return this.#inline.handle;
  }

  #fail(message) {
    this.dataset.state = 'error';
    this.#parts.error.textContent = `olm-graph: ${message}`;
    this.#parts.error.hidden = false;
    this.setAttribute('aria-label', `Upgrade graph not drawn: ${message}`);
  }

  /** The figure's SVG in the viewport, filling it, with the marks. */
  #put(figure) {
    this.#figure = figure;
    const { viewport } = this.#parts;
    viewport.innerHTML = figure.svg;
    const svg = viewport.querySelector('svg');
    svg.classList.add('graph');
    svg.setAttribute('width', '100%');
    svg.setAttribute('height', '100%');
    this.#mark(svg, figure);
    return svg;
  }

  /** The whole drawing (tooltips, the fans' edges for hovering) in place of the first draw, at
   *  the same view and path step; `data-tooltips="on"` once there. Dropped when the element
   *  has been drawn again since, or has left the page. */
  #complete(m, handle, request, turn) {
    if (turn !== this.#turn || !this.isConnected || this.dataset.state !== 'drawn') return;
    let answer;
    try {
      answer = JSON.parse(m.draw(handle, JSON.stringify(request)));
    } catch {
      return;
    }
    if (!answer.ok) return;
    const view = this.#view;
    this.#put(answer.ok);
    this.#setView(view);
    this.#go(this.#step);
    this.dataset.tooltips = 'on';
  }

  #show(figure) {
    const { viewport, error } = this.#parts;
    error.hidden = true;
    const svg = this.#put(figure);
    const [, , w, h] = (svg.getAttribute('viewBox') || '0 0 100 100').split(/\s+/).map(Number);
    this.#base = [0, 0, w, h];
    this.#view = [...this.#base];
    viewport.style.height = `${Math.max(160, Math.min(h, 560))}px`;
    this.#theme();
    this.setAttribute('aria-label', figure.label);
    this.dataset.graphNodes = String(figure.nodes);
    this.#link();
    this.#paths(figure);
    this.dataset.state = 'drawn';
    if (this.drawTime === null) this.drawTime = Math.round(performance.now() - this.#startedAt);
    this.dispatchEvent(new CustomEvent('olm-graph-drawn', { detail: { nodes: figure.nodes, ms: this.drawTime } }));
  }

  /** Path steps, the selected bundle and terminated nodes, as the app marks its nodes. */
  #mark(svg, figure) {
    const nodes = new Map([...svg.querySelectorAll('g.node[data-name]')].map((n) => [n.dataset.name, n]));
    for (const n of nodes.values()) n.dataset.bundle = n.dataset.name;
    figure.paths.forEach((p, i) => {
      const attr = i === 0 ? 'data-path-step' : 'data-path-step-v1';
      p.steps.forEach((name, k) => nodes.get(name)?.setAttribute(attr, String(k)));
    });
    for (const name of figure.terminated) nodes.get(name)?.setAttribute('data-terminated', 'true');
    const bundle = this.getAttribute('bundle');
    if (bundle) nodes.get(bundle)?.setAttribute('data-selected', 'true');
  }

  #theme() {
    const t = this.getAttribute('theme') || 'light';
    const dark = t === 'dark' || (t === 'auto' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    this.#parts.viewport.classList.toggle('dark', dark);
  }

  /** "Open in olm-graph": the app at `app`, with the view (only for a catalog it can fetch). */
  #link() {
    const { open } = this.#parts;
    const app = this.getAttribute('app');
    const src = this.getAttribute('src');
    open.hidden = !(app && src);
    if (open.hidden) return;
    const url = new URL(app, document.baseURI);
    url.searchParams.set('url', new URL(src, document.baseURI).href);
    for (const a of ['package', 'channel', 'view', 'bundle', 'installed', 'resolver', 'fail', 'failure', 'strategy']) {
      const v = this.getAttribute(a);
      if (v) url.searchParams.set(a, v);
    }
    open.href = url.href;
  }

  /** Shows the path's controls and its last step, or its error. */
  #paths(figure) {
    const first = figure.paths[0];
    const steps = first?.steps.length ?? 0;
    this.#parts.pathControls.hidden = steps < 2;
    const problems = figure.paths.filter((p) => p.error).map((p) => `${p.resolver} path: ${p.error}`);
    if (problems.length) {
      this.#parts.error.textContent = `olm-graph: ${problems.join('; ')}`;
      this.#parts.error.hidden = false;
    }
    this.#go(Math.max(0, steps - 1));
  }

  /** Paints the path up to step `k` (hops after it are drawn faint). */
  #go(k) {
    const figure = this.#figure;
    const steps = figure?.paths[0]?.steps ?? [];
    if (!steps.length) { this.#parts.status.textContent = ''; return; }
    this.#step = Math.max(0, Math.min(k, steps.length - 1));
    const svg = this.#parts.viewport.querySelector('svg');
    for (const n of svg.querySelectorAll('g.node[data-path-current]')) n.removeAttribute('data-path-current');
    svg.querySelector(`g.node[data-path-step="${this.#step}"]`)?.setAttribute('data-path-current', 'true');
    for (const hop of svg.querySelectorAll('.hop[data-hop]')) {
      hop.classList.toggle('later', Number(hop.dataset.hop) > this.#step);
    }
    const p = figure.paths[0];
    const end = this.#step === steps.length - 1 ? ` (${p.outcome})` : '';
    this.#parts.status.textContent = `${p.resolver} step ${this.#step} of ${steps.length - 1}: ${steps[this.#step]}${end}`;
    this.#parts.back.disabled = this.#step === 0;
    this.#parts.next.disabled = this.#step === steps.length - 1;
  }

  #play() {
    clearInterval(this.#timer);
    const last = (this.#figure?.paths[0]?.steps.length ?? 1) - 1;
    if (reducedMotion()) { this.#go(last); return; }
    this.#go(0);
    this.#parts.play.textContent = 'Stop';
    this.#timer = setInterval(() => {
      this.#go(this.#step + 1);
      if (this.#step >= last) this.#stop();
    }, HOP_MS);
  }

  #stop() {
    clearInterval(this.#timer);
    this.#timer = 0;
    this.#parts.play.textContent = 'Play';
  }

  // ---- pan, zoom, hover ----

  #wire() {
    const p = this.#parts;
    p.play.addEventListener('click', () => (this.#timer ? this.#stop() : this.#play()));
    p.back.addEventListener('click', () => { this.#stop(); this.#go(this.#step - 1); });
    p.next.addEventListener('click', () => { this.#stop(); this.#go(this.#step + 1); });
    p.fit.addEventListener('click', () => this.#setView(this.#base));
    p.in.addEventListener('click', () => this.#zoom(1 / 1.25));
    p.out.addEventListener('click', () => this.#zoom(1.25));
    p.viewport.addEventListener('wheel', (e) => {
      if (!(e.ctrlKey || e.metaKey) || !this.#view) return;
      e.preventDefault();
      this.#zoom(Math.exp(e.deltaY * 0.002), e);
    }, { passive: false });
    p.viewport.addEventListener('keydown', (e) => this.#key(e));
    this.#drag(p.viewport);
    p.viewport.addEventListener('pointerover', (e) => this.#hover(e.target.closest?.('g.node')));
    p.viewport.addEventListener('pointerleave', () => this.#hover(null));
  }

  #key(e) {
    const [, , w, h] = this.#view ?? [0, 0, 0, 0];
    const moves = { ArrowLeft: [-w / 10, 0], ArrowRight: [w / 10, 0], ArrowUp: [0, -h / 10], ArrowDown: [0, h / 10] };
    if (e.key === '+' || e.key === '=') this.#zoom(1 / 1.25);
    else if (e.key === '-') this.#zoom(1.25);
    else if (e.key === '0') this.#setView(this.#base);
    else if (moves[e.key] && this.#view) this.#pan(...moves[e.key]);
    else return;
    e.preventDefault();
  }

  #drag(viewport) {
    let last = null;
    viewport.addEventListener('pointerdown', (e) => {
      if (e.button !== 0 || !this.#view) return;
      last = [e.clientX, e.clientY];
      viewport.setPointerCapture(e.pointerId);
    });
    viewport.addEventListener('pointermove', (e) => {
      if (!last) return;
      const scale = this.#view[2] / viewport.clientWidth;
      this.#pan((last[0] - e.clientX) * scale, (last[1] - e.clientY) * scale);
      last = [e.clientX, e.clientY];
    });
    const end = () => { last = null; };
    viewport.addEventListener('pointerup', end);
    viewport.addEventListener('pointercancel', end);
  }

  #pan(dx, dy) {
    const [x, y, w, h] = this.#view;
    this.#setView([x + dx, y + dy, w, h]);
  }

  /** Zooms by `factor` (< 1: in) around the pointer, or the centre. */
  #zoom(factor, at) {
    if (!this.#view) return;
    const [x, y, w, h] = this.#view;
    const f = Math.min(Math.max(factor, 0.2), 5);
    const nw = Math.min(Math.max(w * f, this.#base[2] / 20), this.#base[2] * 4);
    const k = nw / w;
    const box = this.#parts.viewport.getBoundingClientRect();
    const fx = at ? (at.clientX - box.left) / box.width : 0.5;
    const fy = at ? (at.clientY - box.top) / box.height : 0.5;
    this.#setView([x + w * fx * (1 - k), y + h * fy * (1 - k), w * k, h * k]);
  }

  #setView(view) {
    if (!view) return;
    this.#view = [...view];
    this.#parts.viewport.querySelector('svg')?.setAttribute('viewBox', this.#view.map((v) => v.toFixed(1)).join(' '));
  }

  /** Hovering a node lights it, its edges and neighbours, and draws the fans into it. */
  #hover(node) {
    const svg = this.#parts.viewport.querySelector('svg');
    if (!svg || node === this.#hovered) return;
    this.#hovered = node;
    for (const el of svg.querySelectorAll('[data-lit]')) el.removeAttribute('data-lit');
    for (const el of svg.querySelectorAll('.fan-hover')) el.remove();
    svg.classList.toggle('hovering', !!node);
    if (!node) return;
    const name = node.dataset.name;
    node.setAttribute('data-lit', 'true');
    const boxes = new Map([...svg.querySelectorAll('g.node[data-name]')].map((n) => [n.dataset.name, n]));
    const layer = svg.querySelector('g.nodes');
    for (const el of svg.querySelectorAll('[data-from], [data-to]')) {
      const { from, to } = el.dataset;
      if (from !== name && to !== name) continue;
      el.setAttribute('data-lit', 'true');
      boxes.get(from === name ? to : from)?.setAttribute('data-lit', 'true');
      const shapeless = from && to && el.closest('g.fan') && !el.getBBox?.().width;
      if (shapeless) layer.before(fanCurve(boxes.get(from), boxes.get(to), el.dataset.edgeKind));
    }
  }
}

/** A curve for one edge of a fan (drawn on hover only: fans are markers at rest). */
function fanCurve(from, to, kind) {
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('class', `fan-hover ${kind || ''}`);
  const a = from?.querySelector('rect')?.getBBox();
  const b = to?.querySelector('rect')?.getBBox();
  if (!a || !b) return path;
  const [x1, y1, x2, y2] = [a.x + a.width / 2, a.y + a.height, b.x + b.width / 2, b.y + b.height];
  const dip = Math.max(y1, y2) + 18 + Math.abs(x2 - x1) * 0.06;
  path.setAttribute('d', `M${x1},${y1} C${x1},${dip} ${x2},${dip} ${x2},${y2}`);
  return path;
}

if (globalThis.customElements && !customElements.get('olm-graph')) customElements.define('olm-graph', OlmGraph);
export { OlmGraph };
