// What a Vite user writes: one import defines the element for the page's HTML.
import { OlmGraph } from 'olm-graph-element';

window.sameClass = customElements.get('olm-graph') === OlmGraph;
