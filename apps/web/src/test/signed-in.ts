import { afterEach, beforeEach, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { REP_USER } from '@/test/tokens';

/** Every test of the file runs signed in as the demo representative, in English, its fetch stubs undone after. */
export function signedInAsRepInEnglish(): void {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    setSession('token', REP_USER);
  });
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });
}
