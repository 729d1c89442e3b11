// Proves the browser stack works here: Debian Chromium + playwright-core +
// python's http.server on loopback. Run: cd tests/e2e && node --test
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, startStaticServer, stopServer } from './browser.mjs';

test('headless chromium loads a page served on 127.0.0.1', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'olm-e2e-smoke-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>olm-graph smoke</title></head>' +
      '<body><h1 id="hello">hello from loopback</h1></body></html>',
  );

  const server = await startStaticServer(dir);
  let browser;
  try {
    browser = await launchBrowser();
    const page = await browser.newPage();
    const response = await page.goto(server.url + 'index.html');
    assert.equal(response.status(), 200);
    assert.equal(await page.title(), 'olm-graph smoke');
    assert.equal(await page.textContent('#hello'), 'hello from loopback');
  } finally {
    await browser?.close();
    await stopServer(server);
  }
});
