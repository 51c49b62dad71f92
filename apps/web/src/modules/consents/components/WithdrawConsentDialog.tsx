import {
  givenChoices,
  WITHDRAWAL_REASON_MAX_LENGTH,
  WITHDRAWAL_REQUESTERS,
  type ConsentChoice,
  type ConsentChoices,
  type WithdrawalRequester,
} from '@crm/shared';
import { App, Checkbox, Form, Input, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { applyServerFieldErrors, requiredRule } from '@/lib/form-rules';
import { useWithdrawConsent } from '@/modules/consents/api';

type WithdrawalForm = { requestedBy: WithdrawalRequester; reason: string; choices: ConsentChoice[] };

const FIELD_NAMES = ['requestedBy', 'reason', 'choices'] as const;

export type WithdrawConsentDialogProps = {
  doctorId: string;
  doctorName: string;
  /** The choices in force: those that can be withdrawn. */
  current: ConsentChoices;
  open: boolean;
  onClose: () => void;
};

/**
 * GDPR art. 7(3): withdrawing is as easy as giving, so no drawing: which choices (all those in force, ticked
 * already), who asks (the doctor, already chosen, as most withdrawals come from them) and why, then confirm.
 * The reason is the record's only account of it.
 */
export function WithdrawConsentDialog({ doctorId, doctorName, current, open, onClose }: WithdrawConsentDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<WithdrawalForm>();
  const withdraw = useWithdrawConsent(doctorId);

  const inForce = givenChoices(current);
  const handleSubmit = async ({ requestedBy, reason, choices }: WithdrawalForm) => {
    try {
      await withdraw.mutateAsync({ requestedBy, reason: reason.trim(), choices });
    } catch (error) {
      // The dialog stays open with what was typed, to correct it or try again.
      applyServerFieldErrors(form, error, FIELD_NAMES);
      void message.error(t('consents.tab.withdrawFailed', { message: serverMessage(error) }));
      return;
    }
    void message.success(t('consents.tab.withdrawn'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('consents.tab.withdrawDialog.title', { name: doctorName })}
      okText={t('consents.tab.withdrawDialog.confirm')}
      okButtonProps={{ danger: true, loading: withdraw.isPending, 'data-testid': 'withdraw-consent-confirm' }}
      cancelText={t('common.cancel')}
      onOk={() => {
        form.submit();
      }}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
      }}
    >
      <Typography.Paragraph>{t('consents.tab.withdrawDialog.text')}</Typography.Paragraph>
      <Form<WithdrawalForm>
        form={form}
        layout="vertical"
        initialValues={{ requestedBy: 'doctor', reason: '', choices: inForce }}
        onFinish={(values) => void handleSubmit(values)}
        requiredMark={false}
        data-testid="withdraw-consent-form"
      >
        <Form.Item
          name="choices"
          label={t('consents.tab.withdrawDialog.choices')}
          rules={[{ type: 'array', required: true, min: 1, message: t('validation.required') }]}
        >
          <Checkbox.Group
            className="withdraw-choices"
            options={inForce.map((choice) => ({ value: choice, label: t(`consents.${choice}`) }))}
            data-testid="withdraw-consent-choices"
          />
        </Form.Item>
        <Form.Item name="requestedBy" label={t('consents.tab.withdrawDialog.requestedBy')}>
          <Radio.Group
            options={WITHDRAWAL_REQUESTERS.map((requester) => ({
              value: requester,
              label: t(`consents.tab.requesters.${requester}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="reason" label={t('consents.tab.reason')} rules={[requiredRule()]}>
          <Input.TextArea
            autoFocus
            rows={3}
            maxLength={WITHDRAWAL_REASON_MAX_LENGTH}
            showCount
            placeholder={t('consents.tab.withdrawDialog.reasonPlaceholder')}
            data-testid="withdraw-consent-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
