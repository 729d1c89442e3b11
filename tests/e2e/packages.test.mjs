// The <olm-graph> element as docs authors get it: the npm package (`npm pack` in dist/embed/,
// installed with `npm install --offline` into an empty folder), a Hugo site built with the
// shortcode of embed/hugo/ (tools/hugo, from scripts/setup.sh) and an AsciiDoc page converted by
// Asciidoctor.js with the block extension of embed/asciidoctor/. The Hugo site and the AsciiDoc
// page take the element from the installed package's folder. Each figure is compared with
// `olm-graph graph --json` and `olm-graph path --json`; with scripts disabled, the static SVG
// (`olm-graph render -f svg`, run here at build time) shows. A second AsciiDoc page has no
// `fallback=`: the extension draws the static SVGs itself with the package's wasm in Node. Screenshots go to test-output/
// (and docs/screenshots/ with OLM_SCREENSHOTS=1).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { convert, Extensions } from 'asciidoctor';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { launchBrowser, startStaticServer, stopServer } from './browser.mjs';
import { CATALOGS, CLI, DIST, OUT, ROOT, pageAt } from './harness.mjs';

const require = createRequire(import.meta.url);
const { register } = require('../../embed/asciidoctor/olm-graph.js');
const HUGO = process.env.OLM_HUGO || join(ROOT, 'tools/hugo/bin/hugo');
const GPU = join(CATALOGS, 'certified-operators/v4.22/gpu-operator-certified.yaml');
const PKG = 'gpu-operator-certified';
const FROM = 'gpu-operator-certified.v1.11.0';
const EXAMPLE = join(ROOT, 'docs/examples/example-operator.yaml');
const EX = 'example-operator';
const EX_FROM = 'example-operator.v1.0.0';
const BUDGET = 400 * 1024;
const PACKAGE = 'node_modules/olm-graph-element';

const ctx = { dir: null, site: null, tarball: null, server: null, browser: null };

const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 28, ...opts });
const cli = (args) => JSON.parse(run(CLI, args, { stdio: ['ignore', 'pipe', 'ignore'] }));
const channelNodes = (file, pkg, channel) => cli(['graph', file, '--package', pkg, '--json']).channels.find((c) => c.name === channel).nodes.length;
const pathSteps = (file, pkg, channel, from) => {
  const p = cli(['path', file, '-p', pkg, '-c', channel, '--from', from, '--json']);
  return [p.from, ...p.hops.map((h) => h.to)];
};
const workspaceVersion = () => readFileSync(join(ROOT, 'Cargo.toml'), 'utf8').match(/\[workspace\.package\][^[]*?\nversion = "([^"]+)"/)[1];

/** The pages: the package alone, a Hugo site, an AsciiDoc page, all in one served folder. */
function writeNpmPage(site) {
  writeFileSync(join(site, 'npm.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>npm</title>
<script type="importmap">{"imports": {"olm-graph-element": "./${PACKAGE}/olm-graph.js"}}</script>
<script type="module">import { OlmGraph } from 'olm-graph-element'; window.sameClass = customElements.get('olm-graph') === OlmGraph;</script>
</head><body><main><h1>From node_modules</h1>
<olm-graph id="gpu" src="catalogs/gpu.yaml" package="${PKG}" channel="stable" installed="${FROM}"></olm-graph>
</main></body></html>`);
}

function buildHugo(dir, site, svg) {
  const src = join(dir, 'hugo-src');
  mkdirSync(join(src, 'content'), { recursive: true });
  mkdirSync(join(src, 'layouts/_default'), { recursive: true });
  mkdirSync(join(src, 'static/catalogs'), { recursive: true });
  mkdirSync(join(src, 'figures'), { recursive: true });
  // The shortcode as a theme component (embed/hugo/ is the component "hugo" of themesDir).
  writeFileSync(join(src, 'hugo.toml'), `baseURL = "http://127.0.0.1/hugo/"
title = "olm-graph in Hugo"
themesDir = ${JSON.stringify(join(ROOT, 'embed'))}
theme = ["hugo"]
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "home"]
`);
  writeFileSync(join(src, 'layouts/_default/single.html'), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><main><h1>{{ .Title }}</h1>{{ .Content }}</main></body></html>
`);
  cpSync(join(site, PACKAGE), join(src, 'static/embed'), { recursive: true });
  cpSync(GPU, join(src, 'static/catalogs/gpu.yaml'));
  writeFileSync(join(src, 'figures/example.html'), svg);
  writeFileSync(join(src, 'content/demo.md'), `---
title: Two figures
---
The catalog by URL, the path from ${FROM} painted:

{{< olm-graph src="../catalogs/gpu.yaml" package="${PKG}" channel="stable" installed="${FROM}" />}}

The catalog inline, with its static SVG:

{{< olm-graph package="${EX}" channel="stable" installed="${EX_FROM}" fallback="figures/example.html" >}}
${readFileSync(EXAMPLE, 'utf8')}
{{< /olm-graph >}}
`);
  run(HUGO, ['--quiet', '-s', src, '-d', join(site, 'hugo')], { stdio: 'inherit' });
}

