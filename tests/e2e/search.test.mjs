// End-to-end test of the graph toolbar's search box on project-quay: typing a bundle's version
// (or name) and pressing Enter selects the bundle and centres it, even when it was out of view;
// Enter again goes to the next match; the box is reachable with the keyboard and named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { app, open, finish, upload, CATALOGS } from './harness.mjs';

const QUAY = join(CATALOGS, 'community-operators-prod/v4.21/project-quay.yaml');

app();

/** Where a node is, relative to the graph's box: its centre's offset from the box's centre. */
function place(page, name) {
  return page.evaluate((n) => {
    const svg = document.querySelector('svg.graph').getBoundingClientRect();
    const node = document.querySelector(`svg.graph g.node[data-bundle="${n}"]`);
    const r = node.getBoundingClientRect();
    return {
      dx: r.x + r.width / 2 - (svg.x + svg.width / 2),
      dy: r.y + r.height / 2 - (svg.y + svg.height / 2),
      inside: r.right > svg.left && r.left < svg.right && r.bottom > svg.top && r.top < svg.bottom,
      selected: node.getAttribute('aria-pressed') === 'true',
    };
  }, name);
}

test('the search box jumps to a bundle by version or name, selects it and centres it', async () => {
  const page = await open();
  await upload(page, QUAY, 'project-quay');
  for (let i = 0; i < 6; i++) await page.click('[aria-label="Zoom in"]');
  await page.waitForTimeout(100);
  // The channel fits the panel, so zoomed in the bundle box farthest from the centre is out of
  // view (bundles collapsed into a group have no box of their own and are left out).
  const names = await page.$$eval('svg.graph g.node[data-bundle]', (ns) => ns.map((n) => n.dataset.bundle));
  const boxed = await page.$$eval('svg.graph g.node[data-bundle]:not(.member)', (ns) => ns.map((n) => n.dataset.bundle));
  const places = await Promise.all(boxed.map((n) => place(page, n)));
  const far = boxed[places.reduce((best, p, i) => (Math.hypot(p.dx, p.dy) > Math.hypot(places[best].dx, places[best].dy) ? i : best), 0)];
  assert.equal((await place(page, far)).inside, false, `${far} starts out of view`);
  const version = /\.v(\d+\.\d+\.\d+[^\s]*)$/.exec(far)?.[1];
  assert.ok(version, far);

  // Keyboard: the box is in the tab order of the graph toolbar and has an accessible name.
  const box = page.getByRole('searchbox', { name: 'Find a bundle by name or version' });
  await box.focus();
  await page.keyboard.type(version);
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => document.querySelector(`svg.graph g.node[data-bundle="${n}"]`)?.getAttribute('aria-pressed') === 'true', far);
  await page.waitForTimeout(100);
  const after = await place(page, far);
  assert.ok(after.inside && Math.abs(after.dx) < 40 && Math.abs(after.dy) < 40, JSON.stringify(after));
  assert.match(await page.textContent('[data-testid=bundle-search-status]'), new RegExp(`^${far.replace(/\./g, '\\.')} \\(1 of \\d+\\)$`));

  // By part of a name; Enter again goes to the next match.
  const count = names.filter((n) => n.includes('quay-operator')).length;
  assert.ok(count > 2);
  await box.fill('quay-operator');
  await page.keyboard.press('Enter');
  const first = await page.textContent('[data-testid=bundle-search-status]');
  await page.keyboard.press('Enter');
  const second = await page.textContent('[data-testid=bundle-search-status]');
  assert.match(first, new RegExp(`\\(1 of ${count}\\)$`));
  assert.match(second, new RegExp(`\\(2 of ${count}\\)$`));

  await box.fill('no-such-bundle');
  await page.keyboard.press('Enter');
  assert.equal(await page.textContent('[data-testid=bundle-search-status]'), 'no bundle matches');
  await finish(page);
});
