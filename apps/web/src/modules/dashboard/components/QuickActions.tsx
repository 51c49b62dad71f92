import { EditOutlined, PlusOutlined, ThunderboltOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCanWrite } from '@/app/permissions';
import { newActivityHref } from '@/modules/activities/new-activity-link';

/** New activity, compose e-mail, add doctor (spec 000 §2); adding a doctor needs readWrite. */
export function QuickActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  return (
    <Card
      className="page-card dashboard-card"
      title={
        <span className="card-title-with-icon">
          <ThunderboltOutlined />
          {t('dashboard.quickActions.title')}
        </span>
      }
      data-testid="quick-actions"
    >
      <div className="quick-actions">
        <Button
          type="primary"
          block
          icon={<PlusOutlined />}
          data-testid="quick-new-activity"
          onClick={() => void navigate(newActivityHref())}
        >
          {t('dashboard.quickActions.newActivity')}
        </Button>
        <Button
          block
          icon={<EditOutlined />}
          data-testid="quick-compose-email"
          onClick={() => void navigate('/emails?compose=1')}
        >
          {t('dashboard.quickActions.composeEmail')}
        </Button>
        {canWrite && (
          <Button
            block
            icon={<UserAddOutlined />}
            data-testid="quick-add-doctor"
            onClick={() => void navigate('/doctors/new')}
          >
            {t('dashboard.quickActions.addDoctor')}
          </Button>
        )}
      </div>
    </Card>
  );
}
