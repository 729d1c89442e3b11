// A React + TypeScript page as a user writes it; `tsc --noEmit` checks it against the package's
// olm-graph.d.ts and olm-graph-react.d.ts (tests/e2e/bundlers.test.mjs).
import { useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { OlmGraph, type OlmGraphProps } from 'olm-graph-element/react';
import { OlmGraph as OlmGraphElement, type OlmGraphDrawnDetail } from 'olm-graph-element';

const catalog = `schema: olm.package
name: example-operator
`;

export function Page() {
  const [drawn, setDrawn] = useState<OlmGraphDrawnDetail | null>(null);
  const ref = useRef<OlmGraphElement>(null);
  const props: OlmGraphProps = { package: 'example-operator', catalog, theme: 'auto', resolver: 'both' };
  const state: 'loading' | 'drawn' | 'error' | undefined = document.querySelector('olm-graph')?.dataset.state;
  return (
    <main>
      <OlmGraph src="/catalogs/gpu.yaml" package="gpu-operator-certified" channel="stable"
        installed="gpu-operator-certified.v1.11.0" onDrawn={(d) => setDrawn(d)} className="figure" />
      <OlmGraph {...props} fallback="<svg></svg>" style={{ maxWidth: 800 }} />
      {/* the element itself, typed by the JSX augmentation of olm-graph-react.d.ts */}
      <olm-graph ref={ref} package="gpu-operator-certified" src="/catalogs/gpu.yaml" view="all" />
      {/* @ts-expect-error: package is required */}
      <OlmGraph src="/catalogs/gpu.yaml" />
      {/* @ts-expect-error: no resolver v2 */}
      <OlmGraph package="p" resolver="v2" />
      {/* @ts-expect-error: onDrawn's detail has no `edges` */}
      <OlmGraph package="p" onDrawn={(d) => d.edges} />
      <p>{drawn ? `${drawn.nodes} nodes in ${drawn.ms ?? '?'} ms` : state}</p>
    </main>
  );
}

document.querySelector('olm-graph')?.addEventListener('olm-graph-drawn', (e) => console.log(e.detail.nodes));
createRoot(document.getElementById('root')!).render(<Page />);
