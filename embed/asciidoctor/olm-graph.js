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
// The static fallback: `fallback=` names a file, read at conversion time relative to the
// document's base directory, that the same build writes first with `olm-graph render CATALOG
// -p P -c C --from B -f embed -o figure.html` (its SVG is taken: the stylesheet is scoped to
// `olm-graph>svg`) or `-f svg` (used whole; its stylesheet then reaches the page). It is put
// inside the element, shows until the figure draws and stays the figure where scripts never run
// (PDF, feeds, scripts disabled). The extension runs no olm-graph itself: Asciidoctor.js also
// runs in browsers, where there is no CLI.
//
// The element's module is loaded once per document, from the document attribute
// `olm-graph-script` (default `embed/olm-graph.js`, relative to the page).

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

/** Documents that already hold the module script. */
const withScript = new WeakSet();

/** The HTML of one figure: the module script (first figure of the document), the element,
 *  its fallback and its inline catalog. */
function figure(doc, attrs, body) {
  const out = [];
  if (!withScript.has(doc)) {
    withScript.add(doc);
    const script = doc.getAttribute('olm-graph-script', 'embed/olm-graph.js');
    out.push(`<script type="module" src="${escapeAttr(script)}"></script>`);
  }
  const named = ATTRIBUTES.filter((a) => attrs[a] != null && attrs[a] !== '')
    .map((a) => ` ${a}="${escapeAttr(attrs[a])}"`).join('');
  out.push(`<div class="olm-graph-figure"><olm-graph${named}>`);
  if (attrs.fallback) {
    const file = path.resolve(doc.getBaseDir?.() ?? doc.baseDir ?? '.', attrs.fallback);
    out.push(fallbackSvg(fs.readFileSync(file, 'utf8')));
  }
  const catalog = body.trim();
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
