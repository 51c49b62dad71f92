import { Tabs, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useCanWrite } from '@/app/permissions';
import { useBackNavigation } from '@/lib/use-back-navigation';
import { DoctorCreateForm } from '@/modules/doctors/components/DoctorCreateForm';
import { DoctorProfile, toDoctorTab } from '@/modules/doctors/components/DoctorProfile';
import { PageHeader } from '@/ui/PageHeader';
import { ReadOnlyNotice } from '@/ui/ReadOnlyNotice';

/** /doctors/new and /doctors/:id: without an id the page creates. */
export function DoctorDetailPage() {
  const { id } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const handleBack = useBackNavigation('/doctors');

  if (id === undefined) {
    return <NewDoctor onBack={handleBack} />;
  }
  return (
    <DoctorProfile
      key={id}
      doctorId={id}
      tab={toDoctorTab(searchParams.get('tab'))}
      onTabChange={(tab) => {
        setSearchParams(tab === 'details' ? {} : { tab }, { replace: true });
      }}
      onBack={handleBack}
    />
  );
}

type NewDoctorProps = { onBack: () => void };

/** The four tabs are there from the start; all but the details need the doctor to exist. */
function NewDoctor({ onBack }: NewDoctorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const needsSaving = (label: string) => (
    <Tooltip title={t('doctors.create.availableAfterCreation')}>
      <span>{label}</span>
    </Tooltip>
  );
  return (
    <div className="page">
      <PageHeader title={t('doctors.newTitle')} subtitle={t('doctors.create.subtitle')} onBack={onBack} />
      <Tabs
        className="page-tabs"
        activeKey="details"
        items={[
          {
            key: 'details',
            label: t('doctors.detail.tabs.details'),
            children: canWrite ? (
              <DoctorCreateForm
                onCreated={(doctor) => void navigate(`/doctors/${doctor.id}`, { replace: true })}
                onCancel={onBack}
              />
            ) : (
              <ReadOnlyNotice onBack={onBack} />
            ),
          },
          { key: 'consent', label: needsSaving(t('doctors.detail.tabs.consent')), disabled: true },
          { key: 'activities', label: needsSaving(t('doctors.detail.tabs.activities')), disabled: true },
          { key: 'transparency', label: needsSaving(t('doctors.detail.tabs.transparency')), disabled: true },
        ]}
      />
    </div>
  );
}
