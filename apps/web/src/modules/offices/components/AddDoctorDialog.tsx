import { SearchOutlined, UserAddOutlined } from '@ant-design/icons';
import { DoctorInput, type Doctor, type DoctorInputForm, type DoctorListItem, type Office } from '@crm/shared';
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
import { doctorQueries, useCreateDoctorMutation, useLinkOfficeMutation } from '@/modules/doctors/api';
import { DOCTOR_FIELD_NAMES, DoctorFormFields } from '@/modules/doctors/components/DoctorFormFields';
import { doctorFullName } from '@/modules/doctors/utils/doctor-name';

/** How many doctors the search tab shows. */
const DOCTOR_SEARCH_LIMIT = 10;

export type AddDoctorDialogProps = {
  office: Office;
  open: boolean;
  onClose: () => void;
};

type AddDoctorTab = 'search' | 'create';

/** Spec 000 §2: the office's add-doctor dialog, search existing doctors or create a new one. */
export function AddDoctorDialog({ office, open, onClose }: AddDoctorDialogProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<AddDoctorTab>('search');
  return (
    <Modal
      open={open}
      title={t('offices.addDoctor.title', { name: office.name })}
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
          setTab(key as AddDoctorTab);
        }}
        items={[
          {
            key: 'search',
            label: t('offices.addDoctor.searchTab'),
            children: <DoctorSearchTab office={office} onAdded={onClose} />,
          },
          {
            key: 'create',
            label: t('offices.addDoctor.createTab'),
            children: <DoctorCreateTab office={office} onDone={onClose} />,
          },
        ]}
      />
    </Modal>
  );
}

type DoctorSearchTabProps = { office: Office; onAdded: () => void };

function DoctorSearchTab({ office, onAdded }: DoctorSearchTabProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const linkOffice = useLinkOfficeMutation();
  const results = useQuery({ ...doctorQueries.picker(search, DOCTOR_SEARCH_LIMIT), enabled: search !== '' });

  const handleAdd = async (doctor: DoctorListItem) => {
    try {
      await linkOffice.mutateAsync({ doctorId: doctor.id, officeId: office.id });
    } catch (error) {
      void message.error(t('offices.messages.addDoctorFailed', { message: serverMessage(error) }));
      return;
    }
    void message.success(t('offices.messages.doctorAdded', { name: doctorFullName(doctor) }));
    onAdded();
  };

  const columns: TableColumnsType<DoctorListItem> = [
    {
      key: 'name',
      render: (_value, doctor) => (
        <div className="two-lines">
          <Typography.Text strong>
            {doctor.lastName} {doctor.firstName}
          </Typography.Text>
          <Typography.Text type="secondary">
            {[
              `${t('doctors.fields.rpps')} ${doctor.rpps}`,
              t(`specialties.${doctor.primarySpecialty}`),
              doctor.primaryOffice?.city,
            ]
              .filter((part) => part !== undefined)
              .join(' · ')}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'action',
      align: 'right',
      width: 140,
      render: (_value, doctor) =>
        doctor.primaryOffice?.id === office.id ? (
          <Tag>{t('offices.addDoctor.alreadyHere')}</Tag>
        ) : (
          <Button
            size="small"
            type="primary"
            icon={<UserAddOutlined />}
            data-testid={`add-existing-doctor-${doctor.id}`}
            loading={linkOffice.isPending && linkOffice.variables.doctorId === doctor.id}
            disabled={linkOffice.isPending}
            onClick={() => void handleAdd(doctor)}
          >
            {t('offices.addDoctor.add')}
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
        placeholder={t('offices.addDoctor.searchPlaceholder')}
        aria-label={t('offices.addDoctor.searchPlaceholder')}
        data-testid="doctor-picker-input"
        value={searchText}
        onChange={(event) => {
          setSearchText(event.target.value);
        }}
      />
      {search === '' ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('offices.addDoctor.typeToSearch')} />
      ) : results.isError ? (
        <Alert type="error" showIcon title={serverMessage(results.error)} />
      ) : (
        <Table<DoctorListItem>
          data-testid="doctor-picker-results"
          rowKey="id"
          size="small"
          showHeader={false}
          columns={columns}
          dataSource={results.data ?? []}
          loading={results.isFetching}
          pagination={false}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('offices.addDoctor.noResults')} />,
          }}
        />
      )}
    </div>
  );
}

type DoctorCreateTabProps = { office: Office; onDone: () => void };

function DoctorCreateTab({ office, onDone }: DoctorCreateTabProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DoctorInputForm>();
  const createDoctor = useCreateDoctorMutation();
  const linkOffice = useLinkOfficeMutation();
  const isBusy = createDoctor.isPending || linkOffice.isPending;

  const handleFinish = async (values: DoctorInputForm) => {
    const input = DoctorInput.safeParse(values);
    if (!input.success) return; // The form's rules already show what is wrong.
    let doctor: Doctor;
    try {
      doctor = await createDoctor.mutateAsync(input.data);
    } catch (error) {
      applyServerFieldErrors(form, error, DOCTOR_FIELD_NAMES);
      void message.error(t('doctors.messages.saveFailed', { message: serverMessage(error) }));
      return;
    }
    try {
      await linkOffice.mutateAsync({ doctorId: doctor.id, officeId: office.id });
    } catch {
      // The doctor exists now: creating them again would clash on the RPPS, so the dialog closes; the
      // doctor can be added from the search tab.
      void message.error(t('offices.messages.doctorCreatedLinkFailed'));
      onDone();
      return;
    }
    void message.success(t('offices.messages.doctorCreatedAndAdded', { name: doctorFullName(doctor) }));
    onDone();
  };

  return (
    <Form<DoctorInputForm>
      form={form}
      layout="vertical"
      className="dialog-tab"
      onFinish={handleFinish}
      disabled={isBusy}
      data-testid="doctor-create-form"
    >
      <DoctorFormFields />
      <div className="form-actions">
        <Button type="primary" htmlType="submit" loading={isBusy} data-testid="create-doctor-submit">
          {t('offices.addDoctor.createAndAdd')}
        </Button>
      </div>
    </Form>
  );
}
