import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { CONSENT_CHOICES, type ConsentChoice, type ConsentRecord } from '@crm/shared';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export type ConsentChoiceValues = Pick<ConsentRecord, 'professionalConsent' | 'congressConsent' | 'generalConsent'>;

export function isChoiceGiven(values: ConsentChoiceValues, choice: ConsentChoice): boolean {
  return values[`${choice}Consent`];
}

export type ConsentChoicesProps = { values: ConsentChoiceValues };

/** The three choices of a record, each said given or not in words (not by colour alone). */
export function ConsentChoiceList({ values }: ConsentChoicesProps) {
  const { t } = useTranslation();
  return (
    <ul className="consent-choices" data-testid="consent-choices">
      {CONSENT_CHOICES.map((choice) => {
        const given = isChoiceGiven(values, choice);
        return (
          <li key={choice} className="consent-choice" data-testid={`consent-choice-${choice}`} data-given={given}>
            {given ? (
              <CheckCircleFilled className="consent-choice-icon consent-choice-given" aria-hidden />
            ) : (
              <CloseCircleOutlined className="consent-choice-icon consent-choice-not-given" aria-hidden />
            )}
            <span className="consent-choice-label">{t(`consents.${choice}`)}</span>
            <Typography.Text type={given ? 'success' : 'secondary'} className="consent-choice-value">
              {given ? t('consents.tab.given') : t('consents.tab.notGiven')}
            </Typography.Text>
          </li>
        );
      })}
    </ul>
  );
}

/** The same three choices as small tags, for the history; a choice not given is struck through. */
export function ConsentChoiceTags({ values }: ConsentChoicesProps) {
  const { t } = useTranslation();
  return (
    <span className="consent-choice-tags">
      {CONSENT_CHOICES.map((choice) => {
        const given = isChoiceGiven(values, choice);
        const label = t(`consents.${choice}`);
        return (
          <Tag
            key={choice}
            color={given ? 'green' : undefined}
            icon={given ? <CheckCircleFilled /> : <CloseCircleOutlined />}
            className={given ? undefined : 'consent-choice-tag-off'}
            title={`${label}: ${given ? t('consents.tab.given') : t('consents.tab.notGiven')}`}
            data-testid={`consent-choice-tag-${choice}`}
            data-given={given}
          >
            {label}
          </Tag>
        );
      })}
    </span>
  );
}
