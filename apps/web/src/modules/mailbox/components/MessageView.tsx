import {
  ArrowLeftOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EyeInvisibleOutlined,
  PaperClipOutlined,
  RollbackOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { Email, EmailAttachment } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { serverMessage } from '@/lib/errors';
import { downloadAttachment, mailboxQueries, useDeleteEmails, useMoveEmail, useSetRead } from '@/modules/mailbox/api';
import { SafeHtml } from '@/ui/rich-text/SafeHtml';

export type MessageViewProps = {
  id: string;
  onClose: () => void;
  onReply: (email: Email) => void;
};

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const addressOf = (address: { email: string; displayName: string | null }) =>
  address.displayName === null ? address.email : `${address.displayName} <${address.email}>`;

/** One message: reading it marks it read (spec 001 §4); reply, unread, bin, restore, delete for good. */
export function MessageView({ id, onClose, onReply }: MessageViewProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data: email, isPending, isError } = useQuery(mailboxQueries.detail(id));
  const setRead = useSetRead();
  const move = useMoveEmail();
  const remove = useDeleteEmails();
  const markedRead = useRef<string | null>(null);

  useEffect(
    function markReadWhenOpened() {
      if (email === undefined || email.isRead || markedRead.current === email.id) return;
      markedRead.current = email.id;
      setRead.mutate(
        { ids: [email.id], isRead: true },
        { onError: () => void message.error(t('mailbox.messages.statusFailed')) },
      );
    },
    [email, setRead, message, t],
  );

  if (isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('mailbox.messages.detailFailed')}
        action={<Button onClick={onClose}>{t('common.back')}</Button>}
      />
    );
  }

  const inBin = email.folder === 'bin';
  const handleUnread = () => {
    setRead.mutate(
      { ids: [email.id], isRead: false },
      {
        onSuccess: () => {
          void message.success(t('mailbox.messages.markedUnread'));
          onClose();
        },
        onError: () => void message.error(t('mailbox.messages.statusFailed')),
      },
    );
  };
  const handleDelete = () => {
    remove.mutate([email.id], {
      onSuccess: (result) => {
        void message.success(t(result.deleted > 0 ? 'mailbox.messages.deletedForGood' : 'mailbox.messages.movedToBin'));
        onClose();
      },
      onError: (error) => void message.error(`${t('mailbox.messages.deleteFailed')}: ${serverMessage(error)}`),
    });
  };
  const handleRestore = () => {
    move.mutate(
      { id: email.id, folder: email.originFolder },
      {
        onSuccess: () => {
          void message.success(t('mailbox.messages.restored', { folder: t(`mailbox.folders.${email.originFolder}`) }));
          onClose();
        },
        onError: (error) => void message.error(`${t('mailbox.messages.moveFailed')}: ${serverMessage(error)}`),
      },
    );
  };
  const handleDownload = (attachment: EmailAttachment) => {
    downloadAttachment(attachment).catch((error: unknown) => {
      void message.error(serverMessage(error));
    });
  };

  return (
    <Card
      className="mail-view"
      data-testid="mail-view"
      title={
        <Space size={8} className="mail-view-title">
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('common.back')}
            title={t('common.back')}
            onClick={onClose}
          />
          <Typography.Title level={2} className="mail-view-subject" data-testid="mail-subject">
            {email.subject}
          </Typography.Title>
          {inBin && <Tag>{t('mailbox.folders.bin')}</Tag>}
        </Space>
      }
    >
      <div className="mail-view-actions">
        {!inBin && email.originFolder === 'inbox' && (
          <Button type="primary" icon={<RollbackOutlined />} onClick={() => onReply(email)} data-testid="mail-reply">
            {t('mailbox.actions.reply')}
          </Button>
        )}
        {!inBin && email.originFolder === 'inbox' && (
          <Button icon={<EyeInvisibleOutlined />} onClick={handleUnread} loading={setRead.isPending}>
            {t('mailbox.actions.markUnread')}
          </Button>
        )}
        {inBin && (
          <Button icon={<UndoOutlined />} onClick={handleRestore} loading={move.isPending} data-testid="mail-restore">
            {t('mailbox.actions.restore')}
          </Button>
        )}
        {inBin ? (
          <Popconfirm
            title={t('mailbox.actions.deleteForGoodConfirm')}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={handleDelete}
          >
            <Button danger icon={<DeleteOutlined />} loading={remove.isPending} data-testid="mail-delete">
              {t('mailbox.actions.deleteForGood')}
            </Button>
          </Popconfirm>
        ) : (
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={handleDelete}
            loading={remove.isPending}
            data-testid="mail-delete"
          >
            {t('mailbox.actions.delete')}
          </Button>
        )}
      </div>
      <Descriptions
        size="small"
        column={1}
        className="mail-view-header"
        items={[
          { key: 'from', label: t('mailbox.view.from'), children: addressOf(email.sender) },
          { key: 'to', label: t('mailbox.view.to'), children: email.recipients.join(', ') },
          { key: 'date', label: t('mailbox.view.date'), children: formatDateTime(email.createdAt) },
        ]}
      />
      <SafeHtml html={email.body} title={t('mailbox.view.bodyFrame')} data-testid="mail-body" />
      {email.attachments.length > 0 && (
        <div className="mail-attachments" data-testid="mail-attachments">
          <Typography.Text strong>
            <PaperClipOutlined /> {t('mailbox.view.attachments', { count: email.attachments.length })}
          </Typography.Text>
          <Space wrap>
            {email.attachments.map((attachment) => (
              <Button key={attachment.id} icon={<DownloadOutlined />} onClick={() => handleDownload(attachment)}>
                {attachment.fileName} ({fileSize(attachment.size)})
              </Button>
            ))}
          </Space>
        </div>
      )}
      {email.parentEmail !== null && (
        <div className="mail-parent" data-testid="mail-parent">
          <Typography.Text type="secondary">
            {t('mailbox.view.wrote', {
              date: formatDateTime(email.parentEmail.createdAt),
              sender: addressOf(email.parentEmail.sender),
            })}
          </Typography.Text>
          <SafeHtml html={email.parentEmail.body} title={t('mailbox.view.parentFrame')} />
        </div>
      )}
    </Card>
  );
}
