import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCanWrite } from '@/app/permissions';
import { useListParams } from '@/lib/use-list-params';
import { ExportCsvButton } from '@/modules/directory-csv/components/ExportCsvButton';
import { DoctorSearchResults } from '@/modules/doctors/components/DoctorSearchResults';
import { RecentDoctorsPanel } from '@/modules/doctors/components/RecentDoctorsPanel';
import { usePreloadDoctorPage } from '@/modules/doctors/hooks/useOpenDoctor';
import { PageHeader } from '@/ui/PageHeader';

/** /doctors: with no search text the recent doctors, with text the paged search results (spec 000 §2). */
export function DoctorListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const list = useListParams();
  usePreloadDoctorPage();

  return (
    <div className="page">
      <PageHeader
        title={t('doctors.listTitle')}
        subtitle={t('doctors.list.subtitle')}
        actions={
          canWrite ? (
            <Space wrap>
              <ExportCsvButton kind="doctors" filter={{ search: list.search }} />
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="add-doctor-button"
                onClick={() => void navigate('/doctors/new')}
              >
                {t('doctors.list.add')}
              </Button>
            </Space>
          ) : undefined
        }
      />
      <Card className="page-card">
        <Input
          allowClear
          size="large"
          className="list-search"
          prefix={<SearchOutlined />}
          placeholder={t('doctors.list.searchPlaceholder')}
          aria-label={t('doctors.list.searchLabel')}
          data-testid="doctor-search-input"
          value={list.searchText}
          onChange={(event) => {
            list.onSearchTextChange(event.target.value);
          }}
        />
        {list.search === '' ? (
          <RecentDoctorsPanel />
        ) : (
          <DoctorSearchResults
            search={list.search}
            page={list.page}
            limit={list.limit}
            onPageChange={list.onPageChange}
          />
        )}
      </Card>
    </div>
  );
}
