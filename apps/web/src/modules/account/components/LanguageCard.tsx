import { LANGUAGES, toLanguage, type Language } from '@crm/shared';
import { Card, Radio } from 'antd';
import { useTranslation } from 'react-i18next';

/** The language's own name ("Français", "English"), from the platform rather than the catalogues. */
function nativeName(language: Language): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/** The language of the interface, kept on this device (spec 000 §1: under i18nextLng), as in the menu. */
export function LanguageCard() {
  const { t, i18n } = useTranslation();
  return (
    <Card className="page-card account-card" title={t('account.language.title')} data-testid="account-language">
      <Radio.Group
        className="account-language-options"
        value={toLanguage(i18n.resolvedLanguage)}
        onChange={(event) => void i18n.changeLanguage(event.target.value as Language)}
        options={LANGUAGES.map((language) => ({ value: language, label: nativeName(language) }))}
        optionType="button"
        buttonStyle="solid"
        aria-label={t('language.label')}
      />
      <p className="account-hint">{t('account.language.hint')}</p>
    </Card>
  );
}
