import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '@/ui/PageLoader';

/** The screen itself, loaded when opened with the texts it reads (the page catalogue, decision 0061). */
const CyclesAdmin = lazy(() =>
  Promise.all([
    import('@/modules/cycles/components/CyclesAdmin'),
    import('@/lib/page-catalogue').then((module) => module.loadPageCatalogue()),
  ]).then(([module]) => ({ default: module.CyclesAdmin })),
);

/**
 * /cycles, for administrators (issue 33): the cycles, created and edited here, and (?cycle=) one cycle's goals,
 * set by hand, by segment or by CSV import. This shell shares the plan page's chunk (see
 * pages/index.ts); the screen is a chunk of its own.
 */
export function CyclesPage() {
  const [params] = useSearchParams();
  return (
    <Suspense fallback={<PageLoader />}>
      <CyclesAdmin cycleId={params.get('cycle')} />
    </Suspense>
  );
}