async function buildAsciidoc(dir, site, svg) {
  mkdirSync(join(site, 'adoc'), { recursive: true });
  writeFileSync(join(dir, 'example.html'), svg);
  const text = `= Two figures
:olm-graph-script: ../${PACKAGE}/olm-graph.js
:webfonts!:
:nofooter:

The catalog inline, with its static SVG:

[olm-graph,package=${EX},channel=stable,installed=${EX_FROM},fallback=example.html]
----
${readFileSync(EXAMPLE, 'utf8').trim()}
----

The catalog by URL, the path from ${FROM} painted:

[olm-graph,src=../catalogs/gpu.yaml,package=${PKG},channel=stable,installed=${FROM}]
----
----
`;
  const registry = Extensions.create();
  register(registry);
  const html = await convert(text, { safe: 'safe', extension_registry: registry, standalone: true, base_dir: dir });
  writeFileSync(join(site, 'adoc/index.html'), html);
}

/** An AsciiDoc page with no `fallback=`: the extension draws each still figure itself with the
 *  installed package's wasm (`olm-graph-engine`), the gpu channel from its inline catalog, the
 *  example from a `src=` file under the base directory; and one `fallback=` page that must win. */
async function buildAsciidocDrawn(dir, site) {
  mkdirSync(join(site, 'adoc-drawn/catalogs'), { recursive: true });
  cpSync(EXAMPLE, join(site, 'adoc-drawn/catalogs/example.yaml'));
  writeFileSync(join(dir, 'marker.svg'), '<svg xmlns="http://www.w3.org/2000/svg" data-from="the-file"></svg>');
  const head = `= Drawn at conversion
:olm-graph-script: ../${PACKAGE}/olm-graph.js
:olm-graph-engine: ../${PACKAGE}
:webfonts!:
:nofooter:
`;
  const gpu = readFileSync(GPU, 'utf8').trim();
  const text = `${head}
The catalog inline, no fallback given:

[olm-graph,package=${PKG},channel=stable,installed=${FROM}]
----
${gpu}
----

The catalog by a file beside the page, no fallback given:

[olm-graph,src=catalogs/example.yaml,package=${EX},channel=stable,installed=${EX_FROM}]
----
----
`;
  const registry = Extensions.create();
  register(registry);
  // First the same page with a (tiny) fallback= file for each figure, Asciidoctor's own work
  // alone (and its warm-up); then the page itself: the difference is the drawing, the wasm's
  // first load included.
  const given = text.replace(/\[olm-graph,([^\]]*)\]/g, '[olm-graph,$1,fallback=../../marker.svg]');
  const before = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  await convert(given, { safe: 'safe', extension_registry: registry, standalone: true, base_dir: join(site, 'adoc-drawn') });
  ctx.adocGivenMs = Number(process.hrtime.bigint() - before) / 1e6;
  const cpu1 = process.cpuUsage();
  const started = process.hrtime.bigint();
  const html = await convert(text, { safe: 'safe', extension_registry: registry, standalone: true, base_dir: join(site, 'adoc-drawn') });
  ctx.adocMs = Number(process.hrtime.bigint() - started) / 1e6;
  const cpu2 = process.cpuUsage();
  const cpu = (a, b) => (b.user + b.system - a.user - a.system) / 1000;
  ctx.adocCpuMs = cpu(cpu1, cpu2) - cpu(cpu0, cpu1);
  writeFileSync(join(site, 'adoc-drawn/index.html'), html);
  // The same extension: fallback= wins over the drawn figure.
  const won = await convert(`${head}\n[olm-graph,package=${EX},channel=stable,fallback=../../marker.svg]\n----\n${readFileSync(EXAMPLE, 'utf8').trim()}\n----\n`,
    { safe: 'safe', extension_registry: registry, base_dir: join(site, 'adoc-drawn') });
  ctx.adocWon = won;
}

