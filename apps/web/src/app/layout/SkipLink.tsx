import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop of the keyboard on every signed-in page (WCAG 2.4.1, RGAA 12.7): straight to the page,
 * past the menu and the header. Hidden until it has the focus. The focus is moved by hand, so the address
 * keeps no '#main-content' that a reload or the router would carry along.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (main === null) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      {t('nav.skipToContent')}
    </a>
  );
}
