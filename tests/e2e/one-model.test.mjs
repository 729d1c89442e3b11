// One drawing model: for real channels (and a package view), what the app draws equals what
// `olm-graph render -f svg` writes: the same nodes with the same label lines and classes, the
// same individually drawn edges with their classes, the same fans (target, kind, range, how many
// edges each stands for). Live markings (hover, selection, lifecycle previews) are left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { app, open, finish, waitGraph, upload, showChannel, cli, CATALOGS } from './harness.mjs';

app();

const CASES = [
  ['certified-operators/v4.22/gpu-operator-certified.yaml', 'gpu-operator-certified', 'stable'],
  ['openshift-kube-descheduler-fbc/v4.12/cluster-kube-descheduler-operator.json', 'cluster-kube-descheduler-operator', '4.12'],
  ['community-operators-prod/v4.21/project-quay.yaml', 'project-quay', 'stable-3.10'],
  ['community-operators-prod/v4.21/project-quay.yaml', 'project-quay', null],
  ['certified-operators/v4.17/scaleops-operator.yaml', 'scaleops-operator', 'stable-v1'],
  ['community-operators-prod/v4.21/sailoperator.yaml', 'sailoperator', 'stable'],
];

/** Classes the app adds for what is live on screen; the export has none of them. */
const LIVE = ['dim', 'near', 'selected', 'terminated', 'removed', 'to-deprecate', 'lit', 'sel',
  'covered', 'on-path'];

/** What a drawing holds, read from the SVG element `root` (the app's or the export's). Runs in
 *  the page: `app` tells the app's markup (data-bundle) from the export's (data-name). */
function readDrawing({ app, live }) {
  const root = app ? document.querySelector('svg.graph') : window.__exported;
  const classes = (el) => [...el.classList].filter((c) => !live.includes(c)).sort().join(' ');
  const text = (el, cls) => el.querySelector(`:scope > text.${cls}`)?.textContent.trim() ?? null;
  const attr = app ? 'data-bundle' : 'data-name';
  const nodes = [...root.querySelectorAll(`g.node[${attr}]`)].map((n) =>
    [n.getAttribute(attr), classes(n), text(n, 'version'), text(n, 'name')].join('|'));
  const edges = [...root.querySelectorAll('path.edge[data-from]')].map((e) =>
    [e.dataset.from, e.dataset.to, e.dataset.edgeKind, classes(e)].join('|'));
  // Fans: the app draws one band element standing for its edges, the export a band with one
  // tap per edge.
  const fans = app
    ? [...root.querySelectorAll('.band[data-band]')].map((b) =>
      [b.dataset.to, b.dataset.edgeKind, b.dataset.range || '', b.dataset.edges, classes(b)].join('|'))
    : [...root.querySelectorAll('g.fan[data-to]')].map((g) =>
      [g.dataset.to, g.dataset.edgeKind, g.dataset.range || '', String(g.querySelectorAll('circle.tap').length),
        classes(g.querySelector('path.band'))].join('|'));
  return { nodes: nodes.sort(), edges: edges.sort(), fans: fans.sort() };
}

test('the app draws the nodes, labels, classes, edges and fans of the SVG export', async () => {
  const page = await open('', { viewport: { width: 1280, height: 800 } });
  await waitGraph(page, 'acme-operator', 'stable');
  let loaded = null;
  for (const [rel, pkg, channel] of CASES) {
    const file = join(CATALOGS, rel);
    if (loaded !== file) {
      await upload(page, file, pkg);
      loaded = file;
    }
    if (channel) {
      await showChannel(page, pkg, channel);
    } else {
      await page.click('[data-channel-all]');
      await waitGraph(page, pkg, '');
    }
    const args = ['render', file, '-p', pkg, '-f', 'svg'];
    if (channel) args.push('-c', channel);
    const svg = cli(args);
    // The stylesheet is left out: the page's CSP forbids inline styles, even in a parsed document.
    await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text.replace(/<style>[^]*?<\/style>/, ''), 'image/svg+xml');
      if (doc.querySelector('parsererror')) throw new Error('the export is not well-formed');
      window.__exported = doc.documentElement;
    }, svg);
    const drawn = await page.evaluate(readDrawing, { app: true, live: LIVE });
    const exported = await page.evaluate(readDrawing, { app: false, live: LIVE });
    const what = `${pkg} / ${channel ?? 'all channels'}`;
    assert.ok(drawn.nodes.length > 0 && drawn.edges.length > 0, what);
    assert.deepEqual(drawn.nodes, exported.nodes, `${what}: nodes, labels and classes`);
    assert.deepEqual(drawn.edges, exported.edges, `${what}: edges and their classes`);
    assert.deepEqual(drawn.fans, exported.fans, `${what}: fans`);
    // Every graph edge once: drawn on its own or in a fan.
    const total = drawn.edges.length + drawn.fans.reduce((n, f) => n + Number(f.split('|')[3]), 0);
    const graph = JSON.parse(cli(['graph', file, '-p', pkg, '--json']));
    const want = channel
      ? graph.channels.find((c) => c.name === channel).edges.length
      : new Set(graph.channels.flatMap((c) => c.edges.map((e) => `${e.from}|${e.to}|${e.kind}`))).size;
    assert.equal(total, want, `${what}: edge count`);
  }
  await finish(page);
});
