import { EnvironmentOutlined, FileProtectOutlined, IdcardOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type RecordLinkProps = { to: string; icon: ReactNode; label: string; testId: string };

// Plain links, not buttons: a read-only form disables its buttons, and these stay usable.
function RecordLink({ to, icon, label, testId }: RecordLinkProps) {
  return (
    <Link to={to} className="record-link" data-testid={testId}>
      {icon}
      <span>{label}</span>
    </Link>
  );
}

/** Spec 001 §2: under the chosen doctor, their page and their consent and signature. */
export function DoctorLinks({ doctorId }: { doctorId: string }) {
  const { t } = useTranslation();
  const path = `/doctors/${encodeURIComponent(doctorId)}`;
  return (
    <span className="record-links">
      <RecordLink
        to={path}
        icon={<IdcardOutlined />}
        label={t('activities.form.links.doctor')}
        testId="activity-doctor-link"
      />
      <RecordLink
        to={`${path}/signatures`}
        icon={<FileProtectOutlined />}
        label={t('activities.form.links.consent')}
        testId="activity-consent-link"
      />
    </span>
  );
}

/** Spec 001 §2: under the chosen office, its page. */
export function OfficeLink({ officeId }: { officeId: string }) {
  const { t } = useTranslation();
  return (
    <span className="record-links">
      <RecordLink
        to={`/offices/${encodeURIComponent(officeId)}`}
        icon={<EnvironmentOutlined />}
        label={t('activities.form.links.office')}
        testId="activity-office-link"
      />
    </span>
  );
}
