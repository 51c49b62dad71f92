import { DoctorInput } from '@crm/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { useCreateDoctorForActivityMutation } from '@/modules/doctors/api';
import { enqueue, listQueue } from '@/offline/queue/queue';
import { freshOfflineStore } from '@/offline/store/test-store';
import { callsTo, stubFetch } from '@/test/fetch';
import { REP_USER } from '@/test/tokens';

const OWNER = REP_USER.id;
const DOCTOR_ID = '0190a0c4-0000-7000-8000-00000000b0c1';

/** The dialog's checked input, as the schema parses what was entered, with the client-made id. */
const doctorInput = DoctorInput.parse({
  id: DOCTOR_ID,
  rpps: '10009998887',
  firstName: 'Claire',
  lastName: 'Petit',
  primarySpecialty: 'Cardiology',
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

beforeEach(async () => {
  await freshOfflineStore();
  setSession('token', REP_USER);
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('a doctor created from the activity form', () => {
  it('online, queues behind an earlier change of the same doctor still waiting, rather than overtaking it', async () => {
    const { id: _id, ...payload } = doctorInput;
    await enqueue(OWNER, { type: 'doctor', action: 'create', entityId: DOCTOR_ID, payload });
    const fetchMock = stubFetch({});
    const { result } = renderHook(() => useCreateDoctorForActivityMutation(), { wrapper });

    let answer: { queued: boolean } | undefined;
    await act(async () => {
      answer = await result.current.mutateAsync(doctorInput);
    });

    expect(answer?.queued).toBe(true);
    expect(callsTo(fetchMock, 'POST /api/doctors')).toHaveLength(0);
    const queued = await listQueue(OWNER);
    expect(queued.map((item) => [item.type, item.action, item.entityId])).toEqual([
      ['doctor', 'create', DOCTOR_ID],
      ['doctor', 'create', DOCTOR_ID],
    ]);
  });
});
