// olm-graph: an Asciidoctor.js block extension that writes one <olm-graph> figure (the element
// of olm-graph-element; docs/embed.md). CommonJS, for Asciidoctor.js 4 (and 3):
//
//   const { register } = require('./olm-graph.js');   // or: import { register } from …
//   const registry = Extensions.create();
//   register(registry);
//   await convert(text, { safe: 'safe', extension_registry: registry });
//
// In the page:
//
//   [olm-graph,package=example-operator,channel=stable,installed=example-operator.v1.0.0,fallback=figure.svg]
//   ----
//   schema: olm.package
//   ...
//   ----
//
//   [olm-graph,src=catalogs/etcd.yaml,package=etcd,channel=stable]
//   ----
//   ----
//
// Named attributes become the element's attributes (src, package, channel, view, bundle,
// installed, resolver, fail, failure, strategy, theme, app). The block's body, when not empty,
// is the catalog inline (YAML, or a JSON stream when it starts with "{").
//
// The static fallback, shown until the figure draws and the figure itself where scripts never
// run (PDF, feeds, scripts disabled), is drawn at conversion time by the element's own wasm, in
// Node, from the block's inline catalog (or from `src=` when that names a file under the
// document's base directory): the <olm-graph> then holds an <svg> of the figure, its stylesheet
// scoped to `olm-graph>svg` (as `olm-graph render -f embed` writes it). The wasm is the built
// element's (olm_graph_embed.js and olm_graph_embed_bg.wasm), found in the folder the document
// attribute `olm-graph-engine` names (relative to the base directory), else in the
// olm-graph-element package Node resolves from the base directory or the working directory,
// else in this repository's dist/embed/; it needs Node 20.19 or later (require of an ES
// module). Where none is found (or the catalog does not draw), the figure has no fallback and a
// warning says why; the element still draws it in the browser.
//
// `fallback=` still wins: it names a file, read at conversion time relative to the document's
// base directory, written by `olm-graph render CATALOG -p P -c C --from B -f embed -o figure.html`
// (its SVG is taken: the stylesheet is scoped to `olm-graph>svg`) or `-f svg` (used whole; its
// stylesheet then reaches the page).
//
// The element's module is loaded once per document, from the document attribute
// `olm-graph-script` (default `embed/olm-graph.js`, relative to the page). Beside it, once per
// document, hints fetch what the module would only ask for once it has run: its stylesheet
// module and the wasm's glue (modulepreload), the wasm, and the catalog of the document's first
// figure when it has a `src=` (preload as fetch; crossorigin, as the element's own fetch is).
// Catalogs of later figures are fetched when they come near the viewport.

const fs = require('node:fs');
const path = require('node:path');

const ATTRIBUTES = ['src', 'package', 'channel', 'view', 'bundle', 'installed', 'resolver',
  'fail', 'failure', 'strategy', 'theme', 'app'];

const escapeAttr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;')
  .replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The SVG of a fallback file: the element's child SVG of an `olm-graph render -f embed`
 *  snippet (its stylesheet scoped to `olm-graph>svg`), or the whole file otherwise. */
function fallbackSvg(text) {
  const t = text.replace(/^<\?xml[^>]*>\s*/, '').trim();
  if (!t.includes('<olm-graph')) return t;
  const start = t.indexOf('<svg');
  const script = t.indexOf('<script', start);
  const end = t.lastIndexOf('</svg>', script < 0 ? t.length : script);
  return start < 0 || end < start ? '' : t.slice(start, end + '</svg>'.length);
}

/** The attributes the wasm reads (the element's others are not the figure's). */
const REQUEST = ['package', 'channel', 'view', 'installed', 'resolver', 'fail', 'failure', 'strategy'];

/** The element's wasm by folder, initialised once per process (null: it would not load). */
const engines = new Map();

/** The folder of the built element for `doc` (see the top of this file), or null. */
function engineDir(doc, baseDir) {
  const named = doc.getAttribute('olm-graph-engine');
  if (named) return path.resolve(baseDir, named);
  try {
    return path.dirname(require.resolve('olm-graph-element/package.json', { paths: [baseDir, process.cwd()] }));
  } catch {
    const repo = path.resolve(__dirname, '../../dist/embed');
    return fs.existsSync(path.join(repo, 'olm_graph_embed_bg.wasm')) ? repo : null;
  }
}

