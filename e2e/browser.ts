import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  });
}

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;

/**
 * A page in a new browser context. The site's popups (the demo install has one on every host) are
 * closed whenever one stands in the way, as a visitor does, unless `keepPopups` (the popup specs).
 */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = DESKTOP,
  { keepPopups = false }: { keepPopups?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'ko-KR' });
  const page = await context.newPage();
  if (!keepPopups) await closeSitePopups(page);
  return { context, page };
}

export async function closeSitePopups(page: Page): Promise<void> {
  await page.addLocatorHandler(
    page.locator('.site-popup').first(),
    async () => {
      // 'Close' on every popup, top first (stacked ones cover each other's buttons).
      await page.evaluate(() => {
        const popups = [...document.querySelectorAll<HTMLElement>('.site-popup')];
        popups.sort((a, b) => Number(b.style.zIndex) - Number(a.style.zIndex));
        for (const popup of popups)
          popup.querySelector<HTMLButtonElement>('.site-popup__actions .btn--secondary')?.click();
      });
    },
    { noWaitAfter: true },
  );
}
