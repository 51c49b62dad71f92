import { PlanTargetsUpdate, type Cycle, type PlanTargetsUpdateForm, type TargetCounts } from '@crm/shared';
import { Alert, App, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { translateKey } from '@/lib/i18n';
import { useSetPlanTargetsMutation } from '@/modules/cycles/api';
import { DoctorPicker, type PickedDoctor } from '@/modules/cycles/components/DoctorPicker';
import { GoalFields } from '@/modules/cycles/components/GoalFields';
import { type Fault, placeFaults, schemaFaults, serverFaults } from '@/modules/cycles/utils/form-faults';
import { goalsToSend, goalValuesOf, type GoalValues } from '@/modules/cycles/utils/goal-values';
import '@/modules/cycles/cycles-admin.css';

type GoalFormValues = { doctor?: PickedDoctor | null; goals?: GoalValues[] };
type FieldName = ['doctor'] | ['goals', number, 'goal' | 'cap'];

export type GoalEditDialogProps = {
  cycle: Cycle;
  /** The rep whose plan it is, and how to name them. */
  user: { id: string; name: string };
  /** The target whose goals change; null to add a doctor to the plan (administrators). */
  target: TargetCounts | null;
  onClose: () => void;
};

/**
 * A target's goal and optional cap per channel of the cycle (PUT …/plans/{userId}/targets), or a doctor added
 * to the plan with theirs. The shared schema judges the goals first; the server's faults go under the fields
 * they name, its refusals (who may change goals, and when: decision 0058) above the form.
 */
export function GoalEditDialog({ cycle, user, target, onClose }: GoalEditDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<GoalFormValues>();
  const save = useSetPlanTargetsMutation(cycle.id, user.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [goalsError, setGoalsError] = useState<string | null>(null);
  const requiredChannels = new Set(target?.channels.map((channel) => channel.channelId));

  const handleFinish = async (values: GoalFormValues) => {
    setRefusal(null);
    setGoalsError(null);
    const doctorId = target?.doctorId ?? values.doctor?.value ?? '';
    const { goals, fieldIndex } = goalsToSend(cycle.channels, values.goals);
    const body: PlanTargetsUpdateForm = { targets: [{ doctorId, goals }] };
    /** A path of the body (the schema's or the server's) as the form's field, or null for the goals as a whole. */
    const fieldOf = (path: readonly (string | number)[]): FieldName | null => {
      const [, , what, index, field] = path;
      if (what === 'doctorId') return ['doctor'];
      if (what === 'goals' && typeof index === 'number' && field !== undefined) {
        return ['goals', fieldIndex[index] ?? 0, field === 'cap' ? 'cap' : 'goal'];
      }
      return null;
    };
    const place = (faults: readonly Fault[]) => placeFaults(form, faults, fieldOf, setGoalsError);

    const parsed = PlanTargetsUpdate.safeParse(body);
    if (!parsed.success) {
      place(schemaFaults(parsed.error.issues));
      return;
    }
    try {
      await save.mutateAsync(body);
    } catch (error) {
      const placed = place(serverFaults(error).filter((fault) => fault.path[0] === 'targets' && fault.path.length > 1));
      if (placed === 0) setRefusal(serverMessage(error));
      return;
    }
    void message.success(t('plans.goalEdit.saved'));
    onClose();
  };

  const doctorName = target?.doctorName ?? t('plans.unknownDoctor');
  return (
    <Modal
      open
      width={600}
      title={
        target === null
          ? t('plans.goalEdit.addTitle', { name: user.name })
          : t('plans.goalEdit.title', { doctor: doctorName })
      }
      okText={t('plans.goalEdit.save')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'goal-save' }}
      cancelText={t('common.cancel')}
      onOk={() => {
        form.submit();
      }}
      onCancel={onClose}
    >
      {target !== null && (
        <p className="list-muted">{t('plans.goalEdit.subtitle', { name: user.name, cycle: cycle.name })}</p>
      )}
      {refusal !== null && (
        <Alert type="error" showIcon className="cycle-form-alert" title={refusal} data-testid="goal-refusal" />
      )}
      <Form<GoalFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ doctor: null, goals: goalValuesOf(cycle.channels, target) }}
        onFinish={(values) => void handleFinish(values)}
        className="goal-form"
        data-testid="goal-form"
      >
        {target === null && (
          <Form.Item
            name="doctor"
            label={t('plans.goalEdit.doctor')}
            rules={[{ required: true, message: translateKey('validation.required') }]}
          >
            <DoctorPicker placeholder={t('plans.goalEdit.doctorPlaceholder')} data-testid="goal-doctor" />
          </Form.Item>
        )}
        <GoalFields channels={cycle.channels} requiredChannels={requiredChannels} error={goalsError} />
      </Form>
    </Modal>
  );
}