/** The element's wasm module for `doc`, loaded synchronously (the block's `process` is). */
function engineFor(doc, baseDir) {
  const dir = engineDir(doc, baseDir);
  if (!dir) throw new Error('no olm-graph-element found: set the document attribute olm-graph-engine to its folder');
  if (!engines.has(dir)) {
    let m = null;
    try {
      m = require(path.join(dir, 'olm_graph_embed.js'));
      m.initSync({ module: fs.readFileSync(path.join(dir, 'olm_graph_embed_bg.wasm')) });
    } catch (e) {
      engines.set(dir, null);
      throw new Error(`the element's wasm in ${dir} did not load: ${e.message}`);
    }
    engines.set(dir, m);
  }
  const m = engines.get(dir);
  if (!m) throw new Error(`the element's wasm in ${dir} did not load`);
  return m;
}

/** The catalog's text and file name for the figure: the inline body, else a `src` file under
 *  the base directory; null when neither. */
function catalogText(attrs, body, baseDir) {
  if (body) return { name: body.startsWith('{') ? 'inline.json' : 'inline.yaml', text: body };
  if (!attrs.src || /^[a-z][a-z0-9+.-]*:/i.test(attrs.src)) return null;
  const file = path.resolve(baseDir, attrs.src);
  return fs.existsSync(file) ? { name: path.basename(file), text: fs.readFileSync(file, 'utf8') } : null;
}

/** The still SVG of the figure, drawn by the element's wasm; null (with a warning) when it
 *  cannot be. */
function drawnFallback(doc, attrs, body, baseDir) {
  const catalog = catalogText(attrs, body, baseDir);
  if (!catalog) return null;
  try {
    const m = engineFor(doc, baseDir);
    const request = {};
    for (const a of REQUEST) request[a] = attrs[a] == null ? '' : String(attrs[a]);
    const handle = m.load(catalog.name, catalog.text);
    try {
      const answer = JSON.parse(m.fallback(handle, JSON.stringify(request)));
      if (answer.error) throw new Error(answer.error);
      return answer.ok;
    } finally {
      m.release(handle);
    }
  } catch (e) {
    console.warn(`olm-graph: no static figure for package ${attrs.package ?? '?'}: ${e.message}`);
    return null;
  }
}

/** The element's module script and the hints that fetch its other files beside it (the glue,
 *  the wasm and the stylesheet module sit in the module's folder). */
function moduleTags(script) {
  const dir = script.replace(/[^/]*$/, '');
  return [
    `<script type="module" src="${escapeAttr(script)}"></script>`,
    `<link rel="modulepreload" href="${escapeAttr(dir)}olm-graph-style.js">`,
    `<link rel="modulepreload" href="${escapeAttr(dir)}olm_graph_embed.js">`,
    `<link rel="preload" href="${escapeAttr(dir)}olm_graph_embed_bg.wasm" as="fetch" type="application/wasm" crossorigin>`,
  ];
}

/** Documents that already hold the module script. */
const withScript = new WeakSet();

/** The HTML of one figure: the module script (first figure of the document), the element,
 *  its fallback and its inline catalog. */
function figure(doc, attrs, body) {
  const out = [];
  if (!withScript.has(doc)) {
    withScript.add(doc);
    const script = doc.getAttribute('olm-graph-script', 'embed/olm-graph.js');
    out.push(...moduleTags(script));
    if (attrs.src) out.push(`<link rel="preload" href="${escapeAttr(attrs.src)}" as="fetch" crossorigin>`);
  }
  const named = ATTRIBUTES.filter((a) => attrs[a] != null && attrs[a] !== '')
    .map((a) => ` ${a}="${escapeAttr(attrs[a])}"`).join('');
  out.push(`<div class="olm-graph-figure"><olm-graph${named}>`);
  const baseDir = doc.getBaseDir?.() ?? doc.baseDir ?? '.';
  const catalog = body.trim();
  const still = attrs.fallback
    ? fallbackSvg(fs.readFileSync(path.resolve(baseDir, attrs.fallback), 'utf8'))
    : drawnFallback(doc, attrs, catalog, baseDir);
  if (still) out.push(still.trim());
  if (catalog) {
    const type = catalog.startsWith('{') ? 'application/json' : 'application/yaml';
    // The catalog is data, copied as it is; a "</script" in it could end the element.
    out.push(`<script type="${type}">\n${catalog.replace(/<\/(script)/gi, '<\\/$1')}\n</script>`);
  }
  out.push('</olm-graph></div>');
  return out.join('\n');
}

/** Registers the `olm-graph` block (over a `----` listing block, an `....` literal block or a
 *  paragraph) on an Asciidoctor.js extension registry. */
function register(registry) {
  registry.block('olm-graph', function olmGraphBlock() {
    const self = this;
    self.onContext(['listing', 'literal', 'paragraph']);
    self.process((parent, reader, attrs) => {
      const lines = reader.getLines();
      const body = Array.isArray(lines) ? lines.join('\n') : String(lines ?? '');
      return self.createBlock(parent, 'pass', figure(parent.getDocument(), attrs, body), {});
    });
  });
  return registry;
}

module.exports = { register };
