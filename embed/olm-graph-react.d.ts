// Types of the React wrapper of <olm-graph> (olm-graph-element/react).
import type { CSSProperties, DetailedHTMLProps, HTMLAttributes, ReactElement } from 'react';
import type { OlmGraph as OlmGraphElement, OlmGraphAttributes, OlmGraphDrawnDetail } from './olm-graph.js';

export interface OlmGraphProps extends Partial<OlmGraphAttributes> {
  /** The element's attributes; `package` is required. */
  package: string;
  /** The catalog's text inline (YAML, or a JSON stream starting with "{"), instead of `src`. */
  catalog?: string;
  /** Markup shown until the figure draws (for example the SVG of `olm-graph render`). */
  fallback?: string;
  /** Called each time the figure draws. */
  onDrawn?: (detail: OlmGraphDrawnDetail) => void;
  id?: string;
  className?: string;
  style?: CSSProperties;
}

export declare function OlmGraph(props: OlmGraphProps): ReactElement;
export default OlmGraph;

// `<olm-graph …>` written directly in JSX (React 19 passes the attributes as they are).
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'olm-graph': DetailedHTMLProps<HTMLAttributes<OlmGraphElement>, OlmGraphElement> & OlmGraphAttributes;
    }
  }
}
