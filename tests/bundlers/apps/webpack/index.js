// What a webpack 5 user writes (as in a Docusaurus site): the element for the page's HTML, and
// the React wrapper (createElement: this app has no JSX loader).
import { OlmGraph as OlmGraphElement } from 'olm-graph-element';
import { OlmGraph } from 'olm-graph-element/react';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

window.sameClass = customElements.get('olm-graph') === OlmGraphElement;
createRoot(document.getElementById('root')).render(createElement(OlmGraph, {
  id: 'gpu-react', src: 'catalogs/gpu.yaml', package: 'gpu-operator-certified', channel: 'stable',
  onDrawn: ({ nodes }) => { window.reactDrawn = nodes; },
}));
