import { AccountProfileUpdate, type Account } from '@crm/shared';
import { App, Avatar, Button, Card, Descriptions, Form, Input, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { applyServerFieldErrors, requiredRule, schemaRule } from '@/lib/form-rules';
import { formatDate, formatDateTime } from '@/lib/format';
import { useUpdateProfile } from '@/modules/account/api';
import { providerName } from '@/modules/account/provider-name';

const FIELDS = ['firstName', 'lastName'] as const;

function initials(account: Account): string {
  const letters = [account.firstName, account.lastName].map((name) => name?.trim().charAt(0) ?? '').join('');
  return (letters === '' ? account.email.charAt(0) : letters).toUpperCase();
}

/** Who the user is: names they may change, the e-mail and rights an administrator sets. */
export function ProfileCard({ account }: { account: Account }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AccountProfileUpdate>();
  const update = useUpdateProfile();

  useEffect(() => {
    form.setFieldsValue({ firstName: account.firstName ?? '', lastName: account.lastName ?? '' });
  }, [form, account.firstName, account.lastName]);

  const handleFinish = async (values: AccountProfileUpdate) => {
    try {
      await update.mutateAsync(values);
      void message.success(t('common.saved'));
    } catch (error) {
      if (!applyServerFieldErrors(form, error, FIELDS)) void message.error(serverMessage(error));
    }
  };

  return (
    <Card className="page-card account-card" title={t('account.profile.title')} data-testid="account-profile">
      <div className="account-identity">
        <Avatar size={56} className="account-avatar">
          {initials(account)}
        </Avatar>
        <div className="account-identity-text">
          <strong className="account-name">{account.displayName ?? account.email}</strong>
          <span className="account-email">{account.email}</span>
          <span className="account-tags">
            {account.isAdmin && <Tag color="blue">{t('header.admin')}</Tag>}
            <Tag color={account.readWrite ? 'green' : 'default'}>
              {t(account.readWrite ? 'account.profile.fullAccess' : 'account.profile.readOnly')}
            </Tag>
          </span>
        </div>
      </div>
      <Descriptions
        size="small"
        column={1}
        className="account-facts"
        items={[
          { key: 'since', label: t('account.profile.memberSince'), children: formatDate(account.createdAt) },
          {
            key: 'lastLogin',
            label: t('account.profile.lastLogin'),
            children: account.lastLogin === null ? t('account.profile.never') : formatDateTime(account.lastLogin),
          },
          ...account.identities.map((identity) => ({
            key: identity.issuer,
            label: t('account.profile.singleSignOn'),
            children: t('account.profile.linkedSince', {
              provider: providerName(identity.issuer),
              date: formatDate(identity.linkedAt),
            }),
          })),
        ]}
      />
      <Form<AccountProfileUpdate>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void handleFinish(values)}
        disabled={update.isPending}
        className="account-form"
      >
        <div className="account-name-fields">
          <Form.Item
            name="firstName"
            label={t('account.profile.firstName')}
            rules={[requiredRule(), schemaRule(AccountProfileUpdate.shape.firstName)]}
          >
            <Input autoComplete="given-name" maxLength={100} />
          </Form.Item>
          <Form.Item
            name="lastName"
            label={t('account.profile.lastName')}
            rules={[requiredRule(), schemaRule(AccountProfileUpdate.shape.lastName)]}
          >
            <Input autoComplete="family-name" maxLength={100} />
          </Form.Item>
        </div>
        <p className="account-hint">{t('account.profile.emailHint')}</p>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="save-profile">
          {t('account.profile.save')}
        </Button>
      </Form>
    </Card>
  );
}
