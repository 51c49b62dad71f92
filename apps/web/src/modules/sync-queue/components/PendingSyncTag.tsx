import { CloudUploadOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Marks an activity or a doctor written on the device whose change has not reached the server yet. */
export function PendingSyncTag() {
  const { t } = useTranslation();
  return (
    <Tag icon={<CloudUploadOutlined />} color="gold" data-testid="pending-sync-tag">
      {t('offline.waitingTag')}
    </Tag>
  );
}
