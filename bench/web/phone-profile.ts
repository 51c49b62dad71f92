import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';

/**
 * The mid-range phone of issue 20, as DevTools would emulate it: a 4× slower CPU, 10 Mbit/s down over a
 * 50 ms round trip, a 412 × 915 portrait screen at 2.625 device pixels per CSS pixel, touch.
 */
export const PHONE_PROFILE = {
  cpuSlowdown: 4,
  downloadMbitPerSecond: 10,
  uploadMbitPerSecond: 5,
  latencyMs: 50,
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  locale: 'fr-FR',
  timezoneId: 'Europe/Paris',
} as const;

export type PhoneProfile = typeof PHONE_PROFILE;

const BYTES_PER_MBIT = 1_000_000 / 8;

/** An Android phone's Chrome, with the version of the Chromium that runs the benchmark. */
function mobileUserAgent(browserVersion: string): string {
  const major = browserVersion.split('.')[0] ?? '0';
  return `Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Mobile Safari/537.36`;
}

/** A fresh context (its own empty HTTP cache and storage) shaped like the phone. */
export function newPhoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: PHONE_PROFILE.viewport,
    screen: PHONE_PROFILE.viewport,
    deviceScaleFactor: PHONE_PROFILE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: mobileUserAgent(browser.version()),
    locale: PHONE_PROFILE.locale,
    timezoneId: PHONE_PROFILE.timezoneId,
  });
}

/** Slows the page's CPU and network to the phone's; both hold across the page's navigations. */
export async function throttleLikeThePhone(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_PROFILE.latencyMs,
    downloadThroughput: PHONE_PROFILE.downloadMbitPerSecond * BYTES_PER_MBIT,
    uploadThroughput: PHONE_PROFILE.uploadMbitPerSecond * BYTES_PER_MBIT,
    connectionType: 'cellular4g',
  });
  return cdp;
}
