import { HistoryOutlined } from '@ant-design/icons';
import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

export type LastUpdateProps = {
  /** The e-mail of whoever changed the record last. */
  updatedBy: string | null;
  updatedAt: string;
};

/** Who changed a doctor or an office last, and when (spec 000 §2: the last-update block). */
export function LastUpdate({ updatedBy, updatedAt }: LastUpdateProps) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      className="last-update"
      data-testid="last-update"
      title={
        <span className="card-title-with-icon">
          <HistoryOutlined />
          {t('ui.lastUpdate.title')}
        </span>
      }
    >
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'updatedBy',
            label: t('ui.lastUpdate.updatedBy'),
            children:
              updatedBy === null ? (
                <Typography.Text type="secondary">{t('ui.lastUpdate.unknown')}</Typography.Text>
              ) : (
                <span data-testid="last-update-by">{updatedBy}</span>
              ),
          },
          {
            key: 'updatedAt',
            label: t('ui.lastUpdate.updatedAt'),
            children: (
              <time dateTime={updatedAt} data-testid="last-update-at">
                {formatDateTime(updatedAt)}
              </time>
            ),
          },
        ]}
      />
    </Card>
  );
}
