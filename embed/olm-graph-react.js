'use client';
// <OlmGraph>: a React wrapper of the <olm-graph> element (olm-graph-element/react), for
// Docusaurus/MDX and other React pages:
//
//   import { OlmGraph } from 'olm-graph-element/react';
//   <OlmGraph src="/catalogs/etcd.yaml" package="etcd" channel="stable" installed="etcd.v0.9.2" />
//   <OlmGraph package="example-operator" catalog={yamlText} onDrawn={({ nodes }) => …} />
//
// Props: the element's attributes (src, package, channel, view, bundle, installed, resolver,
// fail, failure, strategy, theme, app) as strings; `catalog`, the catalog's text inline (YAML,
// or a JSON stream when it starts with "{"), written as the element's <script> child;
// `fallback`, markup shown until the figure draws (the <svg> of `olm-graph render -f embed`);
// `onDrawn({nodes, ms})`; `className`, `style`, `id`. It renders on the server as plain HTML
// (the element draws once the module loads in the browser); the element's module is imported in
// the browser only, with a literal `import('./olm-graph.js')` that bundlers split into a chunk of
// its own. Nothing here touches window, document or customElements on a server; 'use client'
// marks the file as a client component for React Server Components (Next.js's App Router).
import { createElement, useEffect, useRef } from 'react';

const ATTRIBUTES = ['src', 'package', 'channel', 'view', 'bundle', 'installed', 'resolver',
  'fail', 'failure', 'strategy', 'theme', 'app'];

if (typeof window !== 'undefined' && typeof customElements !== 'undefined') {
  import('./olm-graph.js');
}

export function OlmGraph(props) {
  const { catalog, fallback, onDrawn, className, style, id } = props;
  const ref = useRef(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !onDrawn) return undefined;
    const listener = (e) => onDrawn(e.detail);
    el.addEventListener('olm-graph-drawn', listener);
    return () => el.removeEventListener('olm-graph-drawn', listener);
  }, [onDrawn]);
  // role as the element sets it, so that a hydrated page matches the server's HTML.
  const attrs = { ref, id, className, style, role: 'figure' };
  for (const a of ATTRIBUTES) if (props[a] != null && props[a] !== '') attrs[a] = String(props[a]);
  // The fallback and the catalog are the element's own children (the fallback's stylesheet, as
  // `olm-graph render -f embed` writes it, is scoped to `olm-graph>svg`).
  let inner = fallback || '';
  const text = catalog?.trim();
  if (text) {
    // The catalog is data; a "</script" in it could end the element.
    const type = text.startsWith('{') ? 'application/json' : 'application/yaml';
    inner += `<script type="${type}">\n${text.replace(/<\/(script)/gi, '<\\/$1')}\n</script>`;
  }
  if (inner) attrs.dangerouslySetInnerHTML = { __html: inner };
  return createElement('olm-graph', attrs);
}

export default OlmGraph;
