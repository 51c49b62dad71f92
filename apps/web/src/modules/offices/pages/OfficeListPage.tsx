import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { SPEC_SPECIALTIES, SPECIALTIES, type Specialty } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCanWrite } from '@/app/permissions';
import { useListParams } from '@/lib/use-list-params';
import { ExportCsvButton } from '@/modules/directory-csv/components/ExportCsvButton';
import { specialtyOptions } from '@/modules/doctors/utils/specialty-options';
import { officeQueries } from '@/modules/offices/api';
import { OfficeTable } from '@/modules/offices/components/OfficeTable';
import { PageHeader } from '@/ui/PageHeader';
import { SEARCH_BY_LABEL } from '@/ui/search-by-label';

const SPECIALTY_PARAM = 'specialty';

function specialtiesOf(text: string | null): Specialty[] {
  const chosen = (text ?? '').split(',');
  return SPECIALTIES.filter((specialty) => chosen.includes(specialty));
}

/** /offices: search, multi-select specialty filter and the paged table (spec 000 §2). */
export function OfficeListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const list = useListParams();
  const specialty = specialtiesOf(list.params.get(SPECIALTY_PARAM));
  const specialties = useQuery(officeQueries.specialties());
  const options = specialtyOptions(specialties.data ?? SPEC_SPECIALTIES, t, i18n.language);

  return (
    <div className="page">
      <PageHeader
        title={t('offices.listTitle')}
        subtitle={t('offices.list.subtitle')}
        actions={
          canWrite ? (
            <Space wrap>
              <ExportCsvButton kind="offices" filter={{ search: list.search, specialty }} />
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="add-office-button"
                onClick={() => void navigate('/offices/new')}
              >
                {t('offices.list.add')}
              </Button>
            </Space>
          ) : undefined
        }
      />
      <Card className="page-card">
        <div className="list-toolbar">
          <Input
            allowClear
            size="large"
            className="list-search"
            prefix={<SearchOutlined />}
            placeholder={t('offices.list.searchPlaceholder')}
            aria-label={t('offices.list.searchLabel')}
            data-testid="office-search-input"
            value={list.searchText}
            onChange={(event) => {
              list.onSearchTextChange(event.target.value);
            }}
          />
          <Select<Specialty[]>
            mode="multiple"
            allowClear
            size="large"
            className="specialty-filter"
            placeholder={t('offices.list.specialtyFilter')}
            aria-label={t('offices.list.specialtyFilter')}
            data-testid="specialty-filter"
            maxTagCount="responsive"
            loading={specialties.isPending}
            value={specialty}
            options={options}
            showSearch={SEARCH_BY_LABEL}
            onChange={(chosen) => {
              list.updateParams({ [SPECIALTY_PARAM]: chosen.join(',') });
            }}
          />
        </div>
        <OfficeTable
          search={list.search}
          specialty={specialty}
          page={list.page}
          limit={list.limit}
          onPageChange={list.onPageChange}
        />
      </Card>
    </div>
  );
}
