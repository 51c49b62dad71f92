import { PaperClipOutlined } from '@ant-design/icons';
import { ATTACHMENT_EXTENSIONS, type Email, type EmailAttachment, EmailInput, MAX_ATTACHMENTS } from '@crm/shared';
import { Alert, App, Button, Form, Input, Modal, Upload, type UploadFile } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { schemaRule } from '@/lib/form-rules';
import { formatDateTime } from '@/lib/format';
import { uploadAttachment, useSendEmail } from '@/modules/mailbox/api';
import { RecipientsSelect } from '@/modules/mailbox/components/RecipientsSelect';
import { RichTextEditor, type RichTextEditorHandle } from '@/ui/rich-text/RichTextEditor';
import { SafeHtml } from '@/ui/rich-text/SafeHtml';

/** The spec's compose modal width (spec 001 §9). */
export const COMPOSE_MODAL_WIDTH = 1000;

export type ComposeModalProps = {
  /** The message replied to: its sender becomes the recipient and its subject is kept, both locked. */
  replyTo: Email | null;
  onClose: () => void;
  onSent: () => void;
};

type ComposeValues = { recipients: string[]; subject: string; body: string };

const replySubject = (subject: string) => (/^re\s*:/i.test(subject) ? subject : `Re: ${subject}`);

/** Writing a message or a reply (spec 001 §§2, 5): the editor loads with this modal, not before. */
export function ComposeModal({ replyTo, onClose, onSent }: ComposeModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ComposeValues>();
  const editor = useRef<RichTextEditorHandle>(null);
  const send = useSendEmail();
  // One key for this draft: a double click or a retry after a lost answer sends it once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [files, setFiles] = useState<UploadFile<EmailAttachment>[]>([]);
  const isReply = replyTo !== null;
  const isUploading = files.some((file) => file.status === 'uploading');

  const handleSubmit = async () => {
    editor.current?.flush();
    const values = await form.validateFields();
    const attachments = files.flatMap((file) => (file.status === 'done' && file.response ? [file.response.id] : []));
    send.mutate(
      {
        idempotencyKey,
        input: {
          recipients: values.recipients,
          subject: values.subject,
          body: values.body,
          attachments,
          parentEmailId: replyTo?.id ?? null,
        },
      },
      {
        onSuccess: () => {
          void message.success(t('mailbox.messages.sent'));
          onSent();
        },
      },
    );
  };

  return (
    <Modal
      open
      width={COMPOSE_MODAL_WIDTH}
      title={isReply ? t('mailbox.compose.replyTitle') : t('mailbox.compose.title')}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="send"
          type="primary"
          loading={send.isPending}
          disabled={isUploading}
          onClick={() => void handleSubmit().catch(() => undefined)}
          data-testid="compose-send"
        >
          {t('mailbox.compose.send')}
        </Button>,
      ]}
    >
      {send.isError && (
        <Alert
          type="error"
          showIcon
          className="compose-error"
          title={t('mailbox.messages.sendFailed')}
          description={serverMessage(send.error)}
          data-testid="compose-error"
        />
      )}
      <Form<ComposeValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          recipients: replyTo === null ? [] : [replyTo.sender.email],
          subject: replyTo === null ? '' : replySubject(replyTo.subject),
          body: '',
        }}
      >
        <Form.Item
          name="recipients"
          label={t('mailbox.compose.recipients')}
          extra={isReply ? undefined : t('mailbox.compose.recipientsHelp')}
          rules={[
            // The request's schema: at least one recipient, at most the server's limit, each a valid address.
            schemaRule(EmailInput.shape.recipients, {
              checksEmpty: true,
              messages: {
                'validation.email': (wrong) => t('mailbox.compose.invalidRecipients', { addresses: wrong.join(', ') }),
              },
            }),
          ]}
        >
          <RecipientsSelect isLocked={isReply} />
        </Form.Item>
        <Form.Item
          name="subject"
          label={t('mailbox.compose.subject')}
          rules={[{ required: true, whitespace: true, message: t('mailbox.compose.subjectRequired') }]}
        >
          <Input disabled={isReply} maxLength={255} data-testid="compose-subject" />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('mailbox.compose.body')}
          rules={[{ required: true, whitespace: true, message: t('mailbox.compose.bodyRequired') }]}
        >
          <RichTextEditor ref={editor} ariaLabel={t('mailbox.compose.body')} data-testid="compose-body" />
        </Form.Item>
        <Upload<EmailAttachment>
          multiple
          fileList={files}
          accept={ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',')}
          maxCount={MAX_ATTACHMENTS}
          onChange={({ fileList }) => {
            setFiles(fileList);
          }}
          customRequest={({ file, onSuccess, onError }) => {
            uploadAttachment(file as File)
              .then((attachment) => onSuccess?.(attachment))
              .catch((error: unknown) => {
                void message.error(`${(file as File).name}: ${serverMessage(error)}`);
                onError?.(error instanceof Error ? error : new Error(String(error)));
              });
          }}
        >
          <Button icon={<PaperClipOutlined />} data-testid="compose-attach">
            {t('mailbox.compose.attach')}
          </Button>
        </Upload>
        <div className="compose-attach-help">{t('mailbox.compose.attachHelp')}</div>
      </Form>
      {replyTo !== null && (
        <div className="mail-parent">
          <div className="mail-parent-label">
            {t('mailbox.view.wrote', { date: formatDateTime(replyTo.createdAt), sender: replyTo.sender.email })}
          </div>
          <SafeHtml html={replyTo.body} title={t('mailbox.view.parentFrame')} />
        </div>
      )}
    </Modal>
  );
}
