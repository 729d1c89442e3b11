// What a Vite + React user writes: the wrapper, in JSX (compiled by @vitejs/plugin-react).
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { OlmGraph } from 'olm-graph-element/react';

function App() {
  const [nodes, setNodes] = useState(null);
  return (
    <main>
      <h1>Vite + React: &lt;OlmGraph&gt;</h1>
      <OlmGraph id="gpu" src="catalogs/gpu.yaml" package="gpu-operator-certified" channel="stable"
        installed="gpu-operator-certified.v1.11.0" onDrawn={({ nodes: n }) => setNodes(n)} />
      <p id="drawn">{nodes === null ? 'not drawn' : `${nodes} nodes`}</p>
    </main>
  );
}

createRoot(document.getElementById('root')).render(<App />);
