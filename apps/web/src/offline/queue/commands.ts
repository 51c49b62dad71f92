import type {
  ActivityInputForm,
  ActivityUpdate,
  BenefitInputForm,
  ConsentInput,
  DoctorInputForm,
  SyncChange,
} from '@crm/shared';
import type { BenefitCreatePayload } from '@/offline/queue/benefit-writes';
import type { ConsentCreatePayload } from '@/offline/queue/consent-writes';

/**
 * The queued commands (decision 0050, after Actual Budget's): each `<type>/<action>` of a queue record, the
 * payload the record holds and the call of the API that applies it. A new command is one entry here and one
 * in COMMANDS below; the compiler then checks every enqueue of it and every screen that names the commands.
 */
export type CommandPayloads = {
  'activity/create': Omit<ActivityInputForm, 'id'>;
  'activity/update': Omit<ActivityUpdate, 'done' | 'productId'>;
  'activity/done': null;
  'activity/delete': null;
  'doctor/create': Omit<DoctorInputForm, 'id'>;
  'consent/create': ConsentCreatePayload;
  'benefit/create': BenefitCreatePayload;
};

export type CommandName = keyof CommandPayloads;

/** A command's call of the API (its path under /api), before the record's key is added. */
export type CommandCall = Omit<SyncChange, 'idempotencyKey'>;

type Command<Payload> = {
  /** The call that applies it; a new entity carries its client-made id (the record's entityId) in the body. */
  request: (payload: Payload, entityId: string) => CommandCall;
  /** Whether a stored payload holds what the call needs (a record may come from another build). */
  readable?: (payload: unknown) => boolean;
};

export type CommandMap = { [Name in CommandName]: Command<CommandPayloads[Name]> };

const activityPath = (id: string) => `/activities/${encodeURIComponent(id)}`;

/** A consent or a benefit is sent to its doctor's path: the payload must name the doctor. */
function namesDoctor(payload: unknown): boolean {
  return (
    payload !== null && typeof payload === 'object' && typeof (payload as { doctorId?: unknown }).doctorId === 'string'
  );
}

export const COMMANDS: CommandMap = {
  'activity/create': {
    request: (payload, id) => ({
      method: 'POST',
      path: '/activities',
      body: { ...payload, id } satisfies ActivityInputForm,
    }),
  },
  'activity/update': { request: (payload, id) => ({ method: 'PUT', path: activityPath(id), body: payload }) },
  'activity/done': { request: (_payload, id) => ({ method: 'PUT', path: activityPath(id), body: { done: true } }) },
  'activity/delete': { request: (_payload, id) => ({ method: 'DELETE', path: activityPath(id) }) },
  'doctor/create': {
    request: (payload, id) => ({
      method: 'POST',
      path: '/doctors',
      body: { ...payload, id } satisfies DoctorInputForm,
    }),
  },
  'consent/create': {
    // The doctor is the path; the body is the API's, with the consent's client-made id.
    request: ({ doctorId, ...body }, id) => ({
      method: 'POST',
      path: `/doctors/${encodeURIComponent(doctorId)}/signatures`,
      body: { ...body, id } satisfies ConsentInput,
    }),
    readable: namesDoctor,
  },
  'benefit/create': {
    request: ({ doctorId, ...body }, id) => ({
      method: 'POST',
      path: `/doctors/${encodeURIComponent(doctorId)}/benefits`,
      body: { ...body, id } satisfies BenefitInputForm,
    }),
    readable: namesDoctor,
  },
};

/** A queue record read back as the command it holds. */
export type StoredCommand = { [Name in CommandName]: { name: Name; payload: CommandPayloads[Name] } }[CommandName];

export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

/** The call that applies a command to the entity `entityId`. */
export function commandRequest({ name, payload }: StoredCommand, entityId: string): CommandCall {
  return callOf(name, payload, entityId);
}

function callOf<Name extends CommandName>(name: Name, payload: CommandPayloads[Name], entityId: string): CommandCall {
  const command: Command<CommandPayloads[Name]> = COMMANDS[name];
  return command.request(payload, entityId);
}
