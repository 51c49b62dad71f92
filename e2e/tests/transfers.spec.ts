import { expect, test } from '@playwright/test';
import { signInAs } from './helpers';

test.describe('compressed transfers', () => {
  test('the built app and the API answers reach the browser compressed', async ({ page }) => {
    const encodings = new Map<string, string | undefined>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      const isScriptOrStyle = /\.(js|css)$/.test(url.pathname);
      if (isScriptOrStyle || url.pathname.startsWith('/api/doctors/search'))
        encodings.set(url.pathname, response.headers()['content-encoding']);
    });
    await page.goto('/login');
    await signInAs(page, 'rep@demo-crm.fr');
    await page.goto('/doctors');
    await page.getByTestId('doctor-search-input').fill('ma');
    await expect.poll(() => [...encodings.keys()].some((path) => path.startsWith('/api/doctors/search'))).toBe(true);

    const assets = [...encodings].filter(([path]) => path.startsWith('/assets/'));
    expect(assets.length).toBeGreaterThan(3);
    // Chromium accepts brotli: every script and style is the build's brotli copy.
    expect(assets.filter(([, encoding]) => encoding !== 'br')).toEqual([]);
    const searches = [...encodings].filter(([path]) => path.startsWith('/api/doctors/search'));
    expect(searches.every(([, encoding]) => encoding === 'br')).toBe(true);
  });
});
