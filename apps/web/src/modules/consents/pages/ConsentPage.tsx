import { ConsentDoctorParams, type Doctor } from '@crm/shared';
import { Button, Card, Result, Skeleton, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useBackNavigation } from '@/lib/use-back-navigation';
import { type DeviceConsent, useConsentDoctor, useCurrentConsent } from '@/modules/consents/api';
import { ConsentForm } from '@/modules/consents/components/ConsentForm';
import { doctorFullName } from '@/modules/doctors/utils/doctor-name';
import { PageHeader } from '@/ui/PageHeader';
import '@/modules/consents/consent-page.css';

/**
 * /doctors/{doctorId}/signatures (spec 000 §2): collect the doctor's communication consent with a drawn
 * signature, online or offline. Opened from the doctor's consent tab, it returns there after a save.
 */
export function ConsentPage() {
  const { doctorId = '' } = useParams();
  const isWellFormed = ConsentDoctorParams.safeParse({ id: doctorId }).success;
  const handleBack = useBackNavigation(`/doctors/${encodeURIComponent(doctorId)}?tab=consent`, { replace: true });

  if (!isWellFormed) return <ConsentDoctorNotFound onBack={handleBack} />;
  return <ConsentScreen doctorId={doctorId} onBack={handleBack} />;
}

type ConsentScreenProps = { doctorId: string; onBack: () => void };

function ConsentScreen({ doctorId, onBack }: ConsentScreenProps) {
  const { t } = useTranslation();
  const doctor = useConsentDoctor(doctorId);
  const consent = useCurrentConsent(doctorId);

  const missing = [doctor.error, consent.error].some((error) => isApiError(error) && error.status === 404);
  if (missing) return <ConsentDoctorNotFound onBack={onBack} />;
  const failure = doctor.error ?? consent.error;
  if (failure !== null) {
    return (
      <div className="page consent-page">
        <PageHeader title={t('consents.title')} onBack={onBack} />
        <Card className="page-card">
          <Result
            status="error"
            title={t('consents.loadFailed')}
            extra={
              <Button
                onClick={() => {
                  void doctor.refetch();
                  void consent.refetch();
                }}
              >
                {t('common.retry')}
              </Button>
            }
          />
        </Card>
      </div>
    );
  }
  if (doctor.data === undefined || consent.data === undefined) {
    return (
      <div className="page consent-page" role="status" aria-label={t('app.loading')}>
        <PageHeader title={t('consents.title')} onBack={onBack} />
        <Card className="page-card">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </div>
    );
  }

  // Offline, a doctor the device doesn't hold is named by their consent, as it was recorded.
  const name = doctor.data === null ? consentDoctorName(consent.data) : displayName(doctor.data, t);
  return (
    <div className="page consent-page">
      <PageHeader
        title={t('consents.title')}
        onBack={onBack}
        tags={<ModeTag consent={consent.data} />}
        subtitle={
          <span className="consent-heading">
            <Typography.Title level={2} className="consent-heading-title" data-testid="consent-heading">
              {name === null ? t('consents.headingNoName') : t('consents.heading', { name })}
            </Typography.Title>
            <PreviousConsent consent={consent.data} />
          </span>
        }
      />
      <ConsentForm
        key={doctorId}
        doctorId={doctorId}
        doctor={doctor.data}
        doctorName={name}
        consent={consent.data}
        onSaved={onBack}
        onCancel={onBack}
      />
    </div>
  );
}

/** 'Dr Hélène Vidal': the name as the doctor's page shows it. */
function displayName(doctor: Doctor, t: TFunction): string {
  const prefix = doctor.prefix === null ? '' : `${t(`prefixes.${doctor.prefix}`)} `;
  return `${prefix}${doctorFullName(doctor)}`;
}

function consentDoctorName(consent: DeviceConsent | null): string | null {
  if (consent === null) return null;
  if (consent.pendingSync === true) return consent.doctorName;
  return `${consent.doctorFirstName} ${consent.doctorLastName}`;
}

/** Spec 000 §4: 'create' for a doctor without consent, 'update' when one exists. */
function ModeTag({ consent }: { consent: DeviceConsent | null }) {
  const { t } = useTranslation();
  const mode = consent === null ? 'create' : 'update';
  return (
    <Tag color={mode === 'create' ? 'blue' : 'gold'} data-testid="consent-mode" data-mode={mode}>
      {t(`consents.mode.${mode}`)}
    </Tag>
  );
}

/** Spec 000 §2: the previous signing date, when a consent exists. */
function PreviousConsent({ consent }: { consent: DeviceConsent | null }) {
  const { t } = useTranslation();
  if (consent === null) return null;
  const date = formatDateTime(consent.signatureDate);
  const text =
    consent.pendingSync === true
      ? t('consents.previousPending', { date })
      : consent.kind === 'withdrawal'
        ? t('consents.previousWithdrawal', { date })
        : t('consents.previous', { date });
  return (
    <Typography.Text type="secondary" className="consent-previous" data-testid="consent-previous">
      {text}
    </Typography.Text>
  );
}

function ConsentDoctorNotFound({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page consent-page">
      <PageHeader title={t('consents.title')} onBack={onBack} />
      <Card className="page-card">
        <Result status="404" title={t('consents.doctorNotFound')} data-testid="consent-doctor-not-found" />
      </Card>
    </div>
  );
}
