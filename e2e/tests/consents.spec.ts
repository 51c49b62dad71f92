import fs from 'node:fs';
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { signInAs } from './helpers';
import { waitForServiceWorkerControl, waitForOfflineStart } from './offline-helpers';

// The consent screen and the doctor's consent tab, in Chromium against the real server: a signature drawn
// with the mouse and with a finger, saved, shown on the tab with its history and certificate; the server's
// 413 for an image over the limit; a consent signed offline and synced later.

const PHONE = { width: 390, height: 844 };
const REP = 'rep@demo-crm.fr';

/**
 * Signs in and waits for the rep's offline slice to be on the device: until then the page is busy writing
 * thousands of records to IndexedDB on the main thread, which holds the next page back.
 */
async function signInAndSettle(page: Page, email: string): Promise<void> {
  await signInAs(page, email);
  await waitForOfflineStart(page);
}

type ApiAnswer = { status: number; body: unknown };

/** A call of the API with the signed-in session's token, from the page. */
function api(page: Page, method: string, apiPath: string, body?: unknown): Promise<ApiAnswer> {
  return page.evaluate(
    async ({ method, apiPath, body }) => {
      const response = await fetch(`/api${apiPath}`, {
        method,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          Authorization: `Bearer ${localStorage.getItem('token') ?? ''}`,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
    },
    { method, apiPath, body },
  );
}

/** A doctor of their own for each test, so that they start without consent. */
async function newDoctor(page: Page, lastName: string): Promise<{ id: string; rpps: string }> {
  const rpps = String(Date.now()).slice(-11);
  const created = await api(page, 'POST', '/doctors', {
    rpps,
    firstName: 'Hélène',
    lastName,
    prefix: 'Dr',
    primarySpecialty: 'Cardiology',
  });
  expect(created.status).toBe(201);
  return { id: (created.body as { id: string }).id, rpps };
}

/** A signature's strokes in the pad's CSS pixels: a capital loop, a run of letters and an underline. */
function strokes(): [number, number][][] {
  const capital: [number, number][] = [];
  for (let t = 0; t <= 1; t += 0.1) {
    const angle = t * Math.PI * 2.2;
    capital.push([40 + 12 * Math.sin(angle) + 15 * t, 100 - 55 * (0.5 - 0.5 * Math.cos(angle / 2))]);
  }
  const letters: [number, number][] = [];
  for (let t = 0; t <= 1; t += 1 / 24) letters.push([60 + 170 * t, 95 - 22 * Math.abs(Math.sin(t * Math.PI * 6))]);
  const underline: [number, number][] = [];
  for (let t = 0; t <= 1; t += 0.25) underline.push([50 + 200 * t, 118 + 6 * Math.sin(t * Math.PI)]);
  return [capital, letters, underline];
}

/** Where the pad is on the screen, scrolled into view first (on a phone it is below the fold). */
async function padBox(canvas: Locator) {
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (box === null) throw new Error('the pad is not on screen');
  return box;
}

async function drawWithMouse(page: Page, canvas: Locator): Promise<void> {
  const box = await padBox(canvas);
  for (const stroke of strokes()) {
    const [first, ...rest] = stroke;
    if (first === undefined) continue;
    await page.mouse.move(box.x + first[0], box.y + first[1]);
    await page.mouse.down();
    for (const [x, y] of rest) await page.mouse.move(box.x + x, box.y + y);
    await page.mouse.up();
  }
}

/** A finger on the screen: touch events through the DevTools protocol, as a phone's touchscreen sends them. */
async function drawWithFinger(page: Page, canvas: Locator): Promise<void> {
  const box = await padBox(canvas);
  const cdp = await page.context().newCDPSession(page);
  for (const stroke of strokes()) {
    const points = stroke.map(([x, y]) => ({ x: box.x + x, y: box.y + y }));
    const [first, ...rest] = points;
    if (first === undefined) continue;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [first] });
    for (const point of rest) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  await cdp.detach();
}

const TEXT = {
  en: {
    heading: (name: string) => `Communication Consent for ${name}`,
    saved: 'Consent saved successfully',
    savedOffline: 'Saved offline - will sync when connection is restored',
    collect: 'Collect consent',
    given: 'Consent given',
    tooLarge: 'Failed to save signature: Signature image is too large. Please redraw with fewer strokes.',
  },
  fr: {
    heading: (name: string) => `Consentement de communication : ${name}`,
    saved: 'Consentement enregistré avec succès',
    savedOffline: 'Enregistré hors ligne - sera synchronisé au retour de la connexion',
    collect: 'Recueillir le consentement',
    given: 'Consentement donné',
    tooLarge:
      "Échec de l'enregistrement de la signature : L'image de la signature est trop volumineuse. Veuillez la refaire avec moins de traits.",
  },
} as const;

for (const language of ['fr', 'en'] as const) {
  test(`a consent drawn with the mouse, saved, shown on the doctor's tab with its certificate (${language})`, async ({
    page,
  }) => {
    const text = TEXT[language];
    await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    await signInAndSettle(page, REP);
    const doctor = await newDoctor(page, language === 'fr' ? 'Vidal' : 'Vidalson');
    const name = `Dr Hélène ${language === 'fr' ? 'Vidal' : 'Vidalson'}`;

    await page.goto(`/doctors/${doctor.id}?tab=consent`);
    // The first page after signing in shares the machine with the service worker's precache and the pulls.
    await expect(page.getByTestId('consent-empty')).toBeVisible();
    await page.getByRole('button', { name: text.collect }).click();
    await expect(page).toHaveURL(new RegExp(`/doctors/${doctor.id}/signatures$`));
    await expect(page.getByTestId('consent-heading')).toHaveText(text.heading(name));
    await expect(page.getByTestId('consent-mode')).toHaveAttribute('data-mode', 'create');
    await expect(page.getByTestId('consent-previous')).toHaveCount(0);
    await expect(page.getByTestId('consent-save')).toBeDisabled();
    await expect(page.locator('input[type="email"]')).toBeVisible();

    // The pad holds devicePixelRatio pixels for each of its 300 × 150 CSS pixels.
    const canvas = page.getByTestId('signature-canvas');
    const size = await canvas.evaluate((element: HTMLCanvasElement) => ({
      width: element.width,
      cssWidth: element.getBoundingClientRect().width,
      ratio: window.devicePixelRatio,
    }));
    expect(size).toEqual({ width: 300 * size.ratio, cssWidth: 300, ratio: size.ratio });

    // The contact goes to the doctor after two seconds without typing: a doctor edit, readWrite's.
    await page.getByTestId('consent-email').fill('helene.vidal@example.fr');
    await expect(page.getByTestId('contact-save-status')).toHaveAttribute('role', 'status');
    await expect
      .poll(async () => ((await api(page, 'GET', `/doctors/${doctor.id}`)).body as { email: string | null }).email)
      .toBe('helene.vidal@example.fr');

    await page.getByTestId('consent-checkbox-professional').click();
    await page.getByTestId('consent-checkbox-general').click();
    await drawWithMouse(page, canvas);
    await expect(page.getByTestId('consent-save')).toBeEnabled();
    if (language === 'en') {
      // Clear and redraw.
      await page.getByTestId('signature-clear').click();
      await expect(page.getByTestId('consent-save')).toBeDisabled();
      await drawWithMouse(page, canvas);
    }

    await page.getByTestId('consent-save').click();
    await expect(page.getByText(text.saved)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/doctors/${doctor.id}\\?tab=consent$`));

    const current = page.getByTestId('consent-current');
    await expect(current.getByTestId('consent-status')).toHaveText(text.given);
    await expect(current.getByTestId('consent-choice-professional')).toHaveAttribute('data-given', 'true');
    await expect(current.getByTestId('consent-choice-congress')).toHaveAttribute('data-given', 'false');
    await expect(current.getByTestId('consent-choice-general')).toHaveAttribute('data-given', 'true');
    await expect(current.getByTestId('consent-collected-by')).toContainText(REP);
    await expect(current.getByTestId('consent-email')).toHaveText('helene.vidal@example.fr');
    const image = current.getByTestId('consent-signature-image');
    await expect(image).toBeVisible();
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId('consent-history').locator('.consent-history-item')).toHaveCount(1);

    // What the server keeps: a PNG of the drawing, as evidence.
    const stored = (await api(page, 'GET', `/doctors/${doctor.id}/signatures`)).body as {
      id: string;
      signatureImage: string;
      professionalConsent: boolean;
      congressConsent: boolean;
    };
    expect(stored.signatureImage).toMatch(/^data:image\/png;base64,/);
    expect(stored).toMatchObject({ professionalConsent: true, congressConsent: false });

    // The certificate downloads as a PDF (its content: the server's consents tests, with pdftotext).
    const download = page.waitForEvent('download');
    await current.getByTestId(`consent-certificate-${stored.id}`).click();
    const pdfPath = test.info().outputPath(`consent-certificate-${language}.pdf`);
    await (await download).saveAs(pdfPath);
    expect(fs.readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');

    // Collected again: the screen is in update mode, with the previous date and the current choices.
    await current.getByTestId('collect-consent-button').click();
    await expect(page.getByTestId('consent-mode')).toHaveAttribute('data-mode', 'update');
    await expect(page.getByTestId('consent-previous')).toBeVisible();
    await expect(page.getByTestId('consent-checkbox-professional')).toBeChecked();
    await expect(page.getByTestId('consent-save')).toBeDisabled();
  });
}

test.describe('on a phone, with a finger', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 3 });

  for (const language of ['fr', 'en'] as const) {
    test(`a consent signed with touch events, withdrawn from the tab (${language})`, async ({ page }) => {
      const text = TEXT[language];
      await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
      await signInAndSettle(page, REP);
      const doctor = await newDoctor(page, language === 'fr' ? 'Tactile' : 'Touchwood');
      await page.goto(`/doctors/${doctor.id}/signatures`);
      const canvas = page.getByTestId('signature-canvas');
      await expect(canvas).toBeVisible();
      expect(await canvas.evaluate((element: HTMLCanvasElement) => element.width)).toBe(900);

      await page.getByTestId('consent-checkbox-congress').click();
      await drawWithFinger(page, canvas);
      await expect(page.getByTestId('consent-save')).toBeEnabled();

      // A rotation: the canvas is sized again, the drawing stays.
      const before = await canvas.evaluate((element: HTMLCanvasElement) => element.toDataURL());
      await page.setViewportSize({ width: PHONE.height, height: PHONE.width });
      await page.setViewportSize(PHONE);
      const inkAfter = await canvas.evaluate((element: HTMLCanvasElement) => {
        const data = element.getContext('2d')?.getImageData(0, 0, element.width, element.height).data ?? [];
        let inked = 0;
        for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) inked += 1;
        return inked;
      });
      expect(inkAfter).toBeGreaterThan(500);
      expect(before.length).toBeGreaterThan(1_000);

      await page.getByTestId('consent-save').click();
      await expect(page.getByText(text.saved)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/doctors/${doctor.id}\\?tab=consent$`));
      await expect(page.getByTestId('consent-signature-image')).toBeVisible();

      // Withdrawn from the tab: a reason, a confirmation, a new record in the history.
      await page.getByTestId('withdraw-consent-button').click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByTestId('withdraw-consent-reason')
        .fill(
          language === 'fr'
            ? 'Le médecin a appelé pour ne plus recevoir les invitations.'
            : 'The doctor called to stop the invitations.',
        );
      await dialog.getByTestId('withdraw-consent-confirm').click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('consent-current').getByTestId('consent-status')).toHaveAttribute(
        'data-status',
        'withdrawn',
      );
      await expect(page.getByTestId('consent-history').locator('.consent-history-item')).toHaveCount(2);
    });
  }
});

