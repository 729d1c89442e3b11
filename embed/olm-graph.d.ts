// Types of the <olm-graph> custom element (embed/olm-graph.js). Importing the module defines
// the element once; the class is exported for `instanceof` checks and for subclassing.

/** The attributes of `<olm-graph>` (all strings, as in HTML; they mirror the app's URL parameters). */
export interface OlmGraphAttributes {
  /** The catalog's URL, relative to the page (FBC: a JSON stream or YAML documents). Without it, the catalog is the element's `<script type="application/yaml">` or `application/json` child. */
  src?: string;
  /** The package to draw (required). */
  package: string;
  /** The channel; without it, the package's default channel. */
  channel?: string;
  /** `all`: every channel at once (the package view). */
  view?: 'all';
  /** A bundle to mark as selected. */
  bundle?: string;
  /** The installed bundle: its upgrade path is painted step by step. */
  installed?: string;
  /** The resolver whose path is painted. */
  resolver?: 'v0' | 'v1' | 'both';
  /** What-if: this bundle's upgrade fails. */
  fail?: string;
  /** What-if: how it fails. */
  failure?: 'csv' | 'installplan';
  /** What-if: the upgrade strategy. */
  strategy?: 'Default' | 'TechPreviewUnsafeFailForward';
  /** Colours; `auto` follows the system. */
  theme?: 'light' | 'dark' | 'auto';
  /** The app's URL: adds an "Open in olm-graph" link carrying the view (only with `src`). */
  app?: string;
}

/** The names `observedAttributes` lists: changing any of them redraws the figure. */
export type OlmGraphAttributeName = keyof OlmGraphAttributes;

/** The detail of the `olm-graph-drawn` event, fired each time the figure draws. */
export interface OlmGraphDrawnDetail {
  /** Nodes in the figure (as `olm-graph graph --json` counts them). */
  nodes: number;
  /** Milliseconds from coming near the viewport to the first drawing. */
  ms: number | null;
}

/** One upgrade graph of an OLM catalog, drawn into the element's shadow root. */
export declare class OlmGraph extends HTMLElement {
  static readonly observedAttributes: OlmGraphAttributeName[];
  /** Milliseconds from coming near the viewport to the first figure (null until drawn). */
  drawTime: number | null;
  /** `data-state`: `loading`, `drawn` or `error`; `data-graph-nodes`: the node count;
   *  `data-tooltips`: `on` once the whole drawing (tooltips, the fans' edges for hovering) has
   *  replaced the first draw. */
  readonly dataset: DOMStringMap & {
    state?: 'loading' | 'drawn' | 'error';
    graphNodes?: string;
    tooltips?: 'on';
  };
  connectedCallback(): void;
  attributeChangedCallback(name: OlmGraphAttributeName, oldValue: string | null, newValue: string | null): void;
  addEventListener<K extends keyof OlmGraphEventMap>(type: K, listener: (this: OlmGraph, ev: OlmGraphEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof OlmGraphEventMap>(type: K, listener: (this: OlmGraph, ev: OlmGraphEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

export interface OlmGraphEventMap extends HTMLElementEventMap {
  'olm-graph-drawn': CustomEvent<OlmGraphDrawnDetail>;
}

declare global {
  interface HTMLElementTagNameMap {
    'olm-graph': OlmGraph;
  }
}
