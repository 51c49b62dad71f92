import { DeleteOutlined, ShopOutlined } from '@ant-design/icons';
import type { Office } from '@crm/shared';
import { App, Avatar, Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCanWrite } from '@/app/permissions';
import { serverMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { useDeleteOfficeMutation } from '@/modules/offices/api';
import { PageHeader } from '@/ui/PageHeader';

export type OfficeHeaderProps = { office: Office; onBack: () => void };

/** The office's name, address and UGA, and for writers the delete action. */
export function OfficeHeader({ office, onBack }: OfficeHeaderProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const deleteOffice = useDeleteOfficeMutation();

  const handleDelete = () => {
    modal.confirm({
      title: t('offices.detail.deleteConfirmTitle', { name: office.name }),
      content: t('offices.detail.deleteConfirmText', { count: office.doctorCount }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await deleteOffice.mutateAsync(office.id);
        } catch (error) {
          void message.error(t('offices.messages.deleteFailed', { message: serverMessage(error) }));
          return;
        }
        void message.success(t('offices.messages.deleted'));
        void navigate('/offices', { replace: true });
      },
    });
  };

  return (
    <PageHeader
      onBack={onBack}
      title={
        <span className="title-with-avatar">
          <Avatar size={40} className="office-avatar" icon={<ShopOutlined />} />
          <span data-testid="office-name">{office.name}</span>
        </span>
      }
      tags={
        <span className="header-tags">
          <Tag color="cyan">
            {t('offices.fields.ugaColumn')} {office.uga}
          </Tag>
          {office.inactiveSince != null && (
            <Tag color="warning" data-testid="office-inactive">
              {t('offices.detail.inactiveSince', { date: formatDate(office.inactiveSince) })}
            </Tag>
          )}
        </span>
      }
      subtitle={`${office.address}, ${office.postal_code} ${office.city}`}
      actions={
        canWrite ? (
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={handleDelete}
            loading={deleteOffice.isPending}
            data-testid="delete-office-button"
          >
            {t('offices.detail.delete')}
          </Button>
        ) : undefined
      }
    />
  );
}
