import { UserAddOutlined } from '@ant-design/icons';
import { DoctorInput, type Office } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { doctorQueries, useCreateDoctorMutation, useLinkOfficeMutation } from '@/modules/doctors/api';
import { DOCTOR_FIELD_NAMES, DoctorFormFields } from '@/modules/doctors/components/DoctorFormFields';
import { doctorFullName } from '@/modules/doctors/utils/doctor-name';
import { officeQueries } from '@/modules/offices/api';
import { CreateAndLinkTab, LinkOrCreateDialog, LinkSearchTab } from '@/ui/LinkOrCreateDialog';

/** How many doctors the search tab shows. */
const DOCTOR_SEARCH_LIMIT = 10;

export type AddDoctorDialogProps = {
  office: Office;
  open: boolean;
  onClose: () => void;
};

/** Spec 000 §2: the office's add-doctor dialog, search existing doctors or create a new one. */
export function AddDoctorDialog({ office, open, onClose }: AddDoctorDialogProps) {
  const { t } = useTranslation();
  return (
    <LinkOrCreateDialog
      open={open}
      onClose={onClose}
      title={t('offices.addDoctor.title', { name: office.name })}
      searchLabel={t('offices.addDoctor.searchTab')}
      createLabel={t('offices.addDoctor.createTab')}
      searchTab={<DoctorSearchTab office={office} onAdded={onClose} />}
      createTab={<DoctorCreateTab office={office} onDone={onClose} />}
    />
  );
}

type DoctorSearchTabProps = { office: Office; onAdded: () => void };

function DoctorSearchTab({ office, onAdded }: DoctorSearchTabProps) {
  const { t } = useTranslation();
  const linkOffice = useLinkOfficeMutation();
  // Any of a doctor's offices may be this one, not only the primary one the search results name.
  const linkedIds = useQuery(officeQueries.linkedDoctorIds(office.id)).data;
  return (
    <LinkSearchTab
      query={(search) => doctorQueries.picker(search, DOCTOR_SEARCH_LIMIT)}
      renderItem={(doctor) => (
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
      )}
      isLinked={(doctor) => linkedIds?.has(doctor.id) ?? doctor.primaryOffice?.id === office.id}
      link={(doctor) => linkOffice.mutateAsync({ doctorId: doctor.id, officeId: office.id })}
      linkingId={linkOffice.isPending ? linkOffice.variables.doctorId : undefined}
      onLinked={onAdded}
      linkIcon={<UserAddOutlined />}
      texts={{
        placeholder: t('offices.addDoctor.searchPlaceholder'),
        typeToSearch: t('offices.addDoctor.typeToSearch'),
        noResults: t('offices.addDoctor.noResults'),
        link: t('offices.addDoctor.add'),
        alreadyLinked: t('offices.addDoctor.alreadyHere'),
      }}
      messages={{
        linked: (doctor) => t('offices.messages.doctorAdded', { name: doctorFullName(doctor) }),
        linkFailed: (message) => t('offices.messages.addDoctorFailed', { message }),
      }}
      testIds={{ input: 'doctor-picker-input', results: 'doctor-picker-results', link: 'add-existing-doctor' }}
    />
  );
}

type DoctorCreateTabProps = { office: Office; onDone: () => void };

function DoctorCreateTab({ office, onDone }: DoctorCreateTabProps) {
  const { t } = useTranslation();
  const createDoctor = useCreateDoctorMutation();
  const linkOffice = useLinkOfficeMutation();
  return (
    <CreateAndLinkTab
      schema={DoctorInput}
      fieldNames={DOCTOR_FIELD_NAMES}
      create={createDoctor.mutateAsync}
      createFailedMessage={(message) => t('doctors.messages.createFailed', { message })}
      link={(doctor) => linkOffice.mutateAsync({ doctorId: doctor.id, officeId: office.id })}
      messages={{
        linked: (doctor) => t('offices.messages.doctorCreatedAndAdded', { name: doctorFullName(doctor) }),
        linkFailed: t('offices.messages.doctorCreatedLinkFailed'),
      }}
      onDone={onDone}
      isBusy={createDoctor.isPending || linkOffice.isPending}
      submitLabel={t('offices.addDoctor.createAndAdd')}
      testIds={{ form: 'doctor-create-form', submit: 'create-doctor-submit' }}
    >
      <DoctorFormFields />
    </CreateAndLinkTab>
  );
}
