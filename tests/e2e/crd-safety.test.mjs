// End-to-end test of CRD upgrade safety in the app (issue 42), on the real nvidia-network-operator
// catalog of certified-operators v4.16: OLM v1 refuses v25.4.0 -> v25.7.0 because v25.7.0's
// nicclusterpolicies.mellanox.com drops spec.spectrumXOperator.spectrumXConfig. At 1280×800 the
// edge is marked (data-crd-safety="unsafe", inside the graph's box), the bundle's details carry
// OLM v1's message, and Simulate from v25.4.0 under OLM v1 fails that hop with no failure chosen,
// painting the fail-forward path from there. Axe is clean. Screenshot: test-output/crd-safety.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { app, open, finish, shot, upload, inspector, audit, boxInside, CATALOGS } from './harness.mjs';

const FILE = join(CATALOGS, 'certified-operators/v4.16/nvidia-network-operator.yaml');
const PKG = 'nvidia-network-operator';
const FROM = `${PKG}.v25.4.0`;
const TO = `${PKG}.v25.7.0`;

app();

test('an OLM v1 unsafe edge is marked, explained and fails by itself in Simulate', async () => {
  // bypassCSP: axe is injected as an inline script (harness.audit), as the other axe tests do.
  const page = await open('', { viewport: { width: 1280, height: 800 }, bypassCSP: true });
  await upload(page, FILE, PKG);
  const edge = page.locator(`svg.graph path.edge[data-from="${FROM}"][data-to="${TO}"]`);
  await edge.waitFor({ state: 'attached', timeout: 60000 });
  assert.equal(await edge.getAttribute('data-crd-safety'), 'unsafe');
  assert.match(await edge.getAttribute('class'), /\bcrd-unsafe\b/);
  boxInside(await edge.boundingBox(), await page.locator('svg.graph').boundingBox(), 'the unsafe edge');
  // Only that edge of the channel is refused.
  assert.equal(await page.locator('svg.graph [data-crd-safety="unsafe"]').count(), 1);
  assert.ok(await page.locator('[data-testid=legend-crd-unsafe]').isVisible(), 'a legend entry');
  assert.match(await edge.locator('title').textContent(), /CRD safety \(OLM v1\): unsafe: validating upgrade for CRD/);

  // The bundle's details: OLM v1's message, as text.
  await page.click(`svg.graph [data-bundle="${FROM}"]`);
  await inspector(page, 'details');
  const row = page.locator(`[data-field=crd-safety] li[data-from="${FROM}"][data-to="${TO}"]`);
  await row.waitFor();
  const text = await row.textContent();
  assert.match(text, /OLM v1: unsafe/);
  assert.match(text, /validating upgrade for CRD "nicclusterpolicies\.mellanox\.com"/);
  assert.match(text, /spectrumXConfig/);

  // Simulate from v25.4.0 under OLM v1, no failure chosen: the refused hop fails by itself.
  await inspector(page, 'simulate');
  if (!(await page.isChecked('[data-testid=instant]'))) await page.check('[data-testid=instant]');
  await page.selectOption('[data-testid=resolver-select]', 'v1');
  assert.equal(await page.inputValue('[data-testid=failure-kind-select]'), 'none');
  await page.fill('[data-testid=installed-picker]', FROM);
  await page.dispatchEvent('[data-testid=installed-picker]', 'change');
  await page.waitForSelector('[data-testid=path-outcome]');
  await page.waitForTimeout(100); // the graph is painted on the next animation frame
  const failure = page.locator('[data-testid=crd-failure][data-resolver=v1]');
  assert.equal(await failure.getAttribute('data-bundle'), TO);
  assert.equal(await failure.getAttribute('data-hop'), '0');
  assert.match(await failure.textContent(), /validating upgrade for CRD/);
  assert.equal(await page.getAttribute(`[data-testid=sim-path] li[data-to="${TO}"]`, 'data-failed-hop'), 'true');
  const outcome = await page.locator('[data-testid=path-outcome]').textContent();
  assert.doesNotMatch(outcome, /Up to date/);
  // Painted on the graph: the failed bundle marked, the path from v25.4.0.
  assert.ok(await page.getAttribute(`svg.graph g.node[data-bundle="${TO}"]`, 'data-failed'), 'the failed hop is painted');
  assert.equal(await page.getAttribute(`svg.graph g.node[data-bundle="${FROM}"]`, 'data-path-step'), '0');
  await shot(page, 'crd-safety');
  await audit(page, 'crd safety');
  await finish(page);
});
