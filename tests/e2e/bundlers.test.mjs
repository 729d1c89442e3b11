// The npm package as users of bundlers get it: the tarball (`npm pack` in dist/embed/),
// installed with `npm install --offline` into a work folder under tests/bundlers/, beside copies
// of the apps of tests/bundlers/apps/, each built by its real bundler (tests/bundlers/build.mjs;
// the bundlers are installed in tests/bundlers/node_modules by scripts/setup.sh):
//   - Vite, `import 'olm-graph-element'` for an <olm-graph> in the page's HTML,
//   - Vite with @vitejs/plugin-react, <OlmGraph> of olm-graph-element/react in JSX,
//   - webpack 5, both at once (as a Docusaurus site has them),
//   - and Vite's dev server over the plain app, with no config,
// each served on 127.0.0.1 and opened in Chromium, where it must draw gpu-operator-certified's
// stable channel with every request answered (no 404 for the glue, the wasm or the styles);
// also the package from a CDN-like path on another origin (a plain <script type="module">
// there), `tsc --noEmit` on a React + TypeScript page (tests/bundlers/apps/ts), and the wrapper
// and the element imported and rendered to HTML in Node (react-dom/server).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { launchBrowser, startStaticServer, stopServer } from './browser.mjs';
import { CATALOGS, DIST, OUT, ROOT, pageAt } from './harness.mjs';

const BUNDLERS = join(ROOT, 'tests/bundlers');
const GPU = join(CATALOGS, 'certified-operators/v4.22/gpu-operator-certified.yaml');
const PKG = 'gpu-operator-certified';
const FROM = 'gpu-operator-certified.v1.11.0';
const BUILDS = [
  { name: 'vite-plain', bundler: 'vite', app: 'vite-plain' },
  { name: 'vite-react', bundler: 'vite-react', app: 'vite-react' },
  { name: 'webpack', bundler: 'webpack', app: 'webpack' },
];

const ctx = { work: null, site: null, version: null, server: null, cdn: null, browser: null, built: {} };
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 26, ...opts });

