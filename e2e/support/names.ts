import type { Locator, Page } from '@playwright/test';

/**
 * The accessible name of the element `locator` finds, as the browser's accessibility tree gives
 * it (its label, or its content: a price cell's is "Back 1.9", "No 50"…); '' for an unnamed one.
 */
export async function accessibleName(locator: Locator): Promise<string> {
  const snapshot = await locator.ariaSnapshot();
  return /^- [\w-]+ "((?:[^"\\]|\\.)*)"/.exec(snapshot)?.[1] ?? '';
}

/** The accessible names of what `locator` finds, in order. */
export async function accessibleNames(locator: Locator): Promise<string[]> {
  const names: string[] = [];
  for (const found of await locator.all()) names.push(await accessibleName(found));
  return names;
}

/** The accessible name of what has the focus; '' when nothing on the page has it. */
export async function focusedName(page: Page): Promise<string> {
  const focused = page.locator('*:focus');
  return (await focused.count()) === 0 ? '' : accessibleName(focused);
}
