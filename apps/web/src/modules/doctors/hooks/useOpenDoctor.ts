import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { loadDoctorDetailPage } from '@/app/route-data';
import { whenQueriesSettleThenIdle } from '@/lib/when-idle';
import { prefetchDoctor, useRecordRecentDoctorMutation } from '@/modules/doctors/api';

/** Spec 000 §2: a row click records the doctor as recent and opens the detail. */
export function useOpenDoctor(): (doctorId: string) => void {
  const navigate = useNavigate();
  const recordRecent = useRecordRecentDoctorMutation();
  return (doctorId: string) => {
    // Not awaited: the detail opens at once; a failed record only leaves the recent list as it was.
    recordRecent.mutate(doctorId);
    void navigate(`/doctors/${encodeURIComponent(doctorId)}`);
  };
}

/**
 * Starts a doctor's page (its code and the doctor) as the user reaches for a row, before the click: a tap's
 * click comes only once the finger lifts.
 */
export function usePrefetchDoctor(): (doctorId: string) => void {
  const queryClient = useQueryClient();
  return (doctorId: string) => {
    prefetchDoctor(queryClient, doctorId);
    loadDoctorDetailPage().catch(() => undefined);
  };
}

/**
 * A doctor's page is where a tap on a list's row goes: its code is fetched once the list has its data and the
 * browser is idle, so the tap waits only for the doctor, which the finger's touch asks for.
 */
export function usePreloadDoctorPage(): void {
  const queryClient = useQueryClient();
  useEffect(
    function preloadWhenIdle() {
      return whenQueriesSettleThenIdle(queryClient, () => {
        loadDoctorDetailPage().catch(() => undefined);
      });
    },
    [queryClient],
  );
}
