import { useState } from 'react';

/** Spec 000 §9: the recent-doctors information banner's dismissal is stored locally. */
export const RECENT_BANNER_STORAGE_KEY = 'crm.recentDoctorsBannerDismissed';

function readDismissed(): boolean {
  try {
    return localStorage.getItem(RECENT_BANNER_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Whether the banner was dismissed on this device, and how to dismiss it for good. */
export function useRecentBanner(): { isDismissed: boolean; dismiss: () => void } {
  const [isDismissed, setDismissed] = useState(readDismissed);
  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(RECENT_BANNER_STORAGE_KEY, 'true');
    } catch {
      // Storage full or forbidden: dismissed for this visit only.
    }
  };
  return { isDismissed, dismiss };
}
