/*
 * The cycle plans' pages, one chunk for the router (decision 0060): the plan, one rep's plan and the
 * administrators' cycles shell, which loads its screen lazily. The entry (every route's first load) then names
 * one chunk and one list of files to preload for the three, where each page of its own would add its own.
 */
export { CyclesPage } from '@/modules/cycles/pages/CyclesPage';
export { PlanPage } from '@/modules/cycles/pages/PlanPage';
export { RepPlanPage } from '@/modules/cycles/pages/RepPlanPage';
