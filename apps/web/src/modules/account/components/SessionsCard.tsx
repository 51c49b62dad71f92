import { DesktopOutlined, MobileOutlined, TabletOutlined } from '@ant-design/icons';
import { describeDevice, SESSION_TOUCH_INTERVAL_MS, type AccountSession } from '@crm/shared';
import { Alert, App, Button, Card, List, Popconfirm, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useAccountSessions, useEndOtherSessions, useEndSession } from '@/modules/account/api';

const DEVICE_ICONS = { phone: MobileOutlined, tablet: TabletOutlined, computer: DesktopOutlined } as const;

function SessionRow({ session, now }: { session: AccountSession; now: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const end = useEndSession();
  const device = describeDevice(session.userAgent);
  const Icon = DEVICE_ICONS[device.kind];
  const name =
    device.browser !== null && device.system !== null
      ? t('account.sessions.device', { browser: device.browser, system: device.system })
      : (device.browser ?? device.system ?? t('account.sessions.unknownDevice'));
  // Last use is recorded to within the interval: inside it, the session is in use now.
  const isActiveNow = session.current || now - Date.parse(session.lastUsedAt) < SESSION_TOUCH_INTERVAL_MS;

  const handleEnd = async () => {
    try {
      await end.mutateAsync(session.id);
      void message.success(t('account.sessions.ended'));
    } catch (error) {
      void message.error(serverMessage(error));
    }
  };

  return (
    <List.Item
      className="account-session"
      data-testid="account-session"
      actions={
        session.current
          ? []
          : [
              <Popconfirm
                key="end"
                title={t('account.sessions.endConfirm')}
                okText={t('account.sessions.end')}
                cancelText={t('common.cancel')}
                onConfirm={() => handleEnd()}
              >
                <Button danger size="small" loading={end.isPending} data-testid="end-session">
                  {t('account.sessions.end')}
                </Button>
              </Popconfirm>,
            ]
      }
    >
      <List.Item.Meta
        avatar={<Icon className="account-session-icon" aria-hidden />}
        title={
          <span className="account-session-title">
            <span>{name}</span>
            {session.current && <Tag color="green">{t('account.sessions.thisDevice')}</Tag>}
            {session.method === 'sso' && <Tag>{t('account.sessions.sso')}</Tag>}
          </span>
        }
        description={
          <span className="account-session-facts">
            <span>
              {isActiveNow
                ? t('account.sessions.activeNow')
                : t('account.sessions.lastUsed', { when: formatDateTime(session.lastUsedAt) })}
            </span>
            <span>{t('account.sessions.signedIn', { when: formatDateTime(session.createdAt) })}</span>
            {session.ip !== null && <span>{t('account.sessions.address', { ip: session.ip })}</span>}
          </span>
        }
      />
    </List.Item>
  );
}

/** The user's open sessions, each with its device and last use; ending one signs that device out at once. */
export function SessionsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const sessions = useAccountSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.sessions.filter((session) => !session.current).length ?? 0;
  // 'Active now' is judged at the time the list was read.
  const now = sessions.dataUpdatedAt;

  const handleEndOthers = async () => {
    try {
      const { ended } = await endOthers.mutateAsync();
      void message.success(t('account.sessions.othersEnded', { count: ended }));
    } catch (error) {
      void message.error(serverMessage(error));
    }
  };

  return (
    <Card
      className="page-card account-card account-sessions"
      title={t('account.sessions.title')}
      data-testid="account-sessions"
      extra={
        <Popconfirm
          title={t('account.sessions.endOthersConfirm', { count: others })}
          okText={t('account.sessions.endOthers')}
          cancelText={t('common.cancel')}
          onConfirm={() => handleEndOthers()}
          disabled={others === 0}
        >
          <Button disabled={others === 0} loading={endOthers.isPending} data-testid="end-other-sessions">
            {t('account.sessions.endOthers')}
          </Button>
        </Popconfirm>
      }
    >
      <p className="account-hint">{t('account.sessions.hint')}</p>
      {sessions.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('account.sessions.loadFailed')}
          description={serverMessage(sessions.error)}
        />
      ) : sessions.data === undefined ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <List
          itemLayout="horizontal"
          dataSource={sessions.data.sessions}
          rowKey="id"
          renderItem={(session) => <SessionRow session={session} now={now} />}
        />
      )}
    </Card>
  );
}
