// What ships, gzipped (gzip -9), against issue 45's budgets (tests/e2e/first-draw.mjs): the
// element within its budget, the app's and the parsing worker's wasm within their budgets + 25%
// (the margin; docs/performance.md, "First draw", says where each stands), and the tools
// worker's (not loaded at first draw: a budget of our own, 700 KiB, the same margin). The time budgets
// are measured by first-draw-budgets.mjs, which runs alone in the test command.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DIST } from './harness.mjs';
import { BUDGET, KB, SLACK, shippedSizes, shippedTotals } from './first-draw.mjs';

test('the app, its workers and the element ship within issue 45\'s size budgets', () => {
  assert.ok(existsSync(join(DIST, 'index.html')), `no release build in ${DIST}`);
  const sizes = shippedSizes(DIST);
  const { app, worker, tools, element } = shippedTotals(sizes);
  console.log(`shipped, gzipped: app ${app} B, worker ${worker} B, tools worker ${tools} B, element ${element} B`);
  assert.ok(app > 0 && worker > 0 && tools > 0 && element > 0, JSON.stringify(sizes));
  assert.ok(app <= BUDGET.appKB * KB * SLACK, `the app's wasm: ${app} B gzipped`);
  assert.ok(worker <= BUDGET.workerKB * KB * SLACK, `the worker's wasm: ${worker} B gzipped`);
  assert.ok(tools <= BUDGET.toolsKB * KB * SLACK, `the tools worker's wasm: ${tools} B gzipped`);
  assert.ok(element <= BUDGET.elementKB * KB, `the element (wasm and JS): ${element} B gzipped`);
});
