import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InstallBanner } from '@/app/pwa/InstallBanner';
import { INSTALL_BANNER_DISMISSED_KEY } from '@/app/pwa/install-banner';
import { type BeforeInstallPromptEvent, captureInstallPrompt } from '@/app/pwa/install-prompt';
import { i18n } from '@/lib/i18n';
import { emulatePhoneScreen } from '@/test/screen-width';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';

/** What Chromium fires when the app may be installed; records what the page does with it. */
function fireInstallEvent() {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

function useUserAgent(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

let restoreScreen: () => void = () => undefined;

/** A 390 px phone screen in a browser tab (emulatePhoneScreen answers only width queries). */
function emulatePhoneTab(isStandalone = false) {
  restoreScreen = emulatePhoneScreen(390);
  const phoneMatchMedia = window.matchMedia.bind(window);
  window.matchMedia = (query: string) => {
    const answer = phoneMatchMedia(query);
    return query === '(display-mode: standalone)' ? Object.assign(answer, { matches: isStandalone }) : answer;
  };
}
let stopCapture: () => void = () => undefined;

beforeEach(() => {
  stopCapture = captureInstallPrompt();
  useUserAgent(ANDROID_CHROME);
});

afterEach(async () => {
  // The event serves once: none must carry over to the next test.
  window.dispatchEvent(new Event('appinstalled'));
  stopCapture();
  restoreScreen();
  vi.restoreAllMocks();
  await i18n.changeLanguage('fr');
});

describe('install banner', () => {
  it("offers Install on a phone once the browser gives its install event, and opens the browser's dialog", async () => {
    emulatePhoneTab();
    render(<InstallBanner />);
    expect(screen.queryByTestId('install-banner')).not.toBeInTheDocument();

    const { event, prompt } = fireInstallEvent();
    // The browser's own mini bar is held back: the banner is the one offer.
    expect(event.defaultPrevented).toBe(true);
    const banner = screen.getByTestId('install-banner');
    expect(banner).toHaveTextContent('Installer Praxis CRM');

    await userEvent.click(screen.getByRole('button', { name: 'Installer' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    // The event serves once: nothing left to offer.
    expect(screen.queryByTestId('install-banner')).not.toBeInTheDocument();
  });

  it('gives the iOS instructions where the browser has no install event, in French and English', async () => {
    emulatePhoneTab();
    useUserAgent(IPHONE_SAFARI);
    const { unmount } = render(<InstallBanner />);
    expect(screen.getByTestId('install-banner')).toHaveTextContent(
      "Touchez le bouton Partager puis « Sur l'écran d'accueil »…",
    );
    expect(screen.queryByRole('button', { name: 'Installer' })).not.toBeInTheDocument();
    unmount();

    await act(() => i18n.changeLanguage('en'));
    render(<InstallBanner />);
    expect(screen.getByTestId('install-banner')).toHaveTextContent(
      'Tap the share button and then "Add to Home Screen"...',
    );
  });

  it('remembers its dismissal on the device', async () => {
    emulatePhoneTab();
    useUserAgent(IPHONE_SAFARI);
    const { unmount } = render(<InstallBanner />);

    await userEvent.click(screen.getByRole('button', { name: "Ne plus proposer l'installation" }));
    expect(screen.queryByTestId('install-banner')).not.toBeInTheDocument();
    expect(localStorage.getItem(INSTALL_BANNER_DISMISSED_KEY)).toBe('true');
    unmount();

    // The next visit.
    render(<InstallBanner />);
    fireInstallEvent();
    expect(screen.queryByTestId('install-banner')).not.toBeInTheDocument();
  });

  it('stays away from wide screens', () => {
    render(<InstallBanner />);
    fireInstallEvent();
    expect(screen.queryByTestId('install-banner')).not.toBeInTheDocument();
  });

  it('stays away when the app already runs installed', () => {
    emulatePhoneTab(true);
    render(<InstallBanner />);
    fireInstallEvent();
    expect(screen.queryByTestId('install-banner')).not.toBeInTheDocument();
  });

  it('offers nothing on a phone whose browser has no install event and is not iOS', () => {
    emulatePhoneTab();
    render(<InstallBanner />);
    expect(screen.queryByTestId('install-banner')).not.toBeInTheDocument();
  });
});
