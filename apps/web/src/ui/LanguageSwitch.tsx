import { LANGUAGES, toLanguage, type Language } from '@crm/shared';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

/** The language's own name ("français", "English"), from the platform rather than the catalogues. */
function nativeName(language: Language): string {
  return new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
}

const OPTIONS = LANGUAGES.map((language) => ({
  value: language,
  label: language.toUpperCase(),
  title: nativeName(language),
}));

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const handleChange = (language: Language) => {
    void i18n.changeLanguage(language);
  };
  return (
    <Segmented<Language>
      data-testid="language-switch"
      aria-label={t('language.label')}
      size="small"
      value={toLanguage(i18n.resolvedLanguage)}
      options={OPTIONS}
      onChange={handleChange}
    />
  );
}
