// axe-core for browser specs: one checker per spec, run on every screen it visits. Serious and
// critical violations are collected and fail the spec at its end (`assertClean`), so one run reports
// every screen's problems at once; minor and moderate ones are counted, not failed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a spec. */
const FAILING = new Set(['serious', 'critical']);

/** One violation in a line: where, which rule, what it asks, the first few elements. */
export const describeViolation = (label, v) =>
  `${label}: ${v.id} (${v.impact}) ${v.help} -> ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`;

/**
 * Runs axe-core on a page (or a frame), on the whole document or on the part a selector names, and
 * answers the serious and critical violations as lines.
 */
export async function axeViolations(target, { include } = {}) {
  if (!(await target.evaluate(() => 'axe' in window))) await target.addScriptTag({ content: AXE_SOURCE });
  const result = await target.evaluate(
    (context) => window.axe.run(context ?? document, { resultTypes: ['violations'] }),
    include ?? null,
  );
  return result.violations.filter((v) => FAILING.has(v.impact));
}

/**
 * A spec's checker: `check(page, label)` records what axe-core finds on the page as it is now
 * (`{ include: selector }` limits it to a part), `checked` lists the labels checked, and
 * `assertClean()` fails with every serious or critical violation found.
 */
export function createAxeChecker() {
  const violations = [];
  const checked = [];
  return {
    violations,
    checked,
    async check(target, label, options = {}) {
      for (const v of await axeViolations(target, options)) violations.push(describeViolation(label, v));
      checked.push(label);
    },
    assertClean() {
      assert.deepEqual(violations, [], `axe-core found serious or critical violations:\n${violations.join('\n')}`);
    },
  };
}
