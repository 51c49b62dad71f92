import type { Doctor } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Tabs } from 'antd';
import { lazy, Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsentTab } from '@/modules/consents/components/ConsentTab';
import { doctorQueries } from '@/modules/doctors/api';
import { DoctorActivitiesTab } from '@/modules/doctors/components/DoctorActivitiesTab';
import { DoctorHeader } from '@/modules/doctors/components/DoctorHeader';
import { DoctorIdentityCard } from '@/modules/doctors/components/DoctorIdentityCard';
import { DoctorTargetsCard } from '@/modules/doctors/components/DoctorTargetsCard';
import { LinkedOfficesCard } from '@/modules/doctors/components/LinkedOfficesCard';
import { LastUpdate } from '@/ui/LastUpdate';
import { RecordLoadError } from '@/ui/RecordLoadError';

// Transparence Santé (issue 31) is opened less than the other tabs: its code loads with it, off the page's first load.
const TransparencyTab = lazy(() =>
  import('@/modules/transparency/components/TransparencyTab').then((module) => ({
    default: module.TransparencyTab,
  })),
);

/** The doctor page's tabs (spec 000 §2, issue 31); ?tab=consent opens the consent tab. */
export const DOCTOR_TABS = ['details', 'consent', 'activities', 'transparency'] as const;
export type DoctorTab = (typeof DOCTOR_TABS)[number];

export function toDoctorTab(value: string | null): DoctorTab {
  return DOCTOR_TABS.find((tab) => tab === value) ?? 'details';
}

export type DoctorProfileProps = {
  doctorId: string;
  tab: DoctorTab;
  onTabChange: (tab: DoctorTab) => void;
  onBack: () => void;
};

/** /doctors/{id}: the doctor's header and the four tabs. */
export function DoctorProfile({ doctorId, tab, onTabChange, onBack }: DoctorProfileProps) {
  const { t } = useTranslation();
  const { data: doctor, isPending, isError, error, refetch } = useQuery(doctorQueries.detail(doctorId));

  if (isPending) return <DoctorProfileSkeleton />;
  if (isError) {
    return (
      <RecordLoadError
        error={error}
        notFoundTitle={t('doctors.detail.notFound')}
        loadFailedTitle={t('doctors.detail.loadFailed')}
        backLabel={t('doctors.detail.backToList')}
        onBack={onBack}
        onRetry={() => void refetch()}
      />
    );
  }

  return (
    <div className="page">
      <DoctorHeader doctor={doctor} onBack={onBack} />
      <Tabs
        className="page-tabs"
        activeKey={tab}
        onChange={(key) => {
          onTabChange(toDoctorTab(key));
        }}
        items={[
          { key: 'details', label: t('doctors.detail.tabs.details'), children: <DoctorDetailsTab doctor={doctor} /> },
          {
            key: 'consent',
            label: t('doctors.detail.tabs.consent'),
            children: <ConsentTab doctor={doctor} />,
          },
          {
            key: 'activities',
            label: t('doctors.detail.tabs.activities'),
            children: <DoctorActivitiesTab doctor={doctor} />,
          },
          {
            key: 'transparency',
            label: t('doctors.detail.tabs.transparency'),
            children: (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                <TransparencyTab doctor={doctor} />
              </Suspense>
            ),
          },
        ]}
      />
    </div>
  );
}

type DoctorDetailsTabProps = { doctor: Doctor };

/**
 * The details' cards render in a second, interruptible pass: the header (who the doctor is) shows first, and
 * a phone does not hold the tap that opened the page until the identity, targets and offices cards are built.
 */
function DoctorDetailsTab({ doctor }: DoctorDetailsTabProps) {
  const shown = useDeferredValue<Doctor | null>(doctor, null);
  if (shown === null) return <DetailsSkeleton />;
  return <DoctorDetailsCards doctor={shown} />;
}

function DoctorDetailsCards({ doctor }: DoctorDetailsTabProps) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <DoctorIdentityCard doctor={doctor} />
      </Col>
      <Col xs={24} xl={8}>
        <div className="side-column">
          <DoctorTargetsCard doctor={doctor} />
          <LastUpdate updatedBy={doctor.updatedBy} updatedAt={doctor.updatedAt} />
        </div>
      </Col>
      <Col span={24}>
        <LinkedOfficesCard doctor={doctor} />
      </Col>
    </Row>
  );
}

function DoctorProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="page" role="status" aria-label={t('app.loading')}>
      <Skeleton active avatar paragraph={{ rows: 1 }} />
      <DetailsSkeleton />
    </div>
  );
}

function DetailsSkeleton() {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Card className="page-card">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card className="page-card">
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      </Col>
    </Row>
  );
}
