// Builds one app of apps/ with a real bundler, through its Node API, as its user's
// `vite build` or `webpack` would (tests/e2e/bundlers.test.mjs runs it from a copy of the app
// beside the installed npm tarball):
//
//   node build.mjs vite|vite-react|webpack APP_DIR OUT_DIR BASE
//   node build.mjs vite-dev APP_DIR
//
// Prints one JSON line: { warnings: [...] } (the bundler's warnings, as text). Exits non-zero
// when the build fails. vite-dev starts Vite's dev server on 127.0.0.1 (no config, as
// `npx vite` would), prints { url } and serves until it is sent SIGTERM.
import { cpSync } from 'node:fs';
import { join, resolve } from 'node:path';

const [kind, appArg, outArg, base] = process.argv.slice(2);
const app = resolve(appArg);
const out = outArg ? resolve(outArg) : null;
const warnings = [];

async function vite(withReact) {
  const { build, createLogger } = await import('vite');
  const logger = createLogger('warn');
  const warn = logger.warn;
  logger.warn = (msg, options) => { warnings.push(msg); warn(msg, options); };
  logger.warnOnce = logger.warn;
  const plugins = [];
  if (withReact) plugins.push((await import('@vitejs/plugin-react')).default());
  await build({
    root: app,
    base,
    configFile: false,
    logLevel: 'warn',
    customLogger: logger,
    plugins,
    build: { outDir: out, emptyOutDir: true },
  });
}

async function webpack() {
  const { default: webpackFn } = await import('webpack');
  const compiler = webpackFn({
    mode: 'production',
    context: app,
    entry: './index.js',
    output: { path: out, clean: true },
    // Not minified: what is tested is how webpack finds and emits the files, and Terser would
    // take most of the build's time on a 2-core CI machine.
    optimization: { minimize: false },
    // Defaults otherwise: webpack 5 itself follows new URL(…, import.meta.url) and import().
  });
  const stats = await new Promise((ok, fail) => compiler.run((err, s) => (err ? fail(err) : ok(s))));
  await new Promise((ok) => compiler.close(ok));
  const info = stats.toJson({ all: false, errors: true, warnings: true });
  if (stats.hasErrors()) throw new Error(info.errors.map((e) => e.message).join('\n'));
  for (const w of info.warnings) warnings.push(w.message);
  cpSync(join(app, 'index.html'), join(out, 'index.html'));
}

async function viteDev() {
  const { createServer } = await import('vite');
  const server = await createServer({ root: app, configFile: false, logLevel: 'error', server: { host: '127.0.0.1', port: 0, strictPort: false } });
  await server.listen();
  console.log(JSON.stringify({ url: server.resolvedUrls.local[0] }));
  process.once('SIGTERM', () => server.close().then(() => process.exit(0)));
}

if (kind === 'vite-dev') await viteDev();
else if (kind === 'vite') await vite(false);
else if (kind === 'vite-react') await vite(true);
else if (kind === 'webpack') await webpack();
else throw new Error(`unknown bundler ${kind}`);
if (kind !== 'vite-dev') console.log(JSON.stringify({ warnings }));
