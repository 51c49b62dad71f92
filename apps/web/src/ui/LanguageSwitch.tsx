import { LANGUAGES, toLanguage, type Language } from '@crm/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Each language's own name. Written here rather than asked of Intl.DisplayNames, whose first call loads the
 * platform's locale data during the first render of every page that shows this switch.
 */
const NATIVE_LANGUAGE_NAMES: Readonly<Record<Language, string>> = { fr: 'Français', en: 'English' };

/**
 * Two radio buttons drawn as antd's small Segmented (styles.css): the sign-in page shows it and carries no
 * antd (decision 0040).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const name = useId();
  const current = toLanguage(i18n.resolvedLanguage);
  return (
    <div className="language-switch" role="radiogroup" aria-label={t('language.label')} data-testid="language-switch">
      {LANGUAGES.map((language) => (
        <label key={language} className="language-switch-option" title={NATIVE_LANGUAGE_NAMES[language]}>
          <input
            type="radio"
            name={name}
            value={language}
            checked={language === current}
            onChange={() => void i18n.changeLanguage(language)}
          />
          <span lang={language}>{language.toUpperCase()}</span>
        </label>
      ))}
    </div>
  );
}
