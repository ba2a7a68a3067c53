import AxeBuilder from '@axe-core/playwright';
import { test, type Page } from '@playwright/test';
import { expect } from './fixtures';

/** The rules of WCAG 2.1 levels A and AA, as axe-core tags them. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Given to `options` with the tags (`AxeBuilder.options` replaces what `withTags` set).
 * axe-core keeps this WCAG 2.1 rule (a button's accessible name must contain its visible
 * text, so a person using speech input can say what they see) switched off as experimental;
 * we want it on.
 */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

const BLOCKING = new Set(['serious', 'critical']);

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * Waits until finite animations have ended: an element caught half-way through a fade-in has
 * a colour it never keeps, and axe would report its contrast. Endless ones (spinners) are ignored.
 */
async function settle(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  // A toast ("Saved") lies over the navbar for a few seconds, and axe measured its text against
  // whatever was under it at that moment: the screen is checked as it stays, once toasts are gone.
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
}

/** Every WCAG 2.1 A/AA violation on the page as it is now, whatever its impact. */
async function a11yViolations(page: Page): Promise<Violation[]> {
  await settle(page);
  const results = await new AxeBuilder({ page }).options({ runOnly: { type: 'tag', values: WCAG_21_AA }, rules: EXTRA_RULES }).analyze();
  return results.violations;
}

/** One line per rule and the elements it failed on, for a person reading the test output. */
const describeViolations = (violations: Violation[]) =>
  violations
    .map((v) => [`${v.id} (${v.impact ?? 'unknown'}, ${v.nodes.length}): ${v.help}`, ...v.nodes.map((n) => `    ${n.target.join(' ')}`)].join('\n'))
    .join('\n');

/**
 * Fails when axe finds a serious or critical WCAG 2.1 A/AA violation on the page, naming each
 * rule and the elements it failed on. Minor and moderate ones are attached to the report (as
 * `a11y-<name>.txt`) without failing. `name` says which screen or state was checked.
 */
export async function expectNoSeriousA11yViolations(page: Page, name: string) {
  const violations = await a11yViolations(page);
  const others = violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
  if (others.length) await test.info().attach(`a11y-${name}.txt`, { body: describeViolations(others), contentType: 'text/plain' });
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  expect(describeViolations(blocking), `${name}: serious or critical accessibility violations`).toBe('');
}
