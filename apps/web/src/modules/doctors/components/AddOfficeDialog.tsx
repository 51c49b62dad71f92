import { LinkOutlined, SearchOutlined } from '@ant-design/icons';
import { OfficeInput, type Doctor, type Office, type OfficeInputForm } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Form,
  Input,
  Modal,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form-rules';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLinkOfficeMutation } from '@/modules/doctors/api';
import { officeQueries, useCreateOfficeMutation } from '@/modules/offices/api';
import { OFFICE_FIELD_NAMES, OfficeFormFields } from '@/modules/offices/components/OfficeFormFields';

/** How many offices the search tab shows. */
const OFFICE_SEARCH_LIMIT = 10;

export type AddOfficeDialogProps = {
  doctor: Doctor;
  open: boolean;
  onClose: () => void;
};

type AddOfficeTab = 'search' | 'create';

/** Spec 000 §2: the add-office dialog with its two tabs, search existing offices or create a new one. */
export function AddOfficeDialog({ doctor, open, onClose }: AddOfficeDialogProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<AddOfficeTab>('search');
  return (
    <Modal
      open={open}
      title={t('doctors.addOffice.title')}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
      afterClose={() => {
        setTab('search');
      }}
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as AddOfficeTab);
        }}
        items={[
          {
            key: 'search',
            label: t('doctors.addOffice.searchTab'),
            children: <OfficeSearchTab doctor={doctor} onLinked={onClose} />,
          },
          {
            key: 'create',
            label: t('doctors.addOffice.createTab'),
            children: <OfficeCreateTab doctor={doctor} onDone={onClose} />,
          },
        ]}
      />
    </Modal>
  );
}

type OfficeSearchTabProps = { doctor: Doctor; onLinked: () => void };

function OfficeSearchTab({ doctor, onLinked }: OfficeSearchTabProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const linkOffice = useLinkOfficeMutation();
  const results = useQuery({
    ...officeQueries.list({ search, specialty: [], page: 1, limit: OFFICE_SEARCH_LIMIT }),
    enabled: search !== '',
  });
  const linkedIds = new Set(doctor.offices.map((office) => office.id));

  const handleLink = async (office: Office) => {
    try {
      await linkOffice.mutateAsync({ doctorId: doctor.id, officeId: office.id });
    } catch (error) {
      void message.error(t('doctors.messages.linkOfficeFailed', { message: serverMessage(error) }));
      return;
    }
    void message.success(t('doctors.messages.officeLinked', { name: office.name }));
    onLinked();
  };

  const columns: TableColumnsType<Office> = [
    {
      key: 'name',
      title: t('offices.fields.name'),
      render: (_value, office) => (
        <div className="two-lines">
          <Typography.Text strong>{office.name}</Typography.Text>
          <Typography.Text type="secondary">
            {office.address}, {office.postal_code} {office.city}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'action',
      align: 'right',
      width: 140,
      render: (_value, office) =>
        linkedIds.has(office.id) ? (
          <Tag>{t('doctors.addOffice.alreadyLinked')}</Tag>
        ) : (
          <Button
            size="small"
            type="primary"
            icon={<LinkOutlined />}
            data-testid={`link-office-${office.id}`}
            loading={linkOffice.isPending && linkOffice.variables.officeId === office.id}
            disabled={linkOffice.isPending}
            onClick={() => void handleLink(office)}
          >
            {t('doctors.addOffice.link')}
          </Button>
        ),
    },
  ];

  return (
    <div className="dialog-tab">
      <Input
        allowClear
        autoFocus
        prefix={<SearchOutlined />}
        placeholder={t('doctors.addOffice.searchPlaceholder')}
        aria-label={t('doctors.addOffice.searchPlaceholder')}
        data-testid="office-search-input"
        value={searchText}
        onChange={(event) => {
          setSearchText(event.target.value);
        }}
      />
      {search === '' ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('doctors.addOffice.typeToSearch')} />
      ) : results.isError ? (
        <Alert type="error" showIcon title={serverMessage(results.error)} />
      ) : (
        <Table<Office>
          data-testid="office-search-results"
          rowKey="id"
          size="small"
          showHeader={false}
          columns={columns}
          dataSource={results.data?.offices ?? []}
          loading={results.isFetching}
          pagination={false}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('doctors.addOffice.noResults')} />,
          }}
        />
      )}
    </div>
  );
}

type OfficeCreateTabProps = { doctor: Doctor; onDone: () => void };

function OfficeCreateTab({ doctor, onDone }: OfficeCreateTabProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<OfficeInputForm>();
  const createOffice = useCreateOfficeMutation();
  const linkOffice = useLinkOfficeMutation();
  const isBusy = createOffice.isPending || linkOffice.isPending;

  const handleFinish = async (values: OfficeInputForm) => {
    const input = OfficeInput.safeParse(values);
    if (!input.success) return; // The form's rules already show what is wrong.
    let office: Office;
    try {
      office = await createOffice.mutateAsync(input.data);
    } catch (error) {
      applyServerFieldErrors(form, error, OFFICE_FIELD_NAMES);
      void message.error(t('doctors.messages.createOfficeFailed', { message: serverMessage(error) }));
      return;
    }
    try {
      await linkOffice.mutateAsync({ doctorId: doctor.id, officeId: office.id });
    } catch {
      // The office exists now: creating it again would make a duplicate, so the dialog closes; the
      // office can be linked from the search tab.
      void message.error(t('doctors.messages.officeCreatedLinkFailed'));
      onDone();
      return;
    }
    void message.success(t('doctors.messages.officeCreatedAndLinked', { name: office.name }));
    onDone();
  };

  return (
    <Form<OfficeInputForm>
      form={form}
      layout="vertical"
      className="dialog-tab"
      onFinish={handleFinish}
      disabled={isBusy}
      data-testid="office-create-form"
    >
      <OfficeFormFields />
      <div className="form-actions">
        <Button type="primary" htmlType="submit" loading={isBusy} data-testid="create-office-submit">
          {t('doctors.addOffice.createAndLink')}
        </Button>
      </div>
    </Form>
  );
}
