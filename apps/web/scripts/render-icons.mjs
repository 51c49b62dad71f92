// Renders the app's icons (web app manifest, Apple touch icon) from the brand mark of public/favicon.svg.
// Run it after changing the mark: node apps/web/scripts/render-icons.mjs (needs Chromium, as the e2e suite).
import path from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = path.resolve(import.meta.dirname, '../public');
const CROSS = 'M27 14h10v13h13v10H37v13H27V37H14V27h13z';
const GRADIENT =
  '<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1f6feb"/><stop offset="1" stop-color="#0e9f8e"/></linearGradient>';

/** The favicon's drawing: a rounded square, transparent corners. */
const roundedMark = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs>${GRADIENT}</defs>
<rect width="64" height="64" rx="14" fill="url(#g)"/><path d="${CROSS}" fill="#fff"/></svg>`;

/**
 * Full bleed, no transparency: Android masks it to its own shape (the cross stays inside the central safe
 * circle), iOS rounds it itself and would paint transparent corners black.
 */
const fullBleedMark = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs>${GRADIENT}</defs>
<rect width="64" height="64" fill="url(#g)"/><g transform="translate(32 32) scale(0.8) translate(-32 -32)"><path d="${CROSS}" fill="#fff"/></g></svg>`;

const icons = [
  { file: 'pwa-192x192.png', size: 192, svg: roundedMark },
  { file: 'pwa-512x512.png', size: 512, svg: roundedMark },
  { file: 'maskable-512x512.png', size: 512, svg: fullBleedMark },
  { file: 'apple-touch-icon-180x180.png', size: 180, svg: fullBleedMark },
];

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.locator('svg').screenshot({ path: path.join(publicDir, file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
