import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useCanWrite } from '@/app/permissions';
import { OfficeCreateForm } from '@/modules/offices/components/OfficeCreateForm';
import { OfficeProfile } from '@/modules/offices/components/OfficeProfile';
import { PageHeader } from '@/ui/PageHeader';
import { ReadOnlyNotice } from '@/ui/ReadOnlyNotice';

/** /offices/new and /offices/:id: without an id the page creates. */
export function OfficeDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const canWrite = useCanWrite();

  // Back returns to the list as it was (its search is in the address); opened directly, to the list.
  const handleBack = () => {
    if (location.key === 'default') void navigate('/offices');
    else void navigate(-1);
  };

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
