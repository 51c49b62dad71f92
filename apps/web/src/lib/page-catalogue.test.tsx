import { act, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { frenchCatalogue } from '@/lib/french-catalogue';
import { i18n, loadCatalogue } from '@/lib/i18n';
import { loadPageCatalogue } from '@/lib/page-catalogue';

/** Texts of the pages' part, the web's and the shared one, as an admin page reads them. */
function AdminTexts() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('logs.title')}</h1>
      <p>{t('configuration.nameTaken')}</p>
    </>
  );
}

describe('the pages’ catalogue', () => {
  it('is not in the main catalogues', async () => {
    expect(frenchCatalogue).not.toHaveProperty('logs');
    expect(frenchCatalogue).not.toHaveProperty('mail');
    expect(frenchCatalogue).toHaveProperty('transparency.tab');
    expect(frenchCatalogue).not.toHaveProperty('transparency.admin');
    expect(await loadCatalogue('en')).not.toHaveProperty('users');
  });

  it('follows a language chosen on an admin page: the page shows the new language at once', async () => {
    // test/setup.ts loaded the French part, as the router does before an admin page renders.
    render(<AdminTexts />);
    expect(screen.getByRole('heading')).toHaveTextContent('Journaux');
    expect(screen.getByText('Ce nom est déjà utilisé')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading')).toHaveTextContent('Logs');
    expect(screen.getByText('This name is already used')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByRole('heading')).toHaveTextContent('Journaux');
  });

  it('is added to a language chosen before the page was opened', async () => {
    // English as fetched before any admin page registered its part.
    i18n.removeResourceBundle('en', 'translation');
    i18n.addResourceBundle('en', 'translation', await loadCatalogue('en'));
    expect(i18n.getFixedT('en')('logs.title')).toBe('Journaux');
    await loadPageCatalogue();
    expect(i18n.getFixedT('en')('logs.title')).toBe('Logs');
  });
});
