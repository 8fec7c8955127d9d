// axe-core for the end-to-end tests (npm axe-core, pinned in package.json):
// its source to put into a page, the rule sets we hold the pages to, and
// the function that runs it there (the same in every engine).

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** axe.min.js, to inject into a page. */
export const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Runs in the page, axe loaded: resolves to the violations, each as
 * { rule, impact, help, nodes: ["target: why", ...] } (shadow DOM targets
 * joined with ">>>").
 */
export async function runAxe(tags) {
  const result = await window.axe.run(document, {
    runOnly: { type: 'tag', values: tags },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => {
      const target = n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : t)).join(' ');
      return `${target}: ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`;
    }),
  }));
}