test.describe('offline', () => {
  test.use({ viewport: PHONE, serviceWorkers: 'allow' });

  test('a consent signed offline is kept on the device with its signing time, then synced once', async ({
    page,
    context,
  }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
    await signInAndSettle(page, REP);
    await waitForServiceWorkerControl(page);
    // A doctor of the rep's slice (named by one of their activities), so that the device knows their name.
    const doctorId = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('crm-offline', 1);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('open failed'));
      });
      const doctors = await new Promise<{ id: string }[]>((resolve, reject) => {
        const request = db.transaction('doctors').objectStore('doctors').getAll();
        request.onsuccess = () => resolve(request.result as { id: string }[]);
        request.onerror = () => reject(request.error ?? new Error('read failed'));
      });
      db.close();
      return doctors.find((doctor) => /^[0-9a-f-]{36}$/.test(doctor.id))?.id ?? '';
    });
    expect(doctorId).not.toBe('');
    const before = (await api(page, 'GET', `/doctors/${doctorId}/signatures/history`)).body as { items: unknown[] };

    // Opened once online: its current consent is kept on the device.
    await page.goto(`/doctors/${doctorId}/signatures`);
    await expect(page.getByTestId('consent-form')).toBeVisible();
    const cut = (route: Route) => route.abort('internetdisconnected');
    await context.route('**/api/**', cut);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('consent-offline-notice')).toBeVisible();
    await expect(page.getByTestId('consent-heading')).not.toHaveText("Doctor's communication consent");
    await page.getByTestId('consent-checkbox-professional').check();
    await drawWithMouse(page, page.getByTestId('signature-canvas'));
    const signedAt = Date.now();
    await page.getByTestId('consent-save').click();
    await expect(page.getByText(TEXT.en.savedOffline)).toBeVisible();
    await expect(page.getByTestId('consent-previous')).toContainText('waiting to sync');

    const queued = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('crm-offline', 1);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('open failed'));
      });
      const items = await new Promise<
        { type: string; status: string; entityId: string; payload: { signatureDate: string } }[]
      >((resolve, reject) => {
        const request = db.transaction('queue').objectStore('queue').getAll();
        request.onsuccess = () => resolve(request.result as never);
        request.onerror = () => reject(request.error ?? new Error('read failed'));
      });
      db.close();
      return items.filter((item) => item.type === 'consent');
    });
    expect(queued).toHaveLength(1);
    expect(queued[0]?.status).toBe('pending');
    const deviceTime = queued[0]?.payload.signatureDate ?? '';
    expect(Math.abs(Date.parse(deviceTime) - signedAt)).toBeLessThan(30_000);

    // Back online: the queue sends it, under its key, once.
    await page.goto('/sync');
    await expect(page.locator('.waiting-change')).toHaveCount(1);
    await context.unroute('**/api/**', cut);
    await context.setOffline(false);
    // The browser says it is back online: the app checks the server at once, and the queue goes by itself.
    await expect(page.getByTestId('offline-tag')).toBeHidden();
    await expect(page.getByTestId('sync-queue-empty')).toBeVisible();

    const after = (await api(page, 'GET', `/doctors/${doctorId}/signatures/history`)).body as {
      items: { id: string; signatureDate: string; recordedAt: string }[];
    };
    expect(after.items).toHaveLength(before.items.length + 1);
    expect(after.items[0]).toMatchObject({
      id: queued[0]?.entityId,
      signatureDate: new Date(deviceTime).toISOString(),
    });
  });
});
