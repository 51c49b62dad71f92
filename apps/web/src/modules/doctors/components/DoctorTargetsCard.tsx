import { AimOutlined } from '@ant-design/icons';
import type { Doctor, DoctorUserDataInput } from '@crm/shared';
import { App, Card, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { useActiveTargets } from '@/modules/configuration/api';
import { useUpdateDoctorUserDataMutation } from '@/modules/doctors/api';
import { ColorSwatch } from '@/ui/ColorSwatch';

export type DoctorTargetsCardProps = { doctor: Doctor };

type TargetField = keyof DoctorUserDataInput;

/**
 * The target and potential target selects. They are the signed-in user's own targeting of the doctor
 * (PUT /api/doctors/{id}/user-data), so every user may set them, readWrite or not.
 */
export function DoctorTargetsCard({ doctor }: DoctorTargetsCardProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { targets, colorOf, isLoading } = useActiveTargets();
  const updateUserData = useUpdateDoctorUserDataMutation(doctor.id);

  const optionsFor = (current: string | null) => {
    const options = targets.map((target) => ({
      value: target.name,
      label: <ColorSwatch color={target.color} label={target.name} />,
    }));
    // A target since deactivated stays shown as the doctor's value.
    if (current !== null && !targets.some((target) => target.name === current)) {
      options.push({ value: current, label: <ColorSwatch color={colorOf(current)} label={current} /> });
    }
    return options;
  };

  const handleChange = async (field: TargetField, value: string | undefined) => {
    try {
      await updateUserData.mutateAsync({ [field]: value ?? null });
    } catch (error) {
      void message.error(t('doctors.messages.updateFailed', { message: serverMessage(error) }));
      return;
    }
    void message.success(t('common.saved'));
  };

  const isSaving = (field: TargetField) => updateUserData.isPending && updateUserData.variables[field] !== undefined;

  const select = (field: TargetField, current: string | null) => (
    <Select
      allowClear
      data-testid={`${field}-select`}
      aria-label={t(`doctors.fields.${field}`)}
      placeholder={t('doctors.detail.noTarget')}
      value={current ?? undefined}
      options={optionsFor(current)}
      loading={isLoading || isSaving(field)}
      disabled={isSaving(field)}
      onChange={(value: string | undefined) => void handleChange(field, value)}
    />
  );

  return (
    <Card
      size="small"
      className="targets-card"
      title={
        <span className="card-title-with-icon">
          <AimOutlined />
          {t('doctors.detail.targetingCard')}
        </span>
      }
    >
      <Typography.Paragraph type="secondary" className="card-hint">
        {t('doctors.detail.targetingHint')}
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label={t('doctors.fields.target')}>{select('target', doctor.target)}</Form.Item>
        <Form.Item label={t('doctors.fields.potential_target')} className="last-form-item">
          {select('potential_target', doctor.potential_target)}
        </Form.Item>
      </Form>
    </Card>
  );
}
