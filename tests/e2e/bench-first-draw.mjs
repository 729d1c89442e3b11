// The first-draw benchmark (issue 45; see first-draw.mjs), run by scripts/bench-web.sh:
//   node tests/e2e/bench-first-draw.mjs [--runs N]
// Prints the table and writes test-output/first-draw.json.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { CATALOGS, CLI, DIST, OUT } from './harness.mjs';
import { measure, shippedSizes, table } from './first-draw.mjs';

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
for (const p of [join(DIST, 'index.html'), join(DIST, 'embed/olm-graph.js'), CLI]) {
  if (!existsSync(p)) {
    console.error(`bench-first-draw: missing ${p} (scripts/build-web-release.sh, cargo build -p olm-graph-cli)`);
    process.exit(1);
  }
}
const load = loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(`bench-first-draw: ${runs} loads of each case, alternating, cold cache; load average ${load}`);
const result = await measure({ dist: DIST, catalogs: CATALOGS, cli: CLI, runs, log: console.log });
result.loadBefore = load;
result.loadAfter = loadavg().map((l) => l.toFixed(1)).join(' ');
result.shipped = shippedSizes(DIST);
console.log(`\n${table(result)}\n\nload average after: ${result.loadAfter}`);
console.log('\nevery wasm and JS file in dist/ (gzip -9 bytes):');
for (const [f, b] of Object.entries(result.shipped).sort()) console.log(`  ${f.padEnd(48)} ${String(b).padStart(9)}`);
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'first-draw.json'), `${JSON.stringify({ date: new Date().toISOString(), ...result }, null, 2)}\n`);
