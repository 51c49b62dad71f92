import { DeleteOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { MailFolder } from '@crm/shared';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MailBulkActions } from '@/modules/mailbox/hooks/useMailBulkActions';

export type MailBulkBarProps = { folder: MailFolder; count: number; actions: MailBulkActions };

/** The bar over the list while messages are ticked: how many, and what can be done to them. */
export function MailBulkBar({ folder, count, actions }: MailBulkBarProps) {
  const { t } = useTranslation();
  return (
    <div className="mail-bulk-bar" data-testid="mail-bulk-bar">
      <Typography.Text strong>{t('mailbox.bulk.selected', { count })}</Typography.Text>
      <Space wrap>
        <Button icon={<EyeOutlined />} onClick={() => actions.markRead(true)} loading={actions.isMarking}>
          {t('mailbox.actions.markRead')}
        </Button>
        <Button icon={<EyeInvisibleOutlined />} onClick={() => actions.markRead(false)} loading={actions.isMarking}>
          {t('mailbox.actions.markUnread')}
        </Button>
        <Button danger icon={<DeleteOutlined />} onClick={actions.deleteSelected} loading={actions.isDeleting}>
          {folder === 'bin' ? t('mailbox.actions.deleteForGood') : t('mailbox.actions.delete')}
        </Button>
      </Space>
    </div>
  );
}
