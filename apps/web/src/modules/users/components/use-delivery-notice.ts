import type { MailDelivery } from '@crm/shared';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Spec 001 §8: after creating users, a notice that the e-mails were sent, or that SMTP is not configured and the
 * links are in the server logs (the answer's `delivery`, decision 0029).
 */
export function useDeliveryNotice() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  return (delivery: MailDelivery, count: number) => {
    if (count === 0) return;
    if (delivery === 'smtp') {
      notification.success({
        title: t('users.emailsSentTitle'),
        description: t('users.emailsSent', { count }),
        placement: 'topRight',
      });
    } else {
      notification.warning({
        title: t('users.smtpMissingTitle'),
        description: t('users.smtpMissing', { count }),
        placement: 'topRight',
        duration: 0,
      });
    }
  };
}