/** The React wrapper of the installed package, rendered to HTML as a static-site build (a
 *  Docusaurus build) renders it; the page loads the element's module. React itself comes from
 *  tests/e2e (linked into the site's node_modules, where the wrapper imports it). */
async function buildReact(site, svg) {
  symlinkSync(join(ROOT, 'tests/e2e/node_modules/react'), join(site, 'node_modules/react'), 'dir');
  const { OlmGraph } = await import(pathToFileURL(join(site, PACKAGE, 'olm-graph-react.js')).href);
  const body = renderToStaticMarkup(createElement('main', null,
    createElement('h1', null, 'Two figures'),
    createElement(OlmGraph, { src: '../catalogs/gpu.yaml', package: PKG, channel: 'stable', installed: FROM }),
    createElement(OlmGraph, { package: EX, channel: 'stable', installed: EX_FROM, catalog: readFileSync(EXAMPLE, 'utf8'), fallback: svg.match(/<svg[\s\S]*?<\/svg>/)[0] })));
  mkdirSync(join(site, 'react'), { recursive: true });
  writeFileSync(join(site, 'react/index.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>React</title>
<script type="module" src="../${PACKAGE}/olm-graph.js"></script></head><body>${body}</body></html>`);
}

before(async () => {
  for (const p of [join(DIST, 'embed/package.json'), CLI, HUGO]) {
    if (!existsSync(p)) throw new Error(`missing ${p} (scripts/build-embed.sh, cargo build --release, scripts/setup.sh browser)`);
  }
  mkdirSync(OUT, { recursive: true });
  ctx.dir = mkdtempSync(join(tmpdir(), 'olm-packages-'));
  // The tarball, as a release makes it, installed into an empty folder with no registry.
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', ctx.dir], { cwd: join(DIST, 'embed') }));
  ctx.tarball = { ...packed, path: join(ctx.dir, packed.filename) };
  ctx.site = join(ctx.dir, 'site');
  mkdirSync(join(ctx.site, 'catalogs'), { recursive: true });
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', ctx.tarball.path], { cwd: ctx.site });
  cpSync(GPU, join(ctx.site, 'catalogs/gpu.yaml'));
  writeNpmPage(ctx.site);
  const svg = run(CLI, ['render', EXAMPLE, '-p', EX, '-c', 'stable', '--from', EX_FROM, '-f', 'embed']);
  buildHugo(ctx.dir, ctx.site, svg);
  await buildAsciidoc(ctx.dir, ctx.site, svg);
  await buildAsciidocDrawn(ctx.dir, ctx.site);
  await buildReact(ctx.site, svg);
  ctx.server = await startStaticServer(ctx.site);
  ctx.browser = await launchBrowser();
});

after(async () => {
  await ctx.browser?.close();
  await stopServer(ctx.server);
  if (ctx.dir) rmSync(ctx.dir, { recursive: true, force: true });
});

function open(path, options = {}) {
  // Every request but the browser's own favicon.ico must succeed (none leaves 127.0.0.1).
  const listen = (p) => {
    p.requested = [];
    p.on('request', (r) => p.requested.push(new URL(r.url()).pathname));
    p.on('requestfailed', (r) => p.errors.push(`${r.url()}: ${r.failure()?.errorText}`));
    p.on('response', (r) => { if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) p.errors.push(`${r.url()}: HTTP ${r.status()}`); });
  };
  return pageAt(ctx.browser, ctx.server.url + path, { ...options, listen });
}

/** The page holds, once, the hints the shortcode / extension write beside the module script
 *  (its stylesheet module and the glue as modulepreload, the wasm and the first figure's
 *  catalog as a fetch preload, `catalog` null when the first figure has none), and the browser
 *  fetched each of those files once: the element's own fetches took the preloaded responses. */
function assertHints(p, html, catalog) {
  const once = (re, what) => assert.equal(html.match(re)?.length, 1, `one ${what} per page`);
  once(/<link rel="modulepreload" href="[^"]*\/olm-graph-style\.js">/g, 'modulepreload of the stylesheet module');
  once(/<link rel="modulepreload" href="[^"]*\/olm_graph_embed\.js">/g, 'modulepreload of the glue');
  once(/<link rel="preload" href="[^"]*\/olm_graph_embed_bg\.wasm" as="fetch" type="application\/wasm" crossorigin>/g, 'preload of the wasm');
  const catalogs = html.match(/<link rel="preload" href="[^"]*" as="fetch" crossorigin>/g) ?? [];
  assert.deepEqual(catalogs.map((l) => l.match(/href="([^"]*)"/)[1]), catalog ? [catalog] : [], 'the first figure\'s catalog is preloaded, no other');
  for (const f of ['olm-graph-style.js', 'olm_graph_embed.js', 'olm_graph_embed_bg.wasm', 'gpu.yaml']) {
    assert.equal(p.requested.filter((u) => u.endsWith(`/${f}`)).length, 1, `${f} fetched once (${p.requested.join(', ')})`);
  }
}

/** Saves a screenshot to test-output/ (and docs/screenshots/ with OLM_SCREENSHOTS=1). */
async function shot(p, name) {
  const file = join(OUT, `${name}.png`);
  await p.screenshot({ path: file, fullPage: true });
  if (process.env.OLM_SCREENSHOTS === '1') {
    mkdirSync(join(ROOT, 'docs/screenshots'), { recursive: true });
    copyFileSync(file, join(ROOT, 'docs/screenshots', `${name}.png`));
  }
}

/** Waits for each <olm-graph> of the page to draw; returns the facts of each figure. */
async function figures(p) {
  const ids = await p.evaluate(() => [...document.querySelectorAll('olm-graph')].map((el, i) => { el.id ||= `f${i}`; return el.id; }));
  const out = {};
  for (const id of ids) {
    await p.evaluate((i) => document.getElementById(i).scrollIntoView(), id);
    await p.waitForFunction((i) => ['drawn', 'error'].includes(document.getElementById(i)?.dataset.state), id, { timeout: 60000 });
    out[id] = await p.evaluate((i) => {
      const el = document.getElementById(i);
      const root = el.shadowRoot;
      const box = root.querySelector('svg.graph')?.getBoundingClientRect();
      return {
        state: el.dataset.state,
        package: el.getAttribute('package'),
        nodes: Number(el.dataset.graphNodes),
        drawnNodes: root.querySelectorAll('svg.graph g.node[data-name]').length,
        steps: [...root.querySelectorAll('g.node[data-path-step]')]
          .map((n) => [Number(n.getAttribute('data-path-step')), n.dataset.name]).sort((a, b) => a[0] - b[0]).map((s) => s[1]),
        width: box?.width ?? 0,
        height: box?.height ?? 0,
        error: root.querySelector('.error').hidden ? null : root.querySelector('.error').textContent,
      };
    }, id);
  }
  return out;
}

/** Both figures of a docs page (the gpu one by URL, the example inline) as the CLI computes. */
function assertTwoFigures(found) {
  const byPackage = Object.fromEntries(Object.values(found).map((f) => [f.package, f]));
  assert.equal(Object.keys(found).length, 2, JSON.stringify(found));
  const gpu = byPackage[PKG];
  const ex = byPackage[EX];
  for (const f of [gpu, ex]) {
    assert.equal(f.state, 'drawn', JSON.stringify(f));
    assert.equal(f.drawnNodes, f.nodes);
    assert.ok(f.width > 300 && f.height > 100, JSON.stringify(f));
  }
  assert.equal(gpu.nodes, channelNodes(GPU, PKG, 'stable'));
  assert.equal(ex.nodes, channelNodes(EXAMPLE, EX, 'stable'));
  assert.deepEqual(gpu.steps, pathSteps(GPU, PKG, 'stable', FROM));
  assert.deepEqual(ex.steps, pathSteps(EXAMPLE, EX, 'stable', EX_FROM));
}

/** With scripts off: the inline figure shows its static SVG (the one `render -f svg` wrote). */
async function assertFallback(path, name) {
  const p = await open(path, { javaScriptEnabled: false });
  const fallback = await p.evaluate(() => [...document.querySelectorAll('olm-graph')].map((el) => {
    const svg = el.querySelector(':scope > svg');
    const box = svg?.getBoundingClientRect();
    const rect = svg?.querySelector('g.node[data-name] rect');
    // Styled by its own (scoped) stylesheet: white boxes, not the default black fill.
    const fill = rect ? getComputedStyle(rect).fill : null;
    return { package: el.getAttribute('package'), nodes: svg?.querySelectorAll('g.node[data-name]').length ?? 0, width: box?.width ?? 0, height: box?.height ?? 0, fill };
  }));
  const ex = fallback.find((f) => f.package === EX);
  assert.ok(ex.nodes === channelNodes(EXAMPLE, EX, 'stable') && ex.width > 100 && ex.height > 50, JSON.stringify(fallback));
  assert.equal(ex.fill, 'rgb(255, 255, 255)', JSON.stringify(fallback));
  await shot(p, `${name}-nojs`);
  await p.context().close();
}

test('npm pack makes a tarball of at most 400 KB with the workspace version, its exports resolve, and it draws from node_modules', async () => {
  const { size, version, name, files } = ctx.tarball;
  console.log(`npm tarball ${ctx.tarball.filename}: ${size} bytes (gzipped), unpacked ${ctx.tarball.unpackedSize}`);
  assert.ok(size <= BUDGET && statSync(ctx.tarball.path).size === size, `${size} bytes`);
  assert.equal(name, 'olm-graph-element');
  assert.equal(version, workspaceVersion());
  assert.deepEqual(files.map((f) => f.path).sort(), ['README.md', 'olm-graph-react.d.ts', 'olm-graph-react.js', 'olm-graph-style.js', 'olm-graph.css',
    'olm-graph.d.ts', 'olm-graph.js', 'olm_graph_embed.js', 'olm_graph_embed_bg.wasm', 'package.json']);
  // Node resolves the package's exports from the folder it was installed into.
  const fromSite = createRequire(join(ctx.site, 'index.js'));
  for (const spec of ['olm-graph-element', 'olm-graph-element/react', 'olm-graph-element/olm-graph.css', 'olm-graph-element/olm_graph_embed_bg.wasm']) {
    assert.ok(existsSync(fromSite.resolve(spec)), spec);
  }
  const types = readFileSync(join(ctx.site, PACKAGE, 'olm-graph.d.ts'), 'utf8');
  assert.match(types, /interface HTMLElementTagNameMap \{\s*'olm-graph': OlmGraph;/);

  const p = await open('npm.html');
  const { gpu } = await figures(p);
  assert.equal(gpu.state, 'drawn', JSON.stringify(gpu));
  assert.equal(gpu.nodes, channelNodes(GPU, PKG, 'stable'));
  assert.equal(gpu.drawnNodes, gpu.nodes);
  assert.deepEqual(gpu.steps, pathSteps(GPU, PKG, 'stable', FROM));
  assert.ok(gpu.width > 300, JSON.stringify(gpu));
  assert.equal(await p.evaluate(() => window.sameClass), true, 'the bare specifier imports the defined class');
  await shot(p, 'embed-npm');
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('a Hugo site built with the shortcode draws both figures with the path painted, fetches each file once beside the hints it writes, and shows the static SVG without scripts', async () => {
  const html = readFileSync(join(ctx.site, 'hugo/demo/index.html'), 'utf8');
  assert.equal(html.match(/<script type="module" src="\/hugo\/embed\/olm-graph\.js"><\/script>/g)?.length, 1, 'one module script per page');
  const p = await open('hugo/demo/');
  assertTwoFigures(await figures(p));
  assertHints(p, html, '../catalogs/gpu.yaml');
  await shot(p, 'embed-hugo');
  assert.deepEqual(p.errors, []);
  await p.context().close();
  await assertFallback('hugo/demo/', 'embed-hugo');
});

test('an AsciiDoc page converted with the block extension draws both figures with the path painted, fetches each file once beside the hints it writes, and shows the static SVG without scripts', async () => {
  const html = readFileSync(join(ctx.site, 'adoc/index.html'), 'utf8');
  assert.equal(html.match(/<script type="module" src="[^"]*olm-graph\.js"><\/script>/g)?.length, 1, 'one module script per page');
  const p = await open('adoc/');
  assertTwoFigures(await figures(p));
  assertHints(p, html, null);
  await shot(p, 'embed-asciidoc');
  assert.deepEqual(p.errors, []);
  await p.context().close();
  await assertFallback('adoc/', 'embed-asciidoc');
});

test('the React wrapper, rendered to HTML, draws both figures with the path painted, and shows the static SVG without scripts', async () => {
  const p = await open('react/');
  assertTwoFigures(await figures(p));
  await shot(p, 'embed-react');
  assert.deepEqual(p.errors, []);
  await p.context().close();
  await assertFallback('react/', 'embed-react');
});

test('an AsciiDoc page with no fallback= holds the still figures the extension drew with the wasm, which show without scripts; fallback= still wins', async () => {
  const html = readFileSync(join(ctx.site, 'adoc-drawn/index.html'), 'utf8');
  console.log(`AsciiDoc page with two figures drawn in Node (the gpu catalog, ${statSync(GPU).size} bytes, inline): ${ctx.adocMs.toFixed(0)} ms, `
    + `${ctx.adocGivenMs.toFixed(0)} ms with fallback= files instead: the two drawings ${(ctx.adocMs - ctx.adocGivenMs).toFixed(0)} ms `
    + `(${ctx.adocCpuMs.toFixed(0)} ms of CPU), the wasm's first load included`);
  // Each <olm-graph> holds an <svg> first (before the inline catalog's <script>).
  const elements = [...html.matchAll(/<olm-graph ([^>]*)>\s*(<svg[\s\S]*?<\/svg>)/g)];
  assert.equal(elements.length, 2, html.slice(0, 2000));
  const names = (svg, cls = '') => [...svg.matchAll(/<g class="(node[^"]*)" data-name="([^"]+)"/g)].filter((m) => m[1].includes(cls)).map((m) => m[2]);
  const [gpu, ex] = elements.map((m) => ({ attrs: m[1], svg: m[2], nodes: names(m[2]) }));
  assert.match(gpu.attrs, /package="gpu-operator-certified"/);
  assert.equal(gpu.nodes.length, channelNodes(GPU, PKG, 'stable'));
  assert.equal(ex.nodes.length, channelNodes(EXAMPLE, EX, 'stable'));
  // The still picture carries the path, and styles nothing outside its element.
  assert.deepEqual(names(gpu.svg, 'on-path').sort(), pathSteps(GPU, PKG, 'stable', FROM).sort());
  assert.deepEqual(names(ex.svg, 'on-path').sort(), pathSteps(EXAMPLE, EX, 'stable', EX_FROM).sort());
  for (const f of [gpu, ex]) assert.match(f.svg, /<style>olm-graph>svg\{/);
  assert.ok(!/<svg[^>]*data-from="the-file"/.test(html));
  // fallback= wins: the file's SVG, and no other.
  assert.equal(ctx.adocWon.match(/<svg/g)?.length, 1, ctx.adocWon);
  assert.match(ctx.adocWon, /<olm-graph [^>]*>\s*<svg xmlns="http:\/\/www.w3.org\/2000\/svg" data-from="the-file"><\/svg>/);

  const p = await open('adoc-drawn/');
  assertTwoFigures(await figures(p));
  assert.deepEqual(p.errors, []);
  await p.context().close();
  // Without scripts: both still figures show, styled by their scoped stylesheets.
  const q = await open('adoc-drawn/', { javaScriptEnabled: false });
  const still = await q.evaluate(() => [...document.querySelectorAll('olm-graph')].map((el) => {
    const svg = el.querySelector(':scope > svg');
    const box = svg?.getBoundingClientRect();
    const rect = svg?.querySelector('g.node[data-name] rect');
    return { nodes: svg?.querySelectorAll('g.node[data-name]').length ?? 0, width: box?.width ?? 0, height: box?.height ?? 0, fill: rect ? getComputedStyle(rect).fill : null };
  }));
  assert.equal(still.length, 2);
  for (const f of still) assert.ok(f.nodes > 0 && f.width > 100 && f.height > 50 && f.fill === 'rgb(255, 255, 255)', JSON.stringify(still));
  await shot(q, 'embed-asciidoc-drawn-nojs');
  await q.context().close();
});
