import { useState } from 'react';
import { promptInstall, useDeferredInstallPrompt } from '@/app/pwa/install-prompt';
import { useIsPhone } from '@/ui/phone-layout';

/** Remembers on this device that the rep dismissed the install banner (spec 001 §9). */
export const INSTALL_BANNER_DISMISSED_KEY = 'crm.installBannerDismissed';

/** What the banner offers: the browser's install dialog, or how to add the app on an iPhone or iPad. */
export type InstallBannerVariant = 'install' | 'ios';

/** Opened from the home screen: already installed. */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** iOS gives web pages no install event: adding to the home screen goes through the share menu. */
export function isIos(): boolean {
  const userAgent = navigator.userAgent;
  // iPadOS presents itself as a Mac; its touch screen tells it apart.
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && navigator.maxTouchPoints > 1);
}

function isDismissed(): boolean {
  try {
    return localStorage.getItem(INSTALL_BANNER_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberDismissal(): void {
  try {
    localStorage.setItem(INSTALL_BANNER_DISMISSED_KEY, 'true');
  } catch {
    // Not remembered: the banner stays hidden on this page and comes back on the next visit.
  }
}

export type InstallBanner = {
  /** Null when the banner is not shown. */
  variant: InstallBannerVariant | null;
  install: () => Promise<void>;
  dismiss: () => void;
};

/**
 * The install banner of spec 001 §2: on a phone-sized screen (the app's own phone layout, decision 0019),
 * not when the app already runs installed, not once dismissed; Install where the browser gave its install
 * event, else the iOS instructions, else nothing (no way to install that the page could offer).
 */
export function useInstallBanner(): InstallBanner {
  const isPhone = useIsPhone();
  const deferredPrompt = useDeferredInstallPrompt();
  const [isHidden, setHidden] = useState(() => isDismissed() || isStandalone());
  const [canShowIosInstructions] = useState(isIos);

  let variant: InstallBannerVariant | null = null;
  if (isPhone && !isHidden) {
    if (deferredPrompt !== null) variant = 'install';
    else if (canShowIosInstructions) variant = 'ios';
  }

  return {
    variant,
    install: async () => {
      if (deferredPrompt !== null) await promptInstall(deferredPrompt);
    },
    dismiss: () => {
      rememberDismissal();
      setHidden(true);
    },
  };
}
