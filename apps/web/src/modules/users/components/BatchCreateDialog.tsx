import { BulkCreateEmailsField, type BulkCreateResult } from '@crm/shared';
import { Alert, App, Button, Form, Input, List, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOr } from '@/lib/errors';
import { schemaRule } from '@/lib/form-rules';
import { useBulkCreateMutation } from '@/modules/users/api';
import { useDeliveryNotice } from '@/modules/users/components/use-delivery-notice';

export type BatchCreateDialogProps = { open: boolean; onClose: () => void };

/** Spec 001 §5: comma-separated e-mails, trimmed, each checked; one result per address afterwards. */
export function BatchCreateDialog({ open, onClose }: BatchCreateDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ emails: string }>();
  const bulk = useBulkCreateMutation();
  const showDeliveryNotice = useDeliveryNotice();
  const [result, setResult] = useState<BulkCreateResult | null>(null);

  // The request's own schema decides; the dialog words "required" and "invalid" its way, naming the addresses.
  const emailsRule = schemaRule(BulkCreateEmailsField, {
    checksEmpty: true,
    messages: {
      'validation.required': () => t('users.emailsRequired'),
      'validation.email': (invalid) => t('users.invalidEmails', { emails: invalid.join(', ') }),
    },
  });

  /** Spec 001 §8: '{n} users created successfully.' plus '{m} failed.', each in the right plural. */
  const summaryOf = (answer: BulkCreateResult) =>
    [
      t('users.batchCreated', { count: answer.created }),
      ...(answer.failed > 0 ? [t('users.batchFailed', { count: answer.failed })] : []),
    ].join(' ');

  const handleCreate = async () => {
    const { emails } = await form.validateFields();
    try {
      const answer = await bulk.mutateAsync(emails);
      setResult(answer);
      const summary = summaryOf(answer);
      if (answer.failed === 0) void message.success(summary);
      else if (answer.created === 0) void message.error(summary);
      else void message.warning(summary);
      showDeliveryNotice(answer.delivery, answer.created);
      if (answer.failed === 0) handleClose();
    } catch (error) {
      void message.error(serverMessageOr(error, t('users.createFailed')));
    }
  };

  const handleClose = () => {
    setResult(null);
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('users.batchTitle')}
      onCancel={handleClose}
      destroyOnHidden
      footer={
        result === null
          ? [
              <Button key="cancel" onClick={handleClose}>
                {t('common.cancel')}
              </Button>,
              <Button
                key="create"
                type="primary"
                loading={bulk.isPending}
                onClick={() => void handleCreate().catch(() => undefined)}
              >
                {t('users.create')}
              </Button>,
            ]
          : [
              <Button key="close" type="primary" onClick={handleClose}>
                {t('users.close')}
              </Button>,
            ]
      }
    >
      {result === null ? (
        <Form form={form} name="batch-create" layout="vertical" requiredMark={false} data-testid="batch-form">
          <Typography.Paragraph type="secondary">{t('users.batchHelp')}</Typography.Paragraph>
          <Form.Item name="emails" label={t('users.emails')} rules={[emailsRule]}>
            <Input.TextArea rows={5} placeholder="anne.martin@labo.fr, paul.durand@labo.fr" autoFocus />
          </Form.Item>
        </Form>
      ) : (
        <>
          <Alert
            type={result.failed === 0 ? 'success' : result.created === 0 ? 'error' : 'warning'}
            showIcon
            title={summaryOf(result)}
            className="users-batch-summary"
          />
          <List
            size="small"
            data-testid="batch-results"
            dataSource={result.results}
            renderItem={(item) => (
              <List.Item>
                <span className="users-batch-email">{item.email}</span>
                <Tag color={item.status === 'success' ? 'green' : 'red'}>{t(`users.outcome.${item.outcome}`)}</Tag>
                <Typography.Text type="secondary">{item.message}</Typography.Text>
              </List.Item>
            )}
          />
        </>
      )}
    </Modal>
  );
}
