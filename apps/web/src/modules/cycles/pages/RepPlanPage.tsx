import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useBackNavigation } from '@/lib/use-back-navigation';
import { cycleQueries } from '@/modules/cycles/api';
import { PlanDetails } from '@/modules/cycles/components/PlanDetails';
import { PlanQueryState } from '@/modules/cycles/components/PlanQueryState';
import { useCanEditGoals } from '@/modules/cycles/hooks/useCanEditGoals';
import { PageHeader } from '@/ui/PageHeader';
import '@/modules/cycles/cycles.css';

/**
 * /plan/:cycleId/:userId (issue 33): one rep's plan as their manager or an administrator sees it; read only,
 * but for its goals while the signed-in user may adjust them (a manager while the cycle is planned).
 */
export function RepPlanPage() {
  const { t } = useTranslation();
  const { cycleId = '', userId = '' } = useParams();
  const handleBack = useBackNavigation('/plan?tab=team');
  const plan = useQuery(cycleQueries.plan(cycleId, userId));
  const canEdit = useCanEditGoals(plan.data);
  const title = plan.data
    ? t('plans.repTitle', { name: plan.data.user.name, cycle: plan.data.cycle.name })
    : t('plans.title');

  return (
    <div className="page plan-page" data-testid="rep-plan-page">
      <PageHeader title={title} subtitle={canEdit ? t('plans.editable') : t('plans.readOnly')} onBack={handleBack} />
      <PlanQueryState query={plan}>{(data) => <PlanDetails plan={data} />}</PlanQueryState>
    </div>
  );
}
