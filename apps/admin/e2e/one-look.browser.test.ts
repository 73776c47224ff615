import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_APP_PAGES } from '@memoir/shared';
import type { Browser, Page } from 'playwright-core';

import { launchChromium, openPage, startSiteServer, type SiteServer } from '../../../tools/browser-testing/browser';
import { signInToDashboard } from './admin-pages';

/**
 * One look for the back office (docs/admin.md, "The shared pieces"), measured on every screen
 * from what Chromium drew at 1280×900: the sign-in page's fields are the model for every text,
 * email and password field; headings step down in size with their level, the page title the
 * largest; no heading touches the block above it; no two controls overlap.
 */

/** How a field looks: the sign-in page's username field is the model. */
interface FieldLook {
  readonly border: string;
  readonly font: string;
}

/** What one screen breaks, in words (empty: nothing). */
function faultsOnScreen(model: FieldLook): string[] {
  const faults: string[] = [];
  const shown = (element: Element): boolean => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return box.width > 1 && box.height > 1 && style.visibility !== 'hidden';
  };
  const name = (element: Element): string =>
    `${element.tagName.toLowerCase()} "${(element.textContent ?? element.getAttribute('id') ?? '').trim().slice(0, 40)}"`;
  const main = document.querySelector('main') ?? document.body;

  // Every text, email and password field: the model's border and typeface, at least 36 px high.
  const fields = [...main.querySelectorAll('input, textarea')].filter(
    (input) =>
      shown(input) &&
      (input.tagName === 'TEXTAREA' ||
        ['text', 'email', 'password', 'search', 'url'].includes((input as HTMLInputElement).type)),
  );
  for (const input of fields) {
    const style = getComputedStyle(input);
    const border = `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`;
    const id = `#${input.id || input.getAttribute('name') || '?'}`;
    if (border !== model.border) faults.push(`field ${id}: border ${border}, not ${model.border}`);
    if (style.fontFamily !== model.font) faults.push(`field ${id}: typeface ${style.fontFamily}`);
    const height = input.getBoundingClientRect().height;
    if (height < 36) faults.push(`field ${id}: ${height} px high`);
  }

  // Headings step down in size with their level; the page title is the largest.
  const headings = [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter(shown);
  const size = (heading: Element) => Number.parseFloat(getComputedStyle(heading).fontSize);
  const level = (heading: Element) => Number(heading.tagName.slice(1));
  const title = headings.find((heading) => level(heading) === 1);
  if (title === undefined) faults.push('no page title');
  for (const heading of headings) {
    for (const other of headings) {
      if (level(heading) < level(other) && size(heading) <= size(other)) {
        faults.push(`${name(heading)} (${size(heading)} px) not larger than ${name(other)} (${size(other)} px)`);
      }
    }
  }

  // No heading touches the block above it: at least 16 px from what is drawn above it (in a
  // grid, the card beside it is not above it).
  const above = (box: DOMRect, element: Element): boolean => {
    const other = element.getBoundingClientRect();
    return other.top < box.top && Math.min(other.right, box.right) - Math.max(other.left, box.left) > 0;
  };
  for (const heading of headings) {
    const box = heading.getBoundingClientRect();
    let at: Element | null = heading;
    let before: Element | null = null;
    while (at !== null && at !== main && before === null) {
      let sibling = at.previousElementSibling;
      while (sibling !== null && !(shown(sibling) && above(box, sibling))) sibling = sibling.previousElementSibling;
      before = sibling;
      at = at.parentElement;
    }
    if (before === null) continue;
    const gap = box.top - before.getBoundingClientRect().bottom;
    if (gap < 16) faults.push(`${name(heading)} ${Math.round(gap)} px under ${name(before)}`);
  }

  // No two controls overlap.
  const controls = [...document.querySelectorAll('main a, main button, main input, main select, main textarea')].filter(
    shown,
  );
  const boxes = controls.map((control) => control.getBoundingClientRect());
  for (let a = 0; a < controls.length; a += 1) {
    for (let b = a + 1; b < controls.length; b += 1) {
      const [one, two] = [boxes[a]!, boxes[b]!];
      const across = Math.min(one.right, two.right) - Math.max(one.left, two.left);
      const down = Math.min(one.bottom, two.bottom) - Math.max(one.top, two.top);
      if (across > 0.5 && down > 0.5 && !controls[a]!.contains(controls[b]!) && !controls[b]!.contains(controls[a]!)) {
        faults.push(`${name(controls[a]!)} overlaps ${name(controls[b]!)}`);
      }
    }
  }
  return faults;
}

async function modelField(page: Page): Promise<FieldLook> {
  return page.getByLabel('Username').evaluate((input) => {
    const style = getComputedStyle(input);
    return {
      border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
      font: style.fontFamily,
    };
  });
}

describe('one look on every admin screen, in Chromium', () => {
  let site: SiteServer;
  let browser: Browser;
  beforeAll(async () => {
    site = await startSiteServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('draws every field like the sign-in page, headings by level and apart, controls apart', async () => {
    const { page } = await openPage(browser, site.url);
    await page.goto('/admin/login');
    await page.getByLabel('Username').waitFor();
    const model = await modelField(page);
    expect(model.border).toMatch(/^2px solid /);
    const found: Record<string, string[]> = { '/admin/login': await page.evaluate(faultsOnScreen, model) };
    await signInToDashboard(page);
    for (const path of ADMIN_APP_PAGES.filter((screen) => screen !== '/admin/login')) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      found[path] = await page.evaluate(faultsOnScreen, model);
    }
    expect(found).toEqual(Object.fromEntries(ADMIN_APP_PAGES.map((path) => [path, []])));
    await page.context().close();
  }, 120_000);
});
