import { LinkOutlined } from '@ant-design/icons';
import { OFFICE_SEARCH_LIMIT, OfficeInput, type Doctor, type OfficeListResult } from '@crm/shared';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLinkOfficeMutation } from '@/modules/doctors/api';
import { officeQueries, useCreateOfficeMutation } from '@/modules/offices/api';
import { OFFICE_FIELD_NAMES, OfficeFormFields } from '@/modules/offices/components/OfficeFormFields';
import { CreateAndLinkTab, LinkOrCreateDialog, LinkSearchTab } from '@/ui/LinkOrCreateDialog';

export type AddOfficeDialogProps = {
  doctor: Doctor;
  open: boolean;
  onClose: () => void;
};

/** Spec 000 §2: the add-office dialog with its two tabs, search existing offices or create a new one. */
export function AddOfficeDialog({ doctor, open, onClose }: AddOfficeDialogProps) {
  const { t } = useTranslation();
  return (
    <LinkOrCreateDialog
      open={open}
      onClose={onClose}
      title={t('doctors.addOffice.title')}
      searchLabel={t('doctors.addOffice.searchTab')}
      createLabel={t('doctors.addOffice.createTab')}
      searchTab={<OfficeSearchTab doctor={doctor} onLinked={onClose} />}
      createTab={<OfficeCreateTab doctor={doctor} onDone={onClose} />}
    />
  );
}

type OfficeSearchTabProps = { doctor: Doctor; onLinked: () => void };

function OfficeSearchTab({ doctor, onLinked }: OfficeSearchTabProps) {
  const { t } = useTranslation();
  const linkOffice = useLinkOfficeMutation();
  const linkedIds = new Set(doctor.offices.map((office) => office.id));
  return (
    <LinkSearchTab
      query={(search) => ({
        ...officeQueries.list({ search, specialty: [], page: 1, limit: OFFICE_SEARCH_LIMIT }),
        select: (list: OfficeListResult) => list.offices,
      })}
      renderItem={(office) => (
        <div className="two-lines">
          <Typography.Text strong>{office.name}</Typography.Text>
          <Typography.Text type="secondary">
            {office.address}, {office.postal_code} {office.city}
          </Typography.Text>
        </div>
      )}
      isLinked={(office) => linkedIds.has(office.id)}
      link={(office) => linkOffice.mutateAsync({ doctorId: doctor.id, officeId: office.id })}
      linkingId={linkOffice.isPending ? linkOffice.variables.officeId : undefined}
      onLinked={onLinked}
      linkIcon={<LinkOutlined />}
      texts={{
        placeholder: t('doctors.addOffice.searchPlaceholder'),
        typeToSearch: t('doctors.addOffice.typeToSearch'),
        noResults: t('doctors.addOffice.noResults'),
        link: t('doctors.addOffice.link'),
        alreadyLinked: t('doctors.addOffice.alreadyLinked'),
      }}
      messages={{
        linked: (office) => t('doctors.messages.officeLinked', { name: office.name }),
        linkFailed: (message) => t('doctors.messages.linkOfficeFailed', { message }),
      }}
      testIds={{ input: 'office-search-input', results: 'office-search-results', link: 'link-office' }}
    />
  );
}

type OfficeCreateTabProps = { doctor: Doctor; onDone: () => void };

function OfficeCreateTab({ doctor, onDone }: OfficeCreateTabProps) {
  const { t } = useTranslation();
  const createOffice = useCreateOfficeMutation();
  const linkOffice = useLinkOfficeMutation();
  return (
    <CreateAndLinkTab
      schema={OfficeInput}
      fieldNames={OFFICE_FIELD_NAMES}
      create={createOffice.mutateAsync}
      createFailedMessage={(message) => t('doctors.messages.createOfficeFailed', { message })}
      link={(office) => linkOffice.mutateAsync({ doctorId: doctor.id, officeId: office.id })}
      messages={{
        linked: (office) => t('doctors.messages.officeCreatedAndLinked', { name: office.name }),
        linkFailed: t('doctors.messages.officeCreatedLinkFailed'),
      }}
      onDone={onDone}
      isBusy={createOffice.isPending || linkOffice.isPending}
      submitLabel={t('doctors.addOffice.createAndLink')}
      testIds={{ form: 'office-create-form', submit: 'create-office-submit' }}
    >
      <OfficeFormFields />
    </CreateAndLinkTab>
  );
}
