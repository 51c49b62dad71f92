import { useNavigate } from 'react-router';
import { useRecordRecentDoctorMutation } from '@/modules/doctors/api';

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
