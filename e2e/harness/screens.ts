import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Browser, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** axe-core's own script, evaluated in the page once per document (see `axe`). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// label-content-name-mismatch (WCAG 2.5.3) is experimental in axe-core, so off unless asked for.
const AXE_OPTIONS: RunOptions = { rules: { 'label-content-name-mismatch': { enabled: true } } };

/**
 * axe-core run in the page as it is. Its script goes in once per document and stays through the
 * app's own page changes. @axe-core/playwright put it in again for every check and finished each
 * one in a blank page it opened for the purpose: 1.3 s a check against 0.3 s here, on pages
 * without frames (the app has none).
 */
async function axe(page: Page): Promise<AxeResults> {
  // Evaluated through the devtools protocol, which the page's Content-Security-Policy does not
  // govern (a script element would need the test's context to bypass it).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${AXE_SOURCE}\nvoid 0;`);
  return page.evaluate(
    (options) => (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, options),
    AXE_OPTIONS,
  );
}

/** A page in a browser context of its own, so several users can be signed in side by side. */
export async function newPage(browser: Browser): Promise<Page> {
  // axe injects its script; the app's CSP would refuse it.
  const context = await browser.newContext({ bypassCSP: true });
  return context.newPage();
}

/**
 * Waits until nothing is mid-transition (a toast fading in or out, a navbar sliding after a resize):
 * axe measures the colours an element has at that instant, and a blend on its way to the final
 * colours is not what anyone reads. Endless animations (loaders) do not count.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      // A list reloading its page (aria-busy) is about to change: wait for the rows anyone reads.
      document.querySelector('[aria-busy="true"]') === null &&
      document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
}

export const WIDTHS = [1366, 390] as const;

export type AccessibleOptions = {
  /** Saves a full-page screenshot at each width to `<screenshot>-<width>.png`. */
  screenshot?: string;
  /** Records failures and goes on (expect.soft), so one run reports every screen of a sweep. */
  soft?: boolean;
};

/**
 * The screen as it is, at desktop and phone width: no serious or critical axe-core violation, and
 * no sideways scrolling of the page on a phone. Leaves the page at 1366 × 900.
 */
export async function expectAccessible(page: Page, screen: string, options: AccessibleOptions = {}): Promise<void> {
  const check = options.soft ? expect.soft : expect;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    // A screen answers a resize a frame or two later (its media-query hooks draw it again, a dialog
    // going full screen starts its transition): waiting for the transitions before then would find
    // none, and axe would read a dialog on its way in.
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    await settled(page);
    const { violations } = await axe(page);
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    check(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `${screen} at ${width}px`,
    ).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    check(overflow, `${screen} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
    if (options.screenshot) await page.screenshot({ path: `${options.screenshot}-${width}.png`, fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}
