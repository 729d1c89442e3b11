// One drawing model: for real channels (and a package view), what the app draws equals what
// `olm-graph render -f svg` writes: the same nodes with the same label lines and classes, the
// same groups of absent bundles, the same individually drawn edges (and those leaving a group)
// with their classes, the same fans (target, kind, range, how many edges each stands for, one
// tap per source) and, with every fan drawn (`--all-fans`), the same staircases. Live markings
// (hover, selection, lifecycle previews) are left out.
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
  'covered', 'skipped', 'shown', 'focus', 'on-path'];

/** What a drawing holds, read from the SVG element `root` (the app's or the export's). Runs in
 *  the page: `app` tells the app's markup (data-bundle) from the export's (data-name). */
function readDrawing({ app, live }) {
  const root = app ? document.querySelector('svg.graph') : window.__exported;
  const classes = (el) => [...el.classList].filter((c) => !live.includes(c)).sort().join(' ');
  const text = (el, cls) => el.querySelector(`:scope > text.${cls}`)?.textContent.trim() ?? null;
  const attr = app ? 'data-bundle' : 'data-name';
  const nodes = [...root.querySelectorAll(`g.node[${attr}]`)].map((n) =>
    [n.getAttribute(attr), classes(n), text(n, 'version'), text(n, 'marker'),
      String(n.querySelector(':scope > rect') !== null)].join('|'));
  const groups = [...root.querySelectorAll('g.group[data-group]')].map((g) =>
    [g.dataset.group, g.dataset.members, classes(g), text(g, 'version'), text(g, 'marker')].join('|'));
  const edges = [...root.querySelectorAll('path.edge[data-from]')].map((e) =>
    [e.dataset.from, e.dataset.to, e.dataset.edgeKind, e.dataset.range || '', classes(e)].join('|'));
  const groupEdges = [...root.querySelectorAll('path.edge[data-group]')].map((e) => {
    const members = [];
    for (let m = e.nextElementSibling; m && m.matches('g.edge-member'); m = m.nextElementSibling) {
      members.push(`${m.dataset.from}>${m.dataset.to}:${m.dataset.edgeKind}`);
    }
    return [e.dataset.group, e.dataset.to, e.dataset.edgeKind, e.dataset.edges, classes(e), members.join(',')].join('|');
  });
  // Fans: one element per fan (its target, kind, range and edge count) holding one tap per source.
  const fans = [...root.querySelectorAll('g.fan[data-to]')].map((g) =>
    [g.dataset.to, g.dataset.edgeKind, g.dataset.range || '', g.dataset.edges, classes(g),
      [...g.querySelectorAll('.tap')].map((t) => `${t.dataset.from}>${t.dataset.to}:${t.dataset.edgeKind}`).sort().join(',')].join('|'));
  const staircases = root.querySelectorAll('path.band.staircase').length;
  return { nodes: nodes.sort(), groups: groups.sort(), edges: edges.sort(), groupEdges: groupEdges.sort(), fans: fans.sort(), staircases };
}

/** Asserts that the app's drawing (`drawn`) equals the export's, and that every graph edge is
 *  drawn once: on its own, leaving a group, or in a fan. */
function assertSame(drawn, exported, what, want) {
  assert.ok(drawn.nodes.length > 0 && drawn.edges.length + drawn.fans.length > 0, what);
  assert.deepEqual(drawn.nodes, exported.nodes, `${what}: nodes, labels and classes`);
  assert.deepEqual(drawn.groups, exported.groups, `${what}: groups of absent bundles`);
  assert.deepEqual(drawn.edges, exported.edges, `${what}: edges and their classes`);
  assert.deepEqual(drawn.groupEdges, exported.groupEdges, `${what}: edges leaving a group`);
  assert.deepEqual(drawn.fans, exported.fans, `${what}: fans`);
  assert.equal(drawn.staircases, exported.staircases, `${what}: staircases`);
  const total = drawn.edges.length
    + drawn.groupEdges.reduce((n, e) => n + Number(e.split('|')[3]), 0)
    + drawn.fans.reduce((n, f) => n + Number(f.split('|')[3]), 0);
  assert.equal(total, want, `${what}: edge count`);
}

/** Parses the export `svg` in the page (as `window.__exported`). */
async function parseExport(page, svg) {
  // The stylesheet is left out: the page's CSP forbids inline styles, even in a parsed document.
  await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text.replace(/<style>[^]*?<\/style>/, ''), 'image/svg+xml');
    if (doc.querySelector('parsererror')) throw new Error('the export is not well-formed');
    window.__exported = doc.documentElement;
  }, svg);
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
    const graph = JSON.parse(cli(['graph', file, '-p', pkg, '--json']));
    const want = channel
      ? graph.channels.find((c) => c.name === channel).edges.length
      : new Set(graph.channels.flatMap((c) => c.edges.map((e) => `${e.from}|${e.to}|${e.kind}`))).size;
    const what = `${pkg} / ${channel ?? 'all channels'}`;
    await parseExport(page, cli(args));
    assert.equal(await page.getAttribute('svg.graph', 'data-fans'), 'markers');
    assertSame(await page.evaluate(readDrawing, { app: true, live: LIVE }),
      await page.evaluate(readDrawing, { app: false, live: LIVE }), what, want);
    // Every fan drawn: the app's "all fans" toggle and the export's --all-fans.
    await page.click('[data-testid=all-fans-toggle]');
    await page.waitForFunction(() => document.querySelector('svg.graph').dataset.fans === 'bands');
    await parseExport(page, cli([...args, '--all-fans']));
    const all = await page.evaluate(readDrawing, { app: true, live: LIVE });
    assertSame(all, await page.evaluate(readDrawing, { app: false, live: LIVE }), `${what} (all fans)`, want);
    await page.click('[data-testid=all-fans-toggle]');
    await page.waitForFunction(() => document.querySelector('svg.graph').dataset.fans === 'markers');
  }
  await finish(page);
});
