import { EditOutlined, SearchOutlined } from '@ant-design/icons';
import type { Email, EmailSummary, MailFolder } from '@crm/shared';
import { Button, Card, Input } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMailStats } from '@/modules/mailbox/api';
import { FolderNav } from '@/modules/mailbox/components/FolderNav';
import { MailBulkBar } from '@/modules/mailbox/components/MailBulkBar';
import { MessageList } from '@/modules/mailbox/components/MessageList';
import { MessageView } from '@/modules/mailbox/components/MessageView';
import { useMailBulkActions } from '@/modules/mailbox/hooks/useMailBulkActions';
import { useMailboxParams } from '@/modules/mailbox/hooks/useMailboxParams';
import { PageHeader } from '@/ui/PageHeader';
import { PageLoader } from '@/ui/PageLoader';
import { useIsPhone } from '@/ui/phone-layout';
import '@/modules/mailbox/mailbox.css';

// The composer brings the rich-text editor: it loads when first opened, never with the page.
const ComposeModal = lazy(() =>
  import('@/modules/mailbox/components/ComposeModal').then((module) => ({ default: module.ComposeModal })),
);

/** /emails: folders, list, message, composer and reply (spec 001 §§2, 4). */
export function MailboxPage() {
  const { t } = useTranslation();
  const isCompact = useIsPhone();
  const params = useMailboxParams();
  const { data: stats } = useMailStats();
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [replyTo, setReplyTo] = useState<Email | null>(null);
  const bulk = useMailBulkActions(selectedIds, () => {
    setSelectedIds([]);
  });

  const handleFolder = (folder: MailFolder) => {
    setSelectedIds([]);
    params.setFolder(folder);
  };
  const handleOpen = (email: EmailSummary) => {
    params.open(email.id);
  };
  const closeComposer = () => {
    setReplyTo(null);
    params.setComposing(false);
  };

  const isComposerOpen = params.isComposing || replyTo !== null;
  const showList = !(isCompact && params.openId !== null);

  return (
    <div className="page mailbox-page">
      <PageHeader
        title={t('mailbox.title')}
        subtitle={t('mailbox.subtitle')}
        actions={
          <Button
            type="primary"
            icon={<EditOutlined />}
            onClick={() => {
              params.setComposing(true);
            }}
            data-testid="compose-button"
          >
            {t('mailbox.compose.open')}
          </Button>
        }
      />
      <div className={`mailbox-layout${isCompact ? ' mailbox-layout-compact' : ''}`}>
        {showList && (
          <aside className="mailbox-folders">
            <FolderNav folder={params.folder} stats={stats} isCompact={isCompact} onChange={handleFolder} />
          </aside>
        )}
        <section className="mailbox-main">
          {params.openId !== null ? (
            <MessageView
              key={params.openId}
              id={params.openId}
              onClose={() => {
                params.open(null);
              }}
              onReply={setReplyTo}
            />
          ) : (
            <Card className="page-card mailbox-list-card">
              <Input
                allowClear
                className="list-search"
                prefix={<SearchOutlined />}
                placeholder={t('mailbox.searchPlaceholder')}
                aria-label={t('mailbox.searchLabel')}
                data-testid="mail-search"
                value={params.searchText}
                onChange={(event) => {
                  setSelectedIds([]);
                  params.onSearchTextChange(event.target.value);
                }}
              />
              {selectedIds.length > 0 && (
                <MailBulkBar folder={params.folder} count={selectedIds.length} actions={bulk} />
              )}
              <MessageList
                folder={params.folder}
                page={params.page}
                search={params.search}
                isCompact={isCompact}
                selectedIds={selectedIds}
                onSelect={setSelectedIds}
                onOpen={handleOpen}
                onPageChange={(page) => {
                  setSelectedIds([]);
                  params.setPage(page);
                }}
              />
            </Card>
          )}
        </section>
      </div>
      {isComposerOpen && (
        <Suspense fallback={<PageLoader />}>
          <ComposeModal
            key={replyTo?.id ?? 'new'}
            replyTo={replyTo}
            onClose={closeComposer}
            onSent={() => {
              setReplyTo(null);
              params.showSent();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
