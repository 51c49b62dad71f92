import { negligibleRefusalMessage, negligibleValueRefusal } from '@crm/shared';
import { useQueries } from '@tanstack/react-query';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActivityFormValues } from '@/modules/activities/utils/activity-form-values';
import { ledgerOf, transparencyQueries } from '@/modules/transparency/api';
import { formatCents } from '@/modules/transparency/utils/amounts';
import { useNetworkStatus } from '@/offline/engine/network-monitor';
import '@/modules/transparency/transparency.css';

/**
 * Inside the activity form (issue 31): warns, without blocking the save, when the planned budget shared among
 * the activity's doctors would take one of them past a negligible value. The spend is read as a meal, the
 * commonest benefit a visit's budget pays and the one the law bounds tightest, against each doctor's year as
 * the server counts it. Offline the years can't be asked: it says the check could not be made.
 */
export function PlannedSpendWarning() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ActivityFormValues>();
  const budget = Form.useWatch('budgetEstimate', form);
  const doctor = Form.useWatch('doctor', form);
  const attendees = Form.useWatch('attendees', form);
  const day = Form.useWatch('date', form);
  const { isEffectivelyOnline } = useNetworkStatus();

  const doctors = new Map<string, string>();
  if (doctor) doctors.set(doctor.value, doctor.label);
  for (const attendee of attendees ?? []) if (!doctors.has(attendee.value)) doctors.set(attendee.value, attendee.label);
  const date = day ? day.format('YYYY-MM-DD') : null;
  const totalCents = typeof budget === 'number' ? Math.round(budget * 100) : 0;
  const perDoctorCents = doctors.size === 0 ? 0 : Math.round(totalCents / doctors.size);
  const checks = perDoctorCents > 0 && date !== null && isEffectivelyOnline;
  const years = useQueries({
    queries: [...doctors.keys()].map((id) => ({
      ...transparencyQueries.year(id, Number(date?.slice(0, 4) ?? 0)),
      enabled: checks,
    })),
  });

  if (perDoctorCents === 0 || date === null) return null;
  if (!isEffectivelyOnline) {
    return (
      <Alert
        type="info"
        showIcon
        className="activity-form-alert"
        title={t('transparency.warning.offline')}
        data-testid="planned-spend-unchecked"
      />
    );
  }
  const names = [...doctors.values()];
  const refusals = years.flatMap((year, index) => {
    if (year.data === undefined) return [];
    const refusal = negligibleValueRefusal(
      { nature: 'meal', amountCents: perDoctorCents, date, conventionId: null },
      ledgerOf(year.data.benefits),
    );
    if (refusal === null) return [];
    const { key, params } = negligibleRefusalMessage(refusal);
    return [{ name: names[index] ?? '', text: t(key, params) }];
  });
  if (years.some((year) => year.isError)) {
    return (
      <Alert
        type="info"
        showIcon
        className="activity-form-alert"
        title={t('transparency.warning.failed')}
        data-testid="planned-spend-unchecked"
      />
    );
  }
  if (refusals.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="activity-form-alert"
      title={t('transparency.warning.title', { amount: formatCents(perDoctorCents), count: doctors.size })}
      description={
        <>
          <ul className="list-plain">
            {refusals.map((refusal) => (
              <li key={refusal.name}>
                {t('transparency.warning.doctorLine', { name: refusal.name, message: refusal.text })}
              </li>
            ))}
          </ul>
          {t('transparency.warning.advice')}
        </>
      }
      data-testid="planned-spend-warning"
    />
  );
}
