import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';

/** A numeric data-* attribute, NaN while absent. */
export async function numberAttribute(locator: Locator, name: string): Promise<number> {
  const value = await locator.getAttribute(name);
  return value === null ? Number.NaN : Number(value);
}

/** Console errors and uncaught page errors, collected for the test's end. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * For every test of the enclosing describe block: collect console and page
 * errors from the start (register it before hooks that load the page), and
 * fail the test if there were any.
 */
export function failOnPageErrors(): void {
  let errors: string[] = [];
  test.beforeEach(({ page }) => {
    errors = collectErrors(page);
  });
  test.afterEach(() => {
    expect(errors).toEqual([]);
  });
}

/** A second, unrelated browser context (no storage, no clipboard shared) with its own error log. */
export async function freshPage(browser: Browser): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  return { page, errors: collectErrors(page), close: () => context.close() };
}
