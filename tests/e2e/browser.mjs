// Shared helpers for the end-to-end tests: Debian's Chromium driven by
// playwright-core (never a downloaded browser) and a loopback static server.
import { spawn } from 'node:child_process';
import net from 'node:net';
import http from 'node:http';
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// As root, without a sandbox; the rest keep Chromium off the (closed) network.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launch headless Debian Chromium. Playwright already gives it a fresh profile
 *  (it rejects a --user-data-dir argument). */
export async function launchBrowser(options = {}) {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    ...options,
    args: [...CHROMIUM_ARGS, ...(options.args || [])],
  });
}

const HOST = '127.0.0.1';
let current = null; // the server started last, for stopServer() with no argument

/** A free TCP port on the loopback address. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function portAnswers(port) {
  return new Promise((resolve) => {
    const sock = net.connect({ host: HOST, port });
    sock.setTimeout(500);
    sock.once('connect', () => { sock.destroy(); resolve(true); });
    sock.once('timeout', () => { sock.destroy(); resolve(false); });
    sock.once('error', () => resolve(false));
  });
}

function httpGetOk(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode !== undefined && res.statusCode < 500);
    });
    req.on('timeout', () => { req.destroy(); resolve(false); });
    req.on('error', () => resolve(false));
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Serve `dir` with `python3 -m http.server PORT --bind 127.0.0.1` and wait until
 * it answers (bounded: `retries` tries, `intervalMs` apart). With no port, a
 * free one is picked. Returns { url, port, process } (url ends with '/').
 */
export async function startStaticServer(dir, port, { retries = 100, intervalMs = 100 } = {}) {
  if (port === undefined || port === null || port === 0) port = await freePort();
  // Refuse a busy port, or we would wait on somebody else's server.
  if (await portAnswers(port)) throw new Error(`port ${port} on ${HOST} is already in use`);

  const child = spawn('python3', ['-m', 'http.server', String(port), '--bind', HOST], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-4000); });
  let exited = null;
  const exitPromise = new Promise((resolve) => child.once('exit', (code, signal) => {
    exited = { code, signal };
    resolve(exited);
  }));
  let spawnError = null;
  child.once('error', (e) => { spawnError = e; });

  const server = { url: `http://${HOST}:${port}/`, port, process: child, exitPromise };
  for (let i = 0; i < retries; i++) {
    if (spawnError) throw spawnError;
    if (exited) {
      throw new Error(`http.server exited (${exited.code ?? exited.signal}) before answering:\n${stderr}`);
    }
    if (await httpGetOk(server.url)) {
      current = server;
      return server;
    }
    await sleep(intervalMs);
  }
  await stopServer(server);
  throw new Error(`http.server on port ${port} did not answer after ${retries} tries:\n${stderr}`);
}

/** Stop a server from startStaticServer (by default the last one) by its PID. */
export async function stopServer(server = current) {
  if (!server) return;
  if (server === current) current = null;
  const child = server.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await server.exitPromise;
  clearTimeout(timer);
}

// Never leave a server behind if a test run dies.
process.once('exit', () => {
  if (current && current.process.exitCode === null) current.process.kill('SIGKILL');
});
