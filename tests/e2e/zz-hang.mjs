import { launchBrowser, startStaticServer } from './browser.mjs';
import { chain } from './first-draw.mjs';
import { writeFileSync, cpSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path'; import { tmpdir } from 'node:os';
const dir = mkdtempSync(join(tmpdir(), 'zz-')); cpSync(process.env.OLM_DIST || '../../dist', dir, { recursive: true });
const file = join(dir, 'chain.yaml'); writeFileSync(file, chain(20000));
const server = await startStaticServer(dir);
const browser = await launchBrowser();
for (let round = 0; round < (Number(process.env.ROUNDS)||4); round++) {
const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto(server.url);
await page.waitForSelector('svg.graph [data-bundle]', { timeout: 60000 });
await page.setInputFiles('[data-testid=catalog-file-input]', file);
await page.waitForSelector('svg.graph [data-bundle^="big."]', { timeout: 60000 });
await page.waitForTimeout(500);
const box = await page.locator('svg.graph').boundingBox();
const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
await page.mouse.move(x, y); await page.mouse.down();
for (let i = 1; i <= 60; i++) await page.mouse.move(x + i * 12, y, { steps: 1 });
await page.mouse.up();
const name = 'big.v0.0.19999';
await page.fill('[data-testid=bundle-search]', name);
await browser.startTracing(page, { path: `/tmp/hang${round}.json`, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler'] });
const t = Date.now();
try { await page.press('[data-testid=bundle-search]', 'Enter', { timeout: 20000 }); console.log(round, 'pressed', Date.now() - t); }
catch (e) { console.log(round, 'HANG', Date.now() - t); }
await browser.stopTracing();
await page.context().close();
}
await browser.close(); process.exit(0);
