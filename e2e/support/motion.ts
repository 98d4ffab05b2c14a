import { type Locator, expect } from '@playwright/test';

/**
 * Waits until the menu or dialog holding `locator` has finished coming in. antd scales a
 * menu and a dialog in; Playwright may find an element stable between two frames of that
 * and checks only where the press lands, so the press can hit one item and the release,
 * a frame later, the next: the click then goes to their common parent and does nothing
 * (measured: 20 of 80 menu-item presses fell in the animation on a throttled CPU, one lost;
 * in CI a menu item that opened nothing left the test waiting 240 s for its dialog).
 */
export async function settled(
  locator: Locator,
  // As long as the calls before a dialog opens may take on a busy two-core machine.
  { timeout = 20_000 }: { timeout?: number } = {},
): Promise<void> {
  await expect(locator).toBeVisible({ timeout });
  await expect
    .poll(
      () =>
        locator.evaluate((element) => {
          // antd's motion classes while coming in: ant-zoom-appear, ant-slide-up-enter-active...
          const entering = /^ant-[\w-]+-(?:enter|appear)(?:-(?:prepare|start|active))?$/;
          for (let node: Element | null = element; node; node = node.parentElement) {
            if ([...node.classList].some((name) => entering.test(name))) return false;
            if (node.getAnimations().some((animation) => animation.playState === 'running')) {
              return false;
            }
          }
          return true;
        }),
      { timeout },
    )
    .toBe(true);
}
