import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCanWrite } from '@/app/permissions';
import { useBackNavigation } from '@/lib/use-back-navigation';
import { OfficeCreateForm } from '@/modules/offices/components/OfficeCreateForm';
import { OfficeProfile } from '@/modules/offices/components/OfficeProfile';
import { PageHeader } from '@/ui/PageHeader';
import { ReadOnlyNotice } from '@/ui/ReadOnlyNotice';

/** /offices/new and /offices/:id: without an id the page creates. */
export function OfficeDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const handleBack = useBackNavigation('/offices');

  if (id !== undefined) return <OfficeProfile key={id} officeId={id} onBack={handleBack} />;

  return (
    <div className="page">
      <PageHeader title={t('offices.newTitle')} subtitle={t('offices.create.subtitle')} onBack={handleBack} />
      {canWrite ? (
        <OfficeCreateForm
          onCreated={(office) => void navigate(`/offices/${office.id}`, { replace: true })}
          onCancel={handleBack}
        />
      ) : (
        <ReadOnlyNotice onBack={handleBack} />
      )}
    </div>
  );
}
