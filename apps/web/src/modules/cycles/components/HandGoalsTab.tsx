import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Cycle, PlanView, TargetCounts } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Popconfirm } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { cycleQueries, useSetPlanTargetsMutation } from '@/modules/cycles/api';
import { PlanDetails } from '@/modules/cycles/components/PlanDetails';
import { PlanQueryState } from '@/modules/cycles/components/PlanQueryState';
import { RepSelect } from '@/modules/cycles/components/RepSelect';

export type HandGoalsTabProps = {
  cycle: Cycle;
  userId: string | null;
  onUserChange: (userId: string | null) => void;
};

/**
 * Goals by hand: a rep's plan in the cycle, with its counts; the administrator adds a doctor with their goals,
 * adjusts a target's, or removes a target (until the cycle is completed).
 */
export function HandGoalsTab({ cycle, userId, onUserChange }: HandGoalsTabProps) {
  const { t } = useTranslation();
  const plan = useQuery({ ...cycleQueries.plan(cycle.id, userId ?? ''), enabled: userId !== null });
  const label = t('plans.admin.hand.rep');

  return (
    <>
      <Card className="page-card">
        <Form layout="vertical" component="div">
          <Form.Item label={label} htmlFor="hand-rep" className="hand-rep-field" extra={t('plans.admin.hand.help')}>
            <RepSelect
              id="hand-rep"
              placeholder={t('plans.admin.hand.repPlaceholder')}
              value={userId === null ? null : { value: userId, label: plan.data?.user.name ?? '' }}
              onChange={(picked) => {
                onUserChange(picked?.value ?? null);
              }}
              data-testid="hand-rep"
            />
          </Form.Item>
        </Form>
      </Card>
      {userId !== null && (
        <PlanQueryState query={plan}>
          {(data) => <ManagedPlan planUserId={userId} cycle={cycle} plan={data} />}
        </PlanQueryState>
      )}
    </>
  );
}

function ManagedPlan({ cycle, planUserId, plan }: { cycle: Cycle; planUserId: string; plan: PlanView }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { mutateAsync } = useSetPlanTargetsMutation(cycle.id, planUserId);

  const remove = useCallback(
    async (target: TargetCounts) => {
      try {
        await mutateAsync({ removeDoctorIds: [target.doctorId] });
        void message.success(t('plans.admin.hand.removed', { name: target.doctorName ?? t('plans.unknownDoctor') }));
      } catch (error) {
        void message.error(t('plans.admin.hand.removeFailed', { message: serverMessage(error) }));
      }
    },
    [mutateAsync, message, t],
  );

  const rowExtra = useCallback(
    (target: TargetCounts) => {
      const name = target.doctorName ?? t('plans.unknownDoctor');
      const label = t('plans.admin.hand.remove', { name });
      return (
        <Popconfirm
          title={t('plans.admin.hand.removeConfirm', { name })}
          okText={t('common.delete')}
          cancelText={t('common.cancel')}
          onConfirm={() => remove(target)}
        >
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={label}
            title={label}
            data-testid="target-remove"
          />
        </Popconfirm>
      );
    },
    [remove, t],
  );

  return (
    <PlanDetails
      plan={plan}
      manage={{
        rowExtra,
        addButton: (open) => (
          <Button icon={<PlusOutlined />} onClick={open} data-testid="target-add">
            {t('plans.admin.hand.add')}
          </Button>
        ),
      }}
    />
  );
}
