import { useSyncExternalStore } from 'react';

/** Chromium's install event (not in TypeScript's DOM library). */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
};

let deferredPrompt: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function setDeferredPrompt(event: BeforeInstallPromptEvent | null): void {
  deferredPrompt = event;
  for (const listener of listeners) listener();
}

/**
 * Keeps the browser's install event for the banner's Install button instead of the browser's own mini
 * bar. At start-up: the event can come before the signed-in layout, which shows the banner, has rendered.
 */
export function captureInstallPrompt(): () => void {
  const handleBeforeInstallPrompt = (event: Event) => {
    event.preventDefault();
    setDeferredPrompt(event as BeforeInstallPromptEvent);
  };
  const handleInstalled = () => setDeferredPrompt(null);
  window.addEventListener('beforeinstallprompt', handleBeforeInstallPrompt);
  window.addEventListener('appinstalled', handleInstalled);
  return () => {
    window.removeEventListener('beforeinstallprompt', handleBeforeInstallPrompt);
    window.removeEventListener('appinstalled', handleInstalled);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getDeferredPrompt(): BeforeInstallPromptEvent | null {
  return deferredPrompt;
}

export function useDeferredInstallPrompt(): BeforeInstallPromptEvent | null {
  return useSyncExternalStore(subscribe, getDeferredPrompt);
}

/** Shows the browser's install dialog; the event serves once, whatever the rep answers. */
export async function promptInstall(event: BeforeInstallPromptEvent): Promise<void> {
  setDeferredPrompt(null);
  await event.prompt();
  await event.userChoice;
}
