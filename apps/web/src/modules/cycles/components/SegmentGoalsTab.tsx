import { SegmentGoalsInput, type Cycle, type SegmentGoalsInputForm, type SegmentGoalsResult } from '@crm/shared';
import { Alert, Button, Card, Checkbox, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { useActiveTargets } from '@/modules/configuration/api';
import { useSegmentGoalsMutation } from '@/modules/cycles/api';
import { GoalFields } from '@/modules/cycles/components/GoalFields';
import { RepsSelect, type PickedUser } from '@/modules/cycles/components/RepSelect';
import { type Fault, placeFaults, schemaFaults, serverFaults } from '@/modules/cycles/utils/form-faults';
import { goalsToSend, type GoalValues } from '@/modules/cycles/utils/goal-values';

type SegmentFormValues = {
  reps?: PickedUser[];
  targets?: string[];
  includePotential?: boolean;
  goals?: GoalValues[];
};

type FieldName = ['reps'] | ['targets'] | ['goals', number, 'goal' | 'cap'];

/**
 * Goals by segment (POST …/plans/segment): for each rep chosen, every doctor they gave one of the targets chosen
 * (their own per-doctor target; with the box ticked, their potential target too) gets these goals. The answer
 * says how many doctors each rep's plan received.
 */
export function SegmentGoalsTab({ cycle, isClosed }: { cycle: Cycle; isClosed: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SegmentFormValues>();
  const { targets } = useActiveTargets();
  const apply = useSegmentGoalsMutation(cycle.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [goalsError, setGoalsError] = useState<string | null>(null);
  const [result, setResult] = useState<{ answer: SegmentGoalsResult; reps: PickedUser[] } | null>(null);

  const handleFinish = async (values: SegmentFormValues) => {
    setRefusal(null);
    setGoalsError(null);
    setResult(null);
    const reps = values.reps ?? [];
    const { goals, fieldIndex } = goalsToSend(cycle.channels, values.goals);
    const body: SegmentGoalsInputForm = {
      userIds: reps.map((rep) => rep.value),
      targets: values.targets ?? [],
      includePotential: values.includePotential ?? false,
      goals,
    };
    const fieldOf = ([first, index, field]: readonly (string | number)[]): FieldName | null => {
      if (first === 'userIds') return ['reps'];
      if (first === 'targets') return ['targets'];
      if (first === 'goals' && typeof index === 'number' && field !== undefined) {
        return ['goals', fieldIndex[index] ?? 0, field === 'cap' ? 'cap' : 'goal'];
      }
      return null;
    };
    const place = (faults: readonly Fault[]) => placeFaults(form, faults, fieldOf, setGoalsError);

    const parsed = SegmentGoalsInput.safeParse(body);
    if (!parsed.success) {
      place(schemaFaults(parsed.error.issues));
      return;
    }
    try {
      setResult({ answer: await apply.mutateAsync(body), reps });
    } catch (error) {
      const placed = place(serverFaults(error));
      if (placed === 0) setRefusal(serverMessage(error));
    }
  };

  const nameOf = (userId: string) => result?.reps.find((rep) => rep.value === userId)?.label ?? userId;
  return (
    <Card className="page-card" data-testid="segment-goals">
      <Typography.Paragraph className="list-muted">{t('plans.admin.segment.help')}</Typography.Paragraph>
      {refusal !== null && (
        <Alert type="error" showIcon className="cycle-form-alert" title={refusal} data-testid="segment-refusal" />
      )}
      <Form<SegmentFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={isClosed}
        initialValues={{ reps: [], targets: [], includePotential: false, goals: cycle.channels.map(() => ({})) }}
        onFinish={(values) => void handleFinish(values)}
        className="segment-form"
        data-testid="segment-form"
      >
        <Form.Item name="reps" label={t('plans.admin.segment.reps')}>
          <RepsSelect placeholder={t('plans.admin.hand.repPlaceholder')} data-testid="segment-reps" />
        </Form.Item>
        <Form.Item name="targets" label={t('plans.admin.segment.targets')}>
          <Select
            mode="multiple"
            options={targets.map((target) => ({ value: target.name, label: target.name }))}
            placeholder={t('plans.admin.segment.targetsPlaceholder')}
            data-testid="segment-targets"
          />
        </Form.Item>
        <Form.Item name="includePotential" valuePropName="checked">
          <Checkbox>{t('plans.admin.segment.includePotential')}</Checkbox>
        </Form.Item>
        <GoalFields channels={cycle.channels} error={goalsError} disabled={isClosed} />
        <Button type="primary" htmlType="submit" loading={apply.isPending} data-testid="segment-apply">
          {t('plans.admin.segment.apply')}
        </Button>
      </Form>
      {result !== null && (
        <Alert
          type="success"
          showIcon
          className="cycle-result"
          data-testid="segment-result"
          title={t('plans.admin.segment.done', { count: result.answer.doctors })}
          description={
            <ul className="list-plain">
              {result.answer.plans.map((plan) => (
                <li key={plan.userId}>
                  {plan.doctors === 0
                    ? t('plans.admin.segment.noneFor', { name: nameOf(plan.userId) })
                    : t('plans.admin.segment.doctorsFor', { name: nameOf(plan.userId), count: plan.doctors })}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </Card>
  );
}
