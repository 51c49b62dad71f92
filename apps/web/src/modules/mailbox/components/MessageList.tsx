import { PaperClipOutlined, RollbackOutlined } from '@ant-design/icons';
import { type EmailSummary, MAILBOX_PAGE_SIZE, type MailFolder } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '@/lib/format';
import { mailboxQueries } from '@/modules/mailbox/api';
import { clickableRows } from '@/ui/table-list';

export type MessageListProps = {
  folder: MailFolder;
  page: number;
  search: string;
  isCompact: boolean;
  selectedIds: string[];
  onSelect: (ids: string[]) => void;
  onOpen: (email: EmailSummary) => void;
  onPageChange: (page: number) => void;
};

/** The sender's (or recipients') column; the subject takes what it and the date leave. */
export const CORRESPONDENT_COLUMN_WIDTH = '25%';

/** Today's messages show their time, older ones their date. */
function shortWhen(iso: string): string {
  const date = new Date(iso);
  const now = new Date();
  return date.toDateString() === now.toDateString() ? formatTime(iso) : formatDate(iso);
}

/** A folder's page of 50 messages, newest first, with checkboxes for the bulk actions. */
export function MessageList({
  folder,
  page,
  search,
  isCompact,
  selectedIds,
  onSelect,
  onOpen,
  onPageChange,
}: MessageListProps) {
  const { t } = useTranslation();
  const { data, isPending, isFetching, isError, refetch } = useQuery(mailboxQueries.list({ folder, page, search }));

  if (isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('mailbox.messages.fetchFailed')}
        action={
          <Button size="small" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  /** Who a line names: the sender of a received message, the recipients of a sent one (in the bin too). */
  const who = (email: EmailSummary) =>
    email.originFolder === 'sent'
      ? t('mailbox.list.to', { recipients: email.recipients.join(', ') })
      : (email.sender.displayName ?? email.sender.email);

  const subjectCell = (email: EmailSummary) => (
    <div className="mail-line-subject">
      <span className="mail-subject-text">
        {email.isReply && <RollbackOutlined className="mail-reply-icon" aria-label={t('mailbox.list.reply')} />}
        {email.subject}
      </span>
      {email.hasAttachments && <PaperClipOutlined aria-label={t('mailbox.list.hasAttachments')} />}
      <Typography.Text type="secondary" className="mail-preview">
        {email.preview}
      </Typography.Text>
    </div>
  );

  const columns: TableColumnsType<EmailSummary> = isCompact
    ? [
        {
          key: 'message',
          render: (_, email) => (
            <div className="mail-line-compact">
              <div className="mail-line-top">
                <span className="mail-correspondent">{who(email)}</span>
                <span className="mail-when">{shortWhen(email.createdAt)}</span>
              </div>
              {subjectCell(email)}
            </div>
          ),
        },
      ]
    : [
        {
          key: 'correspondent',
          title: folder === 'sent' ? t('mailbox.list.recipients') : t('mailbox.list.sender'),
          // A share of the list, not a fixed width: beside the folders in a 1024 px window the list is
          // about 430 px wide, and 220 px here with the date's 150 left the subject nothing.
          width: CORRESPONDENT_COLUMN_WIDTH,
          ellipsis: true,
          render: (_, email) => <span className="mail-correspondent">{who(email)}</span>,
        },
        { key: 'subject', title: t('mailbox.list.subject'), ellipsis: true, render: (_, email) => subjectCell(email) },
        {
          key: 'date',
          title: t('mailbox.list.date'),
          width: 150,
          align: 'right',
          render: (_, email) => <span className="mail-when">{shortWhen(email.createdAt)}</span>,
        },
      ];

  return (
    <Table<EmailSummary>
      data-testid="mail-list"
      rowKey="id"
      size={isCompact ? 'small' : 'middle'}
      showHeader={!isCompact}
      // Fixed: long subjects and previews are cut with an ellipsis instead of widening the table.
      tableLayout="fixed"
      columns={columns}
      dataSource={data?.emails ?? []}
      loading={isPending || isFetching}
      rowSelection={{
        selectedRowKeys: selectedIds,
        onChange: (keys) => {
          onSelect(keys.map(String));
        },
        columnWidth: 40,
      }}
      rowClassName={(email) => `clickable-row${email.isRead ? '' : ' mail-unread'}`}
      onRow={clickableRows<EmailSummary>(onOpen).onRow}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={search === '' ? t(`mailbox.empty.${folder}`) : t('mailbox.empty.search', { search })}
          />
        ),
      }}
      pagination={{
        current: page,
        pageSize: MAILBOX_PAGE_SIZE,
        total: data?.total ?? 0,
        showSizeChanger: false,
        hideOnSinglePage: false,
        showTotal: (total, [start, end]) => t('common.rangeOfTotal', { start, end, total }),
        onChange: onPageChange,
      }}
    />
  );
}
