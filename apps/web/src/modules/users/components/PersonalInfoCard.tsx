import type { UserDetail } from '@crm/shared';
import { App, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOr } from '@/lib/errors';
import { requiredRule, schemaRule } from '@/lib/form-rules';
import { useUpdateUserMutation } from '@/modules/users/api';
import { CreateUserBody } from '@crm/shared';

type InfoValues = { firstName: string; lastName: string; email: string; displayName: string };

const fullName = (values: Partial<InfoValues>) =>
  [values.firstName?.trim(), values.lastName?.trim()].filter(Boolean).join(' ');

/** Spec 001 §2 and §5: first and last name, e-mail, display name filled in from the names while typing. */
export function PersonalInfoCard({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<InfoValues>();
  const update = useUpdateUserMutation(user.id);
  const initial: InfoValues = {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email,
    displayName: user.displayName ?? '',
  };
  // The display name follows the names while it still says what they said (or nothing).
  const [isDisplayNameAuto, setDisplayNameAuto] = useState(
    initial.displayName === '' || initial.displayName === fullName(initial),
  );

  const handleValuesChange = (changed: Partial<InfoValues>, all: InfoValues) => {
    if ('displayName' in changed) {
      setDisplayNameAuto(changed.displayName === '' || changed.displayName === fullName(all));
      return;
    }
    if (isDisplayNameAuto && ('firstName' in changed || 'lastName' in changed)) {
      form.setFieldValue('displayName', fullName(all));
    }
  };

  const handleFinish = async (values: InfoValues) => {
    try {
      await update.mutateAsync(values);
      void message.success(t('users.infoSaved'));
    } catch (error) {
      void message.error(serverMessageOr(error, t('users.infoFailed')));
    }
  };

  return (
    <Card title={t('users.personalInfo')} className="page-card" data-testid="user-info-card">
      <Form<InfoValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        onValuesChange={handleValuesChange}
        onFinish={(values) => void handleFinish(values)}
        disabled={update.isPending}
      >
        <div className="form-grid">
          <Form.Item name="firstName" label={t('users.firstName')} rules={[requiredRule()]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="lastName" label={t('users.lastName')} rules={[requiredRule()]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="email"
            label={t('users.email')}
            rules={[requiredRule(), schemaRule(CreateUserBody.shape.email)]}
          >
            <Input inputMode="email" autoComplete="off" />
          </Form.Item>
          <Form.Item name="displayName" label={t('users.displayName')} extra={t('users.displayNameHelp')}>
            <Input autoComplete="off" />
          </Form.Item>
        </div>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('users.save')}
        </Button>
      </Form>
    </Card>
  );
}