before(async () => {
  for (const p of [join(DIST, 'embed/package.json'), join(BUNDLERS, 'node_modules/vite'), join(BUNDLERS, 'node_modules/webpack')]) {
    if (!existsSync(p)) throw new Error(`missing ${p} (scripts/build-embed.sh, scripts/setup.sh browser)`);
  }
  mkdirSync(OUT, { recursive: true });
  // Under tests/bundlers/ (git-ignored .work-*), so the apps find the bundlers' react there.
  ctx.work = mkdtempSync(join(BUNDLERS, '.work-'));
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', ctx.work], { cwd: join(DIST, 'embed') }));
  ctx.version = packed.version;
  writeFileSync(join(ctx.work, 'package.json'), '{ "name": "bundler-apps", "private": true, "type": "module" }\n');
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', join(ctx.work, packed.filename)], { cwd: ctx.work });
  cpSync(join(BUNDLERS, 'apps'), join(ctx.work, 'apps'), { recursive: true });
  ctx.site = join(ctx.work, 'site');
  const started = Date.now();
  for (const b of BUILDS) {
    const out = join(ctx.site, b.name);
    const t = Date.now();
    const { stdout } = await promisify(execFile)('node', [join(BUNDLERS, 'build.mjs'), b.bundler, join(ctx.work, 'apps', b.app), out, `/${b.name}/`],
      { cwd: ctx.work, encoding: 'utf8', maxBuffer: 1 << 26 });
    ctx.built[b.name] = { ...JSON.parse(stdout.trim().split('\n').pop()), ms: Date.now() - t };
    mkdirSync(join(out, 'catalogs'), { recursive: true });
    cpSync(GPU, join(out, 'catalogs/gpu.yaml'));
  }
  console.log(`bundler builds: ${Object.entries(ctx.built).map(([k, v]) => `${k} ${v.ms} ms, ${v.warnings.length} warnings`).join('; ')} (${Date.now() - started} ms in all)`);
  for (const [k, v] of Object.entries(ctx.built)) for (const w of v.warnings) console.log(`${k} warned: ${w.split('\n')[0]}`);
  // The CDN page: the module from another origin, under a versioned package path.
  mkdirSync(join(ctx.site, 'cdn/catalogs'), { recursive: true });
  cpSync(GPU, join(ctx.site, 'cdn/catalogs/gpu.yaml'));
  ctx.cdn = await startCdn(join(ctx.work, 'node_modules/olm-graph-element'), `/npm/olm-graph-element@${ctx.version}/`);
  writeFileSync(join(ctx.site, 'cdn/index.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CDN</title>
<script type="module" src="${ctx.cdn.url}olm-graph.js"></script></head><body><main><h1>From a package CDN</h1>
<olm-graph id="gpu" src="catalogs/gpu.yaml" package="${PKG}" channel="stable" installed="${FROM}"></olm-graph>
</main></body></html>`);
  ctx.server = await startStaticServer(ctx.site);
  ctx.browser = await launchBrowser();
});

after(async () => {
  await ctx.browser?.close();
  await stopServer(ctx.server);
  await new Promise((ok) => (ctx.cdn ? ctx.cdn.server.close(ok) : ok()));
  if (ctx.work) rmSync(ctx.work, { recursive: true, force: true });
});

const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json' };

/** A package CDN's behaviour, in small: the package's files under `prefix`, on another origin
 *  (a port of its own), with `Access-Control-Allow-Origin: *`; anything else is a 404. */
function startCdn(dir, prefix) {
  const requests = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    requests.push(path);
    const file = path.startsWith(prefix) ? normalize(join(dir, path.slice(prefix.length))) : null;
    if (!file || !file.startsWith(dir) || !existsSync(file)) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'access-control-allow-origin': '*' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ server, requests, url: `http://127.0.0.1:${server.address().port}${prefix}` })));
}

/** Opens `path`; every request but favicon.ico must succeed. */
function open(path) {
  const listen = (p) => {
    p.requests = [];
    p.on('request', (r) => p.requests.push(r.url()));
    p.on('requestfailed', (r) => p.errors.push(`${r.url()}: ${r.failure()?.errorText}`));
    p.on('response', (r) => { if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) p.errors.push(`${r.url()}: HTTP ${r.status()}`); });
    // (A failed load is also a console error: the response above names it, favicon.ico aside.)
    p.on('console', (m) => { if (m.type() === 'error' && !/^Failed to load resource/.test(m.text())) p.errors.push(`console: ${m.text()}`); });
  };
  return pageAt(ctx.browser, ctx.server.url + path, { listen });
}

/** Waits for the <olm-graph id=…> to draw; its facts, from its shadow root. */
async function figure(p, id) {
  await p.waitForSelector(`olm-graph#${id}`, { state: 'attached', timeout: 30000 });
  await p.evaluate((i) => document.getElementById(i).scrollIntoView(), id);
  await p.waitForFunction((i) => ['drawn', 'error'].includes(document.getElementById(i)?.dataset.state), id, { timeout: 60000 });
  return p.evaluate((i) => {
    const el = document.getElementById(i);
    const svg = el.shadowRoot.querySelector('svg.graph');
    const nodes = [...(svg?.querySelectorAll('g.node[data-name]') ?? [])].map((n) => n.dataset.name);
    const box = svg?.getBoundingClientRect();
    // The stylesheet is adopted (its rule for the box draws a border): proof the styles loaded.
    const styled = el.shadowRoot.adoptedStyleSheets.length === 1 && el.shadowRoot.adoptedStyleSheets[0].cssRules.length > 10;
    return {
      state: el.dataset.state, count: Number(el.dataset.graphNodes), nodes, styled,
      steps: el.shadowRoot.querySelectorAll('g.node[data-path-step]').length,
      width: box?.width ?? 0,
      error: el.shadowRoot.querySelector('.error').hidden ? null : el.shadowRoot.querySelector('.error').textContent,
    };
  }, id);
}

/** The gpu-operator-certified stable channel: drawn, every node in the SVG, styled, the
 *  bundles of the catalog among the nodes. */
function assertGpu(f, { path = true } = {}) {
  assert.equal(f.state, 'drawn', JSON.stringify(f));
  assert.equal(f.error, null);
  assert.ok(f.count >= 10 && f.nodes.length === f.count, JSON.stringify(f));
  assert.ok(f.nodes.includes(FROM) && f.nodes.includes('gpu-operator-certified.v25.3.0'), JSON.stringify(f.nodes));
  assert.ok(f.styled, 'the stylesheet is adopted');
  assert.ok(f.width > 300, JSON.stringify(f));
  if (path) assert.ok(f.steps >= 2, `the path from ${FROM} is painted: ${JSON.stringify(f)}`);
}

/** The files a build made: the wasm and the glue copied in under the bundler's names. */
function emitted(name) {
  const files = [];
  const walk = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) (e.isDirectory() ? walk(join(d, e.name)) : files.push(join(d, e.name).slice(ctx.site.length + 1))); };
  walk(join(ctx.site, name));
  return files;
}

