import { CycleGoals } from '@/modules/cycles/components/CycleGoals';
import { CyclesList } from '@/modules/cycles/components/CyclesList';

/** The administrators' cycles screen: the list, or one cycle's goals. */
export function CyclesAdmin({ cycleId }: { cycleId: string | null }) {
  return cycleId === null ? <CyclesList /> : <CycleGoals cycleId={cycleId} />;
}
