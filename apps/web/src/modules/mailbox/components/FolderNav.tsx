import { DeleteOutlined, InboxOutlined, SendOutlined } from '@ant-design/icons';
import type { EmailStats, MailFolder } from '@crm/shared';
import { Badge, Menu, Segmented } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type FolderNavProps = {
  folder: MailFolder;
  stats: EmailStats | undefined;
  isCompact: boolean;
  onChange: (folder: MailFolder) => void;
};

const ICONS: Record<MailFolder, ReactNode> = {
  inbox: <InboxOutlined />,
  sent: <SendOutlined />,
  bin: <DeleteOutlined />,
};

/** The folders with their totals, the inbox with its unread badge beside its total (spec 001 §2). */
export function FolderNav({ folder, stats, isCompact, onChange }: FolderNavProps) {
  const { t } = useTranslation();
  const totalOf = (name: MailFolder) => stats?.[name] ?? 0;
  const unread = stats?.unreadCount ?? 0;
  const label = (name: MailFolder) => (
    <span className="mail-folder-label" data-testid={`folder-${name}`}>
      <span className="mail-folder-name">{t(`mailbox.folders.${name}`)}</span>
      <span className="mail-folder-counts">
        {name === 'inbox' && unread > 0 && (
          <Badge
            count={unread}
            size="small"
            data-testid="folder-unread"
            title={t('mailbox.unreadCount', { count: unread })}
          />
        )}
        <span className="mail-folder-count" aria-label={t('mailbox.folderTotal', { count: totalOf(name) })}>
          {totalOf(name)}
        </span>
      </span>
    </span>
  );
  const folders: MailFolder[] = ['inbox', 'sent', 'bin'];

  if (isCompact) {
    return (
      <Segmented<MailFolder>
        block
        className="mail-folders-compact"
        value={folder}
        onChange={onChange}
        options={folders.map((name) => ({ value: name, label: label(name) }))}
      />
    );
  }
  return (
    <nav aria-label={t('mailbox.foldersLabel')}>
      <Menu
        mode="inline"
        className="mail-folders"
        selectedKeys={[folder]}
        onClick={({ key }) => {
          onChange(key as MailFolder);
        }}
        items={folders.map((name) => ({ key: name, icon: ICONS[name], label: label(name) }))}
      />
    </nav>
  );
}
