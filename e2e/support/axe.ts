import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** WCAG 2.1 A and AA, with axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the page as it is and fails on any serious or critical violation (colour contrast included),
 * naming the rule, the element and what axe says about it.
 *
 * axe-core runs in the page itself, injected once per document. @axe-core/playwright's AxeBuilder opened a new page
 * for every analysis to merge the results of frames, about 1 s each against 70 ms here, and the accessibility walk
 * makes thirty. The window has no frames, and this checks that it still has none, so a frame added later is not
 * silently left out.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect(page.frames(), `axe on "${screen}": the page has frames, which this check does not look into`).toHaveLength(1);
  // The screen at rest: a card dimmed while its answer is on its way (aria-busy) is a moment between two screens, and
  // its dimmed buttons would be judged instead of the next card's.
  await expect(page.locator('[aria-busy="true"]'), `axe on "${screen}": the page is still busy`).toHaveCount(0);
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
  // Only the violations are wanted; the passes would be serialised out of the page for nothing.
  const options: RunOptions = { runOnly: { type: 'tag', values: TAGS }, resultTypes: ['violations'] };
  const violations = await page.evaluate(
    async (options) => {
      // The page's globals; this file is type-checked as Node code, without the DOM's types.
      const page = globalThis as unknown as { document: unknown; axe: { run(context: unknown, options: RunOptions): Promise<AxeResults> } };
      return (await page.axe.run(page.document, options)).violations;
    },
    options,
  );
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const report = serious.flatMap((violation) =>
    violation.nodes.slice(0, 5).map((node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`),
  );
  expect(report, `axe on "${screen}"`).toEqual([]);
}
