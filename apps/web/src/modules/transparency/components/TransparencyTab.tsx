import { FileAddOutlined, PlusOutlined } from '@ant-design/icons';
import type { Convention, Doctor } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Row, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '@/app/permissions';
import { serverMessage } from '@/lib/errors';
import { doctorFullName } from '@/modules/doctors/utils/doctor-name';
import { transparencyQueries } from '@/modules/transparency/api';
import { BenefitFormModal } from '@/modules/transparency/components/BenefitFormModal';
import { BenefitTable } from '@/modules/transparency/components/BenefitTable';
import { ConventionFormModal } from '@/modules/transparency/components/ConventionFormModal';
import { ConventionTable } from '@/modules/transparency/components/ConventionTable';
import { YearLimits } from '@/modules/transparency/components/YearLimits';
import { useIsPhone } from '@/ui/phone-layout';
import '@/modules/transparency/transparency.css';
import '@/ui/list-rows.css';

/** The years a rep may look back on: the declaration's data stay published five years. */
const YEARS_SHOWN = 5;

export type TransparencyTabProps = { doctor: Doctor };

/**
 * The doctor page's Transparence Santé tab (issue 31): the year's benefits, what is left before each negligible
 * value, and the conventions. Writers record benefits and conventions; readers only read (the server refuses
 * their writes anyway).
 */
export function TransparencyTab({ doctor }: TransparencyTabProps) {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const isCompact = useIsPhone();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [isRecording, setRecording] = useState(false);
  const [editing, setEditing] = useState<Convention | 'new' | null>(null);
  const yearData = useQuery(transparencyQueries.year(doctor.id, year));
  const conventions = useQuery(transparencyQueries.conventions(doctor.id));
  const conventionList = conventions.data ?? [];

  const yearSelect = (
    <Select
      value={year}
      onChange={setYear}
      aria-label={t('transparency.tab.year')}
      options={Array.from({ length: YEARS_SHOWN }, (_unused, index) => thisYear - index).map((value) => ({
        value,
        label: String(value),
      }))}
      data-testid="transparency-year"
    />
  );

  const loadError = (error: unknown, retry: () => void) => (
    <Alert
      type="error"
      showIcon
      title={t('transparency.tab.loadFailed', { message: serverMessage(error) })}
      action={
        <Button size="small" onClick={retry}>
          {t('common.retry')}
        </Button>
      }
    />
  );

  let benefits;
  if (yearData.isPending) benefits = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (yearData.isError) benefits = loadError(yearData.error, () => void yearData.refetch());
  else if (yearData.data.benefits.length === 0) {
    benefits = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('transparency.tab.benefitsEmpty', { year })}
        data-testid="benefits-empty"
      />
    );
  } else {
    benefits = <BenefitTable benefits={yearData.data.benefits} conventions={conventionList} isCompact={isCompact} />;
  }

  let conventionContent;
  if (conventions.isPending) conventionContent = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (conventions.isError) conventionContent = loadError(conventions.error, () => void conventions.refetch());
  else if (conventionList.length === 0) {
    conventionContent = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('transparency.tab.conventionsEmpty')}
        data-testid="conventions-empty"
      />
    );
  } else {
    conventionContent = (
      <ConventionTable conventions={conventionList} isCompact={isCompact} onEdit={canWrite ? setEditing : null} />
    );
  }

  return (
    <div className="transparency-tab" data-testid="transparency-tab">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          <Card className="page-card" title={t('transparency.limits.title', { year })}>
            {yearData.data !== undefined && !yearData.data.fromServer && (
              <Alert
                type="warning"
                showIcon
                className="transparency-alert"
                title={t('transparency.tab.deviceOnly')}
                data-testid="transparency-device-only"
              />
            )}
            <p className="list-muted">{t('transparency.limits.intro')}</p>
            {yearData.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
            {yearData.data !== undefined && <YearLimits limits={yearData.data.limits} />}
          </Card>
        </Col>
        <Col xs={24} xl={16}>
          <Card
            className="page-card"
            title={t('transparency.tab.benefitsTitle', { year })}
            extra={
              <Flex gap={8} wrap>
                {yearSelect}
                {canWrite && (
                  <Button
                    type="primary"
                    icon={<PlusOutlined />}
                    onClick={() => {
                      setRecording(true);
                    }}
                    data-testid="record-benefit"
                  >
                    {t('transparency.tab.recordBenefit')}
                  </Button>
                )}
              </Flex>
            }
          >
            {benefits}
          </Card>
        </Col>
        <Col span={24}>
          <Card
            className="page-card"
            title={t('transparency.tab.conventionsTitle')}
            extra={
              canWrite && (
                <Button
                  icon={<FileAddOutlined />}
                  onClick={() => {
                    setEditing('new');
                  }}
                  data-testid="create-convention"
                >
                  {t('transparency.tab.createConvention')}
                </Button>
              )
            }
          >
            {conventionContent}
          </Card>
        </Col>
      </Row>
      {/* Mounted per opening: each opening is a new benefit, with its own client-made id. */}
      {isRecording && (
        <BenefitFormModal
          open
          doctorId={doctor.id}
          doctorName={doctorFullName(doctor)}
          conventions={conventionList}
          onClose={() => {
            setRecording(false);
          }}
        />
      )}
      {editing !== null && (
        <ConventionFormModal
          doctorId={doctor.id}
          convention={editing === 'new' ? null : editing}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}