for (const b of BUILDS) {
  test(`${b.name}: the app built from the packed tarball draws the stable channel in Chromium, no 404`, async () => {
    const built = ctx.built[b.name];
    // webpack's only warnings are its size hints (the wasm is over its 244 KiB advice).
    const warnings = built.warnings.filter((w) => !/exceed(s)? the (recommended size limit|recommended limit)|performance/i.test(w));
    assert.deepEqual(warnings, [], `${b.name} warned`);
    const files = emitted(b.name);
    assert.equal(files.filter((f) => f.endsWith('.wasm')).length, 1, `one wasm in the build: ${files}`);
    const p = await open(`${b.name}/`);
    assertGpu(await figure(p, 'gpu'), { path: true });
    if (b.name === 'webpack') {
      assertGpu(await figure(p, 'gpu-react'), { path: false });
      assert.ok(await p.waitForFunction(() => window.reactDrawn > 0, null, { timeout: 10000 }), 'onDrawn was called');
    }
    if (b.name === 'vite-react') {
      await p.waitForFunction(() => /^\d+ nodes$/.test(document.getElementById('drawn').textContent), null, { timeout: 10000 });
    } else {
      assert.equal(await p.evaluate(() => window.sameClass), true, 'the import is the defined class');
    }
    // Every file came from the build's own folder (none from the package's folder or elsewhere).
    assert.ok(p.requests.every((u) => u.startsWith(`${ctx.server.url}${b.name}/`)), JSON.stringify(p.requests));
    assert.ok(p.requests.some((u) => u.endsWith('.wasm')), 'the wasm was requested');
    await p.screenshot({ path: join(OUT, `bundler-${b.name}.png`), fullPage: true });
    assert.deepEqual(p.errors, []);
    await p.context().close();
  });
}

test('Vite\'s dev server, with no config, serves the app that draws (no 404)', async () => {
  const app = join(ctx.work, 'apps/vite-plain');
  mkdirSync(join(app, 'public/catalogs'), { recursive: true });
  cpSync(GPU, join(app, 'public/catalogs/gpu.yaml'));
  const dev = spawn('node', [join(BUNDLERS, 'build.mjs'), 'vite-dev', app], { cwd: ctx.work, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise((ok, fail) => {
      let text = '';
      dev.stdout.on('data', (d) => { text += d; if (text.includes('\n')) ok(JSON.parse(text.split('\n')[0]).url); });
      dev.once('exit', (code) => fail(new Error(`vite dev exited (${code})`)));
    });
    const listen = (p) => {
      p.on('requestfailed', (r) => p.errors.push(`${r.url()}: ${r.failure()?.errorText}`));
      p.on('response', (r) => { if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) p.errors.push(`${r.url()}: HTTP ${r.status()}`); });
    };
    const p = await pageAt(ctx.browser, url, { listen });
    assertGpu(await figure(p, 'gpu'));
    assert.deepEqual(p.errors, []);
    await p.context().close();
  } finally {
    dev.kill('SIGTERM');
  }
});

test('a plain <script type="module"> from a package CDN path on another origin draws', async () => {
  const p = await open('cdn/');
  assertGpu(await figure(p, 'gpu'));
  const prefix = `/npm/olm-graph-element@${ctx.version}/`;
  for (const f of ['olm-graph.js', 'olm-graph-style.js', 'olm_graph_embed.js', 'olm_graph_embed_bg.wasm']) {
    assert.ok(ctx.cdn.requests.includes(prefix + f), `${f} from the CDN path: ${ctx.cdn.requests}`);
  }
  assert.deepEqual(p.errors, []);
  await p.context().close();
});

test('tsc --noEmit passes on a React + TypeScript page using <OlmGraph> and <olm-graph>', () => {
  const tsc = join(BUNDLERS, 'node_modules/typescript/bin/tsc');
  const dir = join(ctx.work, 'apps/ts');
  let out = '';
  try {
    out = run('node', [tsc, '--noEmit', '-p', join(dir, 'tsconfig.json')], { cwd: dir });
  } catch (e) {
    assert.fail(`tsc failed:\n${e.stdout}${e.stderr}`);
  }
  // The check can fail: the page's @ts-expect-error lines (a missing package, resolver="v2", an
  // unknown field of the event's detail) would be errors themselves if the types let them pass.
  assert.equal(out.trim(), '');
});

test('on a server: the element module and the React wrapper import, and renderToString of <OlmGraph> does not throw', () => {
  // A fresh Node, in the work folder (react from tests/bundlers, the package from the tarball).
  const script = `
    import { createElement } from 'react';
    import { renderToString } from 'react-dom/server';
    import * as element from 'olm-graph-element';
    import { OlmGraph } from 'olm-graph-element/react';
    const html = renderToString(createElement(OlmGraph, { src: 'catalogs/gpu.yaml', package: '${PKG}', channel: 'stable', catalog: 'schema: olm.package\\nname: x', fallback: '<svg></svg>' }));
    console.log(JSON.stringify({ html, element: typeof element.OlmGraph, window: typeof window, customElements: typeof customElements }));`;
  const out = JSON.parse(run('node', ['--input-type=module', '-e', script], { cwd: ctx.work }).trim());
  assert.equal(out.element, 'function');
  assert.equal(out.window, 'undefined');
  assert.equal(out.customElements, 'undefined');
  assert.match(out.html, /^<olm-graph role="figure" src="catalogs\/gpu.yaml" package="gpu-operator-certified" channel="stable"><svg><\/svg><script type="application\/yaml">\nschema: olm.package\nname: x\n<\/script><\/olm-graph>$/);
});
