// End-to-end tests of the split-catalog notice: one file of a split catalog opened alone
// (channels without bundle objects) gets a notice with the count of its entries without bundles, its
// simulated path follows the channel by name with every hop marked data-missing-bundle, and
// opening the folder from the notice replaces it with the whole catalog (no notice, same path,
// no marking). For a URL, the notice fetches the files the server lists beside it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, open, finish, shot, upload, waitGraph, baseUrl, CATALOGS, inspector } from './harness.mjs';

const SPLIT = join(CATALOGS, 'lightspeed-operator/v4.17-split');
const INDEX = join(SPLIT, 'index.yaml');
const PKG = 'lightspeed-operator';
const FROM = 'lightspeed-operator.v1.0.8';

app();

/** The entry names of each channel of a channel file (read here, independently of the app). */
function channelEntries(text) {
  const channels = new Map();
  for (const doc of text.split(/^---$/m)) {
    if (!/^schema: olm\.channel$/m.test(doc)) continue;
    const name = /^name: (\S+)$/m.exec(doc)[1];
    channels.set(name, [...doc.matchAll(/^\s*- name: (\S+)$/gm)].map((m) => m[1]));
  }
  return channels;
}

async function simulate(page, installed) {
  await inspector(page, 'simulate');
  if (!(await page.isChecked('[data-testid=instant]'))) await page.check('[data-testid=instant]');
  await page.selectOption('[data-testid=resolver-select]', 'v0');
  await page.fill('[data-testid=installed-picker]', installed);
  await page.dispatchEvent('[data-testid=installed-picker]', 'change');
  await page.waitForSelector('[data-testid=path-outcome], [data-testid=path-error]');
  await page.waitForTimeout(100); // the graph is painted on the next animation frame
}

/** The painted path in step order, each node with its missing-bundle marking. */
function painted(page) {
  return page.evaluate(() => [...document.querySelectorAll('svg.graph g.node[data-path-step]')]
    .map((n) => [Number(n.dataset.pathStep), n.dataset.bundle, n.dataset.missingBundle === 'true'])
    .sort((a, b) => a[0] - b[0]));
}

test('one file of a split catalog: notice with the count, path marked, the folder clears both', async () => {
  // Every entry of the stable channel replaces the one before it: the path is the channel.
  const channels = channelEntries(readFileSync(INDEX, 'utf8'));
  const chain = channels.get('stable');
  assert.equal(chain[0], FROM);
  const count = new Set([...channels.values()].flat()).size;

  const page = await open();
  await upload(page, INDEX, PKG);
  const notice = page.locator('[data-testid=split-notice]');
  await notice.waitFor();
  assert.equal(Number(await notice.getAttribute('data-entries-without-bundles')), count);
  assert.match(await notice.textContent(), new RegExp(`${count} channel entries have no olm\\.bundle`));
  assert.match(await notice.textContent(), /Open the folder that holds index\.yaml/);

  await simulate(page, FROM);
  const before = await painted(page);
  assert.deepEqual(before.map((p) => p[1]), chain, 'the whole chain v1.0.8 → v1.1.3');
  assert.deepEqual(before.slice(1).map((p) => p[2]), before.slice(1).map(() => true), 'every hop is into a missing bundle');
  await shot(page, 'split-catalog-alone');

  await page.setInputFiles('[data-testid=split-folder-input]', SPLIT);
  await page.waitForSelector('[data-testid=split-notice]', { state: 'detached', timeout: 60000 });
  await waitGraph(page, PKG, 'stable');
  await simulate(page, FROM);
  const after = await painted(page);
  assert.deepEqual(after.map((p) => p[1]), before.map((p) => p[1]), 'the same path');
  assert.deepEqual(after.map((p) => p[2]), after.map(() => false), 'no marking');
  await shot(page, 'split-catalog-folder');
  await finish(page);
});

test('from a URL, the notice fetches the files the server lists beside it', async () => {
  const files = readdirSync(SPLIT).filter((f) => f.endsWith('.yaml'));
  const listing = `<html><body><ul>${files.map((f) => `<li><a href="${f}">${f}</a></li>`).join('')}<li><a href="../">up</a></li></ul></body></html>`;
  const page = await open('', {
    setup: (context) => context.route('**/split/**', (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop();
      if (name === '') return route.fulfill({ contentType: 'text/html', body: listing });
      if (!files.includes(name)) return route.fulfill({ status: 404, body: '' });
      return route.fulfill({ contentType: 'application/yaml', body: readFileSync(join(SPLIT, name), 'utf8') });
    }),
  });
  await page.fill('[data-testid=catalog-url-input]', `${baseUrl()}split/index.yaml`);
  await page.click('[data-testid=catalog-url-load]');
  await waitGraph(page, PKG);
  await page.click('[data-testid=split-notice] [data-testid=split-fetch-folder]');
  await page.waitForSelector('[data-testid=split-notice]', { state: 'detached', timeout: 60000 });
  await waitGraph(page, PKG, 'stable');
  assert.match(await page.textContent('[data-testid=catalog-label]'), new RegExp(`${files.length} files from`));
  await finish(page);
});
