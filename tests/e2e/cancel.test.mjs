// Cancelling a load: a big catalog (generated at test time) starts loading, Cancel stops it,
// the graph on screen stays, the cancelled catalog never arrives, and the next load works
// (the parsing worker was started afresh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, open, finish, waitGraph, upload, CATALOGS, OUT } from './harness.mjs';

app();

/** A `replaces` chain of `n` bundles as an FBC JSON stream. */
function chain(n) {
  const out = [JSON.stringify({ schema: 'olm.package', name: 'huge', defaultChannel: 'stable' })];
  const entries = [];
  for (let i = 0; i < n; i++) entries.push(i ? { name: `huge.v0.0.${i}`, replaces: `huge.v0.0.${i - 1}` } : { name: 'huge.v0.0.0' });
  out.push(JSON.stringify({ schema: 'olm.channel', package: 'huge', name: 'stable', entries }));
  for (let i = 0; i < n; i++) {
    out.push(JSON.stringify({ schema: 'olm.bundle', package: 'huge', name: `huge.v0.0.${i}`, image: `quay.io/example/huge:v0.0.${i}`,
      properties: [{ type: 'olm.package', value: { packageName: 'huge', version: `0.0.${i}` } }] }));
  }
  return out.join('\n') + '\n';
}

test('Cancel stops a load: the graph on screen stays and the next load works', async () => {
  const file = join(OUT, 'cancel-chain.json');
  writeFileSync(file, chain(300000));
  const page = await open();
  await waitGraph(page, 'acme-operator');
  await page.setInputFiles('[data-testid=catalog-file-input]', file);
  const cancel = page.locator('[data-testid=cancel-load]');
  await cancel.waitFor({ state: 'visible', timeout: 30000 });
  await cancel.click();
  await page.waitForFunction(() => document.querySelector('[data-testid=progress]')?.dataset.busy === 'false');
  // The cancelled catalog never arrives: the sample stays on screen.
  await page.waitForTimeout(4000);
  const shown = await page.$eval('svg.graph', (s) => s.dataset.graphPackage);
  assert.equal(shown, 'acme-operator');
  assert.equal(await page.locator('[data-package="huge"]').count(), 0, 'the cancelled catalog is not listed');
  // The next load goes through a fresh worker.
  await upload(page, join(CATALOGS, 'openshift-external-dns-operator/v4.21/external-dns-operator.yaml'), 'external-dns-operator');
  await finish(page);
});
