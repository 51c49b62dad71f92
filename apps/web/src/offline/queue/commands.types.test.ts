import type { ActivityInputForm, ActivityUpdate, DoctorInputForm } from '@crm/shared';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { COMMANDS, type CommandMap, type CommandPayloads, type StoredCommand } from '@/offline/queue/commands';
import type { QueuedChange } from '@/offline/queue/queue';

const ID = 'e1e1e1e1-0000-4000-8000-000000000001';

/**
 * The compiler is the check here: `tsc -p apps/web` fails when a `@ts-expect-error` line compiles, so each
 * marks what the queue's types refuse. The runtime assertions only keep the values used.
 */
describe('the queued commands, as the compiler checks them', () => {
  it('types each payload from the shared schemas', () => {
    expectTypeOf<CommandPayloads['activity/create']>().toEqualTypeOf<Omit<ActivityInputForm, 'id'>>();
    expectTypeOf<CommandPayloads['activity/update']>().toEqualTypeOf<Omit<ActivityUpdate, 'done' | 'productId'>>();
    expectTypeOf<CommandPayloads['doctor/create']>().toEqualTypeOf<Omit<DoctorInputForm, 'id'>>();
    expectTypeOf<Extract<StoredCommand, { name: 'activity/done' }>['payload']>().toEqualTypeOf<null>();
  });

  it('refuses a map without an entry, and a request reading another command’s payload', () => {
    const { 'consent/create': _consent, ...incomplete } = COMMANDS;
    // @ts-expect-error every command has its request
    const missing: CommandMap = incomplete;
    const misread: CommandMap = {
      ...COMMANDS,
      // @ts-expect-error an edit's payload has no rpps: the request of one command reads its own payload
      'activity/update': { request: (payload) => ({ method: 'POST', path: '/doctors', body: payload.rpps }) },
    };
    expect([missing, misread]).toHaveLength(2);
  });

  it('refuses to queue a payload of another command, an unknown command, or a payload where none goes', () => {
    const doctor: Omit<DoctorInputForm, 'id'> = {
      rpps: '10009998887',
      firstName: 'Claire',
      lastName: 'Petit',
      primarySpecialty: 'Cardiology',
    };
    const fine: QueuedChange = { type: 'doctor', action: 'create', entityId: ID, payload: doctor };
    // @ts-expect-error a doctor's creation is not an activity's
    const swapped: QueuedChange = { type: 'activity', action: 'create', entityId: ID, payload: doctor };
    // @ts-expect-error no such command
    const unknown: QueuedChange = { type: 'activity', action: 'archive', entityId: ID };
    // @ts-expect-error marking done carries nothing
    const extra: QueuedChange = { type: 'activity', action: 'done', entityId: ID, payload: { done: true } };
    expect([fine, swapped, unknown, extra]).toHaveLength(4);
  });
});
