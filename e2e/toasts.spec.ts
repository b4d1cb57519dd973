import type { Locator, Page } from '@playwright/test';
import { atWidth, expect, test } from './fixtures';
import { stopPageClock } from './support/clock';
import { contrastFindings } from './support/axe';

/**
 * Toasts read at 4.5:1 in every state a bettor can see one (docs/accessibility.md, "Toasts"):
 * sliding in, shown, stacked behind a newer one, sliding out, and appearing at once under reduced
 * motion. Each state is held still — the page's clock stopped, so no toast times out or unmounts,
 * and every transition paused as it starts, then set to a third, two thirds and the
 * whole of its run — and axe's colour contrast reads it as drawn, and no drawn part of a toast is
 * under opacity 1 (axe leaves a toast part-way across the screen edge to review, as obscured).
 * The login form's own checks raise the toasts: no server call, no failed login counted.
 */

const TOASTER = '[data-sonner-toaster]';
const USERNAME_REQUIRED = 'Username is required';
const PASSWORD_REQUIRED = 'Password is required';

/** Points of a transition's run at which a state is read. */
const MOMENTS = [0.3, 0.7, 1];

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Every finite animation and transition of the toasts, paused at `fraction` of its run. */
async function holdAnimationsAt(page: Page, fraction: number): Promise<number> {
  return page.evaluate(
    ([at, selector]) => {
      const toaster = document.querySelector(selector);
      const finite = document.getAnimations().filter((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        const inToaster = target instanceof Node && toaster?.contains(target) === true;
        return inToaster && animation.effect?.getComputedTiming().endTime !== Infinity;
      });
      for (const animation of finite) {
        const end = Number(animation.effect?.getComputedTiming().endTime ?? 0);
        animation.pause();
        animation.currentTime = end * at;
      }
      return finite.length;
    },
    [fraction, TOASTER] as const,
  );
}

/** Opacities under 1 among the toaster's drawn elements and their ancestors (none may fade). */
async function fadedElements(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const toaster = document.querySelector(selector);
    const faded: string[] = [];
    for (const element of toaster ? [toaster, ...toaster.querySelectorAll('*')] : []) {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      for (let node: Element | null = element; node; node = node.parentElement) {
        const opacity = Number(getComputedStyle(node).opacity);
        if (opacity < 1) {
          faded.push(`${element.tagName.toLowerCase()} under opacity ${opacity}`);
          break;
        }
      }
    }
    return faded;
  }, TOASTER);
}

/**
 * axe's colour contrast on the toasts while the page's clock stands still. axe waits on timers,
 * which the stopped clock would hold forever, so for its read the page's setTimeout and
 * clearTimeout are the browser's own again (Playwright's clock keeps them); the toasts' timers,
 * set before, stay held.
 */
async function toastContrast(page: Page): Promise<string[]> {
  const swapTimers = (toBrowsers: boolean) =>
    page.evaluate((browsers) => {
      const held = window as unknown as { __pwClock: { builtins: object }; heldTimers?: object };
      for (const name of ['setTimeout', 'clearTimeout']) {
        if (browsers) {
          held.heldTimers ??= {};
          Reflect.set(held.heldTimers, name, Reflect.get(window, name));
          Reflect.set(window, name, Reflect.get(held.__pwClock.builtins, name));
        } else {
          Reflect.set(window, name, Reflect.get(held.heldTimers ?? {}, name));
        }
      }
    }, toBrowsers);
  await swapTimers(true);
  try {
    return (await contrastFindings(page, TOASTER)).flatMap((finding) => finding.targets);
  } finally {
    await swapTimers(false);
  }
}

/** At each moment of the running transitions: nothing faded, and axe finds no contrast failure. */
async function expectReadableThroughout(page: Page, state: string): Promise<void> {
  for (const moment of MOMENTS) {
    const held = await holdAnimationsAt(page, moment);
    const where = `${state}, ${held} transitions at ${moment * 100} %`;
    expect(await toastContrast(page), where).toEqual([]);
    expect(await fadedElements(page), where).toEqual([]);
  }
}

/** The login page with its clock stopped and its transitions held where they start. */
async function heldLoginPage(page: Page): Promise<void> {
  // Each transition stops where it starts, for holdAnimationsAt to set.
  await page.addInitScript(() =>
    document.addEventListener(
      'transitionrun',
      (event) => {
        for (const animation of (event.target as Element).getAnimations()) animation.pause();
      },
      true,
    ),
  );
  await page.clock.install();
  await page.goto('/login');
  await expect(page.getByLabel('Username')).toBeVisible();
  // The toasts load on a visitor's first press or key (apps/web/src/lib/toast.ts): a press on
  // the page's background brings the toaster's region before the clock stops. The press is
  // heard once the page's effects have run, which may be a moment after the form shows: pressed
  // again until the region is there.
  const region = page.getByRole('region', { name: /^Notifications/ });
  await expect(async () => {
    await page.mouse.click(1, 1);
    await expect(region).toBeAttached({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  // The toasts' own timers (their 2 s life, the unmount after sliding out) wait on this clock.
  await stopPageClock(page);
}

/** Clicks what raises a toast, and lets the library's next-tick timer show it (10 ms of clock). */
async function raise(page: Page, control: Locator): Promise<void> {
  await control.click();
  await page.clock.runFor(10);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use(atWidth(width));
    // Up to thirteen axe reads a journey, each a second or two under the stopped clock.
    test.describe.configure({ timeout: 90_000 });

    test('a toast reads at 4.5:1 sliding in, shown, stacked and sliding out', async ({ page }) => {
      await heldLoginPage(page);
      const submit = page.getByRole('button', { name: 'Submit' });

      await raise(page, submit);
      await expect(toast(page, USERNAME_REQUIRED)).toHaveAttribute('data-mounted', 'true');
      await expectReadableThroughout(page, 'sliding in');
      await page.screenshot({ path: test.info().outputPath(`toast-${width}.png`) });

      await page.getByLabel('Username').fill('someone');
      await raise(page, submit);
      await expect(toast(page, PASSWORD_REQUIRED)).toHaveAttribute('data-mounted', 'true');
      await expect(toast(page, USERNAME_REQUIRED)).toHaveAttribute('data-front', 'false');
      await expectReadableThroughout(page, 'a second toast over the first');

      await toast(page, PASSWORD_REQUIRED).getByRole('button', { name: 'Close toast' }).click();
      await expect(toast(page, PASSWORD_REQUIRED)).toHaveAttribute('data-removed', 'true');
      await expectReadableThroughout(page, 'sliding out');
    });

    test('under reduced motion a toast appears and goes without any transition', async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await heldLoginPage(page);
      await raise(page, page.getByRole('button', { name: 'Submit' }));
      await expect(toast(page, USERNAME_REQUIRED)).toHaveAttribute('data-mounted', 'true');
      expect(await holdAnimationsAt(page, 0.5)).toBe(0);
      expect(await toastContrast(page)).toEqual([]);
      expect(await fadedElements(page)).toEqual([]);
    });
  });
}
