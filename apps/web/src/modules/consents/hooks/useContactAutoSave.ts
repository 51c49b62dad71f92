import { CONSENT_CONTACT_AUTOSAVE_MS, DoctorUpdate } from '@crm/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useUpdateDoctorMutation } from '@/modules/doctors/api';

export type Contact = { email: string; phone: string };

export type AutoSaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

const isValidEmail = (email: string) => DoctorUpdate.safeParse({ email }).success;

/**
 * What the doctor must be sent so that their record holds the contact entered: the fields that changed,
 * the e-mail only when empty or valid (spec 000 §4). Null when there is nothing to send.
 */
export function contactPatch(saved: Contact, entered: Contact): DoctorUpdate | null {
  const email = entered.email.trim();
  const phone = entered.phone.trim();
  const patch: DoctorUpdate = {};
  if (email !== saved.email.trim() && (email === '' || isValidEmail(email))) patch.email = email === '' ? null : email;
  if (phone !== saved.phone.trim()) patch.phone = phone === '' ? null : phone;
  return Object.keys(patch).length === 0 ? null : patch;
}

/**
 * Spec 000 §4: the contact entered on the consent screen is saved to the doctor (PUT /api/doctors/{id}) once
 * typing has paused for CONSENT_CONTACT_AUTOSAVE_MS. Only when `enabled` (readWrite, online, the doctor
 * known): it is a doctor edit, audited as one. An edit still waiting when the screen closes (the consent
 * saved at once) is sent then.
 */
export function useContactAutoSave(doctorId: string, doctorContact: Contact, entered: Contact, enabled: boolean) {
  const { mutateAsync } = useUpdateDoctorMutation(doctorId);
  const { email, phone } = entered;
  const [status, setStatus] = useState<AutoSaveStatus>('idle');
  // What the doctor's record holds, as far as this screen knows.
  const saved = useRef(doctorContact);
  const waiting = useRef<DoctorUpdate | null>(null);
  const mounted = useRef(true);

  const send = useCallback(
    (patch: DoctorUpdate) => {
      waiting.current = null;
      if (mounted.current) setStatus('saving');
      mutateAsync(patch).then(
        (doctor) => {
          saved.current = { email: doctor.email ?? '', phone: doctor.phone ?? '' };
          if (mounted.current) setStatus('saved');
        },
        () => {
          if (mounted.current) setStatus('failed');
        },
      );
    },
    [mutateAsync],
  );

  useEffect(
    function saveOncePaused() {
      const patch = enabled ? contactPatch(saved.current, { email, phone }) : null;
      waiting.current = patch;
      if (patch === null) return undefined;
      const timer = setTimeout(() => {
        send(patch);
      }, CONSENT_CONTACT_AUTOSAVE_MS);
      return () => {
        clearTimeout(timer);
      };
    },
    [enabled, email, phone, send],
  );

  useEffect(
    function sendWhatWaitsOnLeaving() {
      mounted.current = true;
      return () => {
        mounted.current = false;
        if (waiting.current !== null) send(waiting.current);
      };
    },
    [send],
  );

  return status;
}
