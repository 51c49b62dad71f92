import { BENEFIT_NATURES, type Activity, type BenefitNature } from '@crm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { dayjs } from '@/lib/dayjs';
import { serverMessage } from '@/lib/errors';
import { translateKey } from '@/lib/i18n';
import { ledgerOf, transparencyQueries, useRecordBenefitMutation } from '@/modules/transparency/api';
import { eurosToCents } from '@/modules/transparency/utils/amounts';
import { benefitRefusal } from '@/modules/transparency/utils/benefit-check';
import { writesGoToQueue } from '@/offline/queue/send-or-queue';
import '@/modules/transparency/transparency.css';

/** Who the activity's budget was spent on: its doctor and its attendees, once each. */
export function activityDoctors(activity: Pick<Activity, 'doctorId' | 'doctorName' | 'attendees'>) {
  const doctors = new Map<string, string>();
  if (activity.doctorId !== null) doctors.set(activity.doctorId, activity.doctorName ?? '');
  for (const attendee of activity.attendees) if (!doctors.has(attendee.id)) doctors.set(attendee.id, attendee.name);
  return [...doctors].map(([id, name]) => ({ id, name }));
}

type SpendValues = { nature: BenefitNature; amounts: Record<string, string | undefined> };

export type SpendPromptModalProps = { activity: Activity; onClose: () => void };

/**
 * After an activity with a budget is marked done (issue 31): what was actually spent on each doctor, recorded as
 * one benefit each, linked to the activity, through the same rules and queue as the doctor's tab. Skippable; a
 * doctor left empty gets nothing; a refusal stays under that doctor's amount and the others are recorded.
 */
export function SpendPromptModal({ activity, onClose }: SpendPromptModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SpendValues>();
  const record = useRecordBenefitMutation();
  const doctors = activityDoctors(activity);
  // One id and one key per doctor for the whole prompt: a second try names the same benefits.
  const [keys] = useState(
    () => new Map(doctors.map(({ id }) => [id, { id: crypto.randomUUID(), key: crypto.randomUUID() }])),
  );
  const [recorded, setRecorded] = useState<ReadonlySet<string>>(new Set());
  const [isSaving, setSaving] = useState(false);
  const date = dayjs(activity.start).format('YYYY-MM-DD');

  const save = async ({ nature, amounts }: SpendValues) => {
    setSaving(true);
    let refused = 0;
    const done = new Set(recorded);
    for (const doctor of doctors) {
      const amountCents = eurosToCents(amounts[doctor.id] ?? '');
      const ids = keys.get(doctor.id);
      if (done.has(doctor.id) || amountCents === null || amountCents === 0 || ids === undefined) continue;
      const field: ['amounts', string] = ['amounts', doctor.id];
      const year = await queryClient.query(transparencyQueries.year(doctor.id, Number(date.slice(0, 4))));
      // A convention of this doctor made for this activity, when the server can say (offline it cannot).
      const conventions = writesGoToQueue()
        ? []
        : await queryClient.query(transparencyQueries.conventions(doctor.id)).catch(() => []);
      const convention = conventions.find((known) => known.activityId === activity.id) ?? null;
      const input = {
        id: ids.id,
        nature,
        amountCents,
        date,
        conventionId: convention?.id ?? null,
        activityId: activity.id,
      };
      const refusal = benefitRefusal(input, ledgerOf(year.benefits), convention);
      if (refusal !== null) {
        form.setFields([{ name: field, errors: [refusal.message] }]);
        refused += 1;
        continue;
      }
      try {
        await record.mutateAsync({ doctorId: doctor.id, input, idempotencyKey: ids.key, doctorName: doctor.name });
        done.add(doctor.id);
        form.setFields([{ name: field, errors: [] }]);
      } catch (error) {
        form.setFields([{ name: field, errors: [isApiError(error) ? error.message : serverMessage(error)] }]);
        refused += 1;
      }
    }
    setRecorded(done);
    setSaving(false);
    if (refused > 0) {
      void message.error(t('transparency.spend.someRefused'));
      return;
    }
    void message.success(writesGoToQueue() ? t('offline.savedOffline') : t('transparency.spend.saved'));
    onClose();
  };

  return (
    <Modal
      open
      title={t('transparency.spend.title')}
      okText={t('transparency.spend.save')}
      okButtonProps={{ loading: isSaving, 'data-testid': 'spend-save' }}
      cancelText={t('transparency.spend.skip')}
      cancelButtonProps={{ 'data-testid': 'spend-skip' }}
      onOk={() => {
        form.submit();
      }}
      onCancel={onClose}
    >
      <Typography.Paragraph>{t('transparency.spend.intro')}</Typography.Paragraph>
      <Form<SpendValues>
        form={form}
        layout="vertical"
        initialValues={{ nature: 'meal', amounts: {} }}
        onFinish={(values) => void save(values)}
        data-testid="spend-form"
      >
        <Form.Item name="nature" label={t('transparency.fields.nature')}>
          <Select
            options={BENEFIT_NATURES.map((nature) => ({ value: nature, label: t(`transparency.natures.${nature}`) }))}
          />
        </Form.Item>
        {doctors.map((doctor) => (
          <div className="spend-prompt-row" key={doctor.id} data-testid={`spend-doctor-${doctor.id}`}>
            <Form.Item
              name={['amounts', doctor.id]}
              label={t('transparency.spend.amountFor', { name: doctor.name || t('activities.unnamedDoctor') })}
              className="spend-prompt-name"
              rules={[
                {
                  validator: (_rule, value: string | undefined) =>
                    !value?.trim() || eurosToCents(value) !== null
                      ? Promise.resolve()
                      : Promise.reject(new Error(translateKey('transparency.amountInvalid'))),
                },
              ]}
              extra={recorded.has(doctor.id) ? t('transparency.spend.recorded') : undefined}
            >
              <Input inputMode="decimal" suffix="€" autoComplete="off" disabled={recorded.has(doctor.id)} />
            </Form.Item>
          </div>
        ))}
      </Form>
    </Modal>
  );
}
