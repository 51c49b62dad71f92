import { lazy } from 'react';

/**
 * The goal dialog, loaded when first opened with the texts it reads (the page catalogue, decision 0061): most
 * who read a plan never change it, and the plan's route does not carry it.
 */
export const LazyGoalEditDialog = lazy(() =>
  Promise.all([
    import('@/modules/cycles/components/GoalEditDialog'),
    import('@/lib/page-catalogue').then((module) => module.loadPageCatalogue()),
  ]).then(([module]) => ({ default: module.GoalEditDialog })),
);
