/** axe-core's source and the in-page run of it, shared by every engine's driver. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Evaluated rather than injected as a script tag, so the site's CSP need not be loosened for a test. */
export const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe-core violation, shortened for a readable assertion message. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  targets: string[];
}

/** Runs axe-core in the page, once axeSource is evaluated there: WCAG 2.x A and AA plus best practices. */
export async function runAxe(): Promise<AxeViolation[]> {
  interface AxeResults {
    violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
  }
  const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
  const results = await axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  });
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}
