import { CONSENT_CHOICES, choiceField, type ConsentChoices } from '@crm/shared';
import { Card, Checkbox, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export type ConsentChoiceFieldsProps = {
  value: ConsentChoices;
  onChange: (value: ConsentChoices) => void;
  disabled: boolean;
};

/** Spec 000 §2: the three consent checkboxes, each with what it covers, so the doctor knows what they accept. */
export function ConsentChoiceFields({ value, onChange, disabled }: ConsentChoiceFieldsProps) {
  const { t } = useTranslation();
  return (
    <Card className="page-card consent-card" size="small" title={t('consents.choicesTitle')}>
      <div className="consent-choice-fields" role="group" aria-label={t('consents.choicesTitle')}>
        {CONSENT_CHOICES.map((choice) => {
          const field = choiceField(choice);
          return (
            <Checkbox
              key={choice}
              checked={value[field]}
              disabled={disabled}
              onChange={(event) => {
                onChange({ ...value, [field]: event.target.checked });
              }}
              className="consent-choice-field"
              data-testid={`consent-checkbox-${choice}`}
            >
              <span className="consent-choice-field-label">{t(`consents.${choice}`)}</span>
              <Typography.Text type="secondary" className="consent-choice-field-help">
                {t(`consents.${choice}Help`)}
              </Typography.Text>
            </Checkbox>
          );
        })}
      </div>
    </Card>
  );
}
