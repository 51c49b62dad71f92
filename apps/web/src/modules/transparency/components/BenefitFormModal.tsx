import { BENEFIT_NATURES, type Convention } from '@crm/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayjs } from '@/lib/dayjs';
import { formatDate } from '@/lib/format';
import { translateKey } from '@/lib/i18n';
import { activityQueries } from '@/modules/activities/api';
import { activityDisplayTitle } from '@/modules/activities/utils/activity-format';
import { useBenefitSubmit, type BenefitFormValues } from '@/modules/transparency/hooks/useBenefitSubmit';
import { conventionLabel } from '@/modules/transparency/utils/labels';
import { eurosToCents } from '@/modules/transparency/utils/amounts';
import { useNetworkStatus } from '@/offline/engine/network-monitor';

export type BenefitFormModalProps = {
  doctorId: string;
  doctorName: string | null;
  conventions: readonly Convention[];
  open: boolean;
  onClose: () => void;
};

/**
 * Records one benefit given to the doctor (issue 31): nature, amount TTC typed in euros, date, and the convention
 * and activity it belongs to. The shared rules answer before anything is sent; offline it is queued.
 */
export function BenefitFormModal({ doctorId, doctorName, conventions, open, onClose }: BenefitFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BenefitFormValues>();
  const { isEffectivelyOnline } = useNetworkStatus();
  const activities = useInfiniteQuery({ ...activityQueries.ofDoctor(doctorId), enabled: open && isEffectivelyOnline });
  const { submit, isSaving } = useBenefitSubmit({ form, doctorId, doctorName, conventions, onSaved: onClose });

  const activityOptions = (activities.data?.pages ?? [])
    .flatMap((page) => page.activities)
    .map((activity) => ({
      value: activity.id,
      label: `${activityDisplayTitle(activity)} · ${formatDate(activity.start)}`,
    }));

  return (
    <Modal
      open={open}
      title={t('transparency.benefitForm.title')}
      okText={t('transparency.benefitForm.save')}
      okButtonProps={{ loading: isSaving, 'data-testid': 'benefit-save' }}
      cancelText={t('common.cancel')}
      onOk={() => {
        form.submit();
      }}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
      }}
      destroyOnHidden
    >
      {!isEffectivelyOnline && (
        <Alert
          type="info"
          showIcon
          className="transparency-alert"
          title={t('transparency.benefitForm.offline')}
          data-testid="benefit-offline-note"
        />
      )}
      <Form<BenefitFormValues>
        form={form}
        layout="vertical"
        initialValues={{ date: dayjs() }}
        onFinish={(values) => void submit(values)}
        data-testid="benefit-form"
      >
        <Form.Item
          name="nature"
          label={t('transparency.fields.nature')}
          rules={[{ required: true, message: translateKey('validation.required') }]}
        >
          <Select
            options={BENEFIT_NATURES.map((nature) => ({ value: nature, label: t(`transparency.natures.${nature}`) }))}
            data-testid="benefit-nature"
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('transparency.fields.amount')}
          extra={t('transparency.benefitForm.amountHelp')}
          rules={[
            { required: true, whitespace: true, message: translateKey('validation.required') },
            {
              validator: (_rule, value: string | undefined) =>
                !value?.trim() || eurosToCents(value) !== null
                  ? Promise.resolve()
                  : Promise.reject(new Error(translateKey('transparency.amountInvalid'))),
            },
          ]}
        >
          <Input inputMode="decimal" suffix="€" autoComplete="off" data-testid="benefit-amount" />
        </Form.Item>
        <Form.Item
          name="date"
          label={t('transparency.fields.date')}
          rules={[{ required: true, message: translateKey('validation.required') }]}
        >
          <DatePicker format="L" allowClear={false} className="full-width" />
        </Form.Item>
        <Form.Item name="conventionId" label={t('transparency.fields.convention')}>
          <Select
            allowClear
            placeholder={t('transparency.benefitForm.noConvention')}
            options={conventions.map((convention) => ({ value: convention.id, label: conventionLabel(convention) }))}
            data-testid="benefit-convention"
          />
        </Form.Item>
        <Form.Item name="activityId" label={t('transparency.fields.activity')}>
          <Select
            allowClear
            loading={activities.isFetching}
            placeholder={t('transparency.benefitForm.noActivity')}
            options={activityOptions}
            data-testid="benefit-activity"
          />
        </Form.Item>
        <Form.Item name="note" label={t('transparency.fields.note')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
