import { Button, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LogoutChoice } from '@/modules/auth/logout';

export type LogoutDialogProps = {
  /** The changes still not on the server; the dialog shows while it is not null. */
  count: number | null;
  onChoose: (choice: LogoutChoice) => void;
  onCancel: () => void;
  isBusy: boolean;
};

/** Logging out with changes not synchronised: keep them for this user's next sign-in, discard them, or stay. */
export function LogoutDialog({ count, onChoose, onCancel, isBusy }: LogoutDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={count !== null}
      title={t('sync.logoutTitle')}
      onCancel={onCancel}
      destroyOnHidden
      footer={
        <Space wrap className="logout-dialog-actions">
          <Button onClick={onCancel} disabled={isBusy}>
            {t('common.cancel')}
          </Button>
          <Button danger onClick={() => onChoose('discard')} disabled={isBusy} data-testid="logout-discard">
            {t('sync.discardAll')}
          </Button>
          <Button type="primary" onClick={() => onChoose('keep')} loading={isBusy} data-testid="logout-keep">
            {t('sync.keep')}
          </Button>
        </Space>
      }
      data-testid="logout-dialog"
    >
      <Typography.Paragraph>{t('sync.logoutText', { count: count ?? 0 })}</Typography.Paragraph>
    </Modal>
  );
}
