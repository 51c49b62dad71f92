import type { UserDetail } from '@crm/shared';
import { App, Button, Card, Checkbox, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessageOr } from '@/lib/errors';
import { usePermissionsMutation } from '@/modules/users/api';

type PermissionValues = { isAdmin: boolean; readWrite: boolean };

/** Spec 001 §2 and §6: isAdmin and readWrite, with what each gives. */
export function PermissionsCard({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const permissions = usePermissionsMutation(user.id);

  const handleFinish = async (values: PermissionValues) => {
    try {
      await permissions.mutateAsync(values);
      void message.success(t('users.permissionsSaved'));
    } catch (error) {
      void message.error(serverMessageOr(error, t('users.permissionsFailed')));
    }
  };

  return (
    <Card title={t('users.permissions')} className="page-card" data-testid="user-permissions-card">
      <Form<PermissionValues>
        key={`${user.isAdmin}-${user.readWrite}`}
        layout="vertical"
        initialValues={{ isAdmin: user.isAdmin, readWrite: user.readWrite }}
        onFinish={(values) => void handleFinish(values)}
        disabled={permissions.isPending}
      >
        <Form.Item name="isAdmin" valuePropName="checked" className="permission-item">
          <Checkbox>
            <strong>{t('users.isAdmin')}</strong>
            <Typography.Paragraph type="secondary" className="permission-help">
              {t('users.adminDescription')}
            </Typography.Paragraph>
          </Checkbox>
        </Form.Item>
        <Form.Item name="readWrite" valuePropName="checked" className="permission-item">
          <Checkbox>
            <strong>{t('users.readWriteLabel')}</strong>
            <Typography.Paragraph type="secondary" className="permission-help">
              {t('users.fullAccessDescription')} {t('users.readOnlyDescription')}
            </Typography.Paragraph>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={permissions.isPending}>
          {t('users.save')}
        </Button>
      </Form>
    </Card>
  );
}
