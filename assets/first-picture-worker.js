// The first picture of a `url=` link (assets/boot.js): the channel the link names, drawn by the
// <olm-graph> element's engine (embed/, 345 KB gzipped, a third of the app's wasm) in a worker of
// its own while the app's wasm is still arriving and compiling (docs/performance.md, "First
// draw"). Its wasm's fetch starts as the worker starts; boot.js posts the catalog's bytes once
// they have arrived, with the package and channel of the link, and gets back the figure's SVG
// (core's self-contained rendering: one inline style sheet, no script, catalog text escaped),
// which the page shows as an image, so it stays inert.
//
// Message in: { href, bytes (ArrayBuffer), package, channel, view, maxNodes }.
// Message out: { svg, nodes } or { error } (boot.js then shows no picture; the app reports
// the catalog's problems itself).
import init, { load, draw } from './embed/olm_graph_embed.js';

const ready = init({ module_or_path: new URL('./embed/olm_graph_embed_bg.wasm', import.meta.url) });
ready.catch(() => {});

/** The file name the engine reads the text as (its extension decides JSON or YAML), as the
 * element names a catalog it fetched. */
function fileName(href, text) {
  const name = new URL(href).pathname.split('/').pop();
  if (/\.(json|ya?ml)$/i.test(name)) return name;
  return text.trimStart().startsWith('{') ? 'catalog.json' : 'catalog.yaml';
}

addEventListener('message', async ({ data }) => {
  try {
    await ready;
    const text = new TextDecoder().decode(data.bytes);
    const request = { package: data.package, channel: data.channel, view: data.view };
    const answer = JSON.parse(draw(load(fileName(data.href, text), text), JSON.stringify(request)));
    if (answer.error) {
      postMessage({ error: answer.error });
    } else if (answer.ok.nodes > data.maxNodes) {
      postMessage({ error: `${answer.ok.nodes} nodes: the app draws those near the viewport only` });
    } else {
      postMessage({ svg: answer.ok.svg, nodes: answer.ok.nodes });
    }
  } catch (e) {
    postMessage({ error: String(e?.message ?? e) });
  }
});
