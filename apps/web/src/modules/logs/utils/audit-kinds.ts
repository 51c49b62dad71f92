import { type AuditAction, isAuditAction, isAuditEntityType } from '@crm/shared';
import type { TFunction } from 'i18next';

/**
 * antd's preset tag colours: the theme makes each one readable (issue 29's contrast work), which a colour of
 * our own would escape.
 */
export type PresetTagColor =
  'magenta' | 'red' | 'volcano' | 'orange' | 'gold' | 'lime' | 'green' | 'cyan' | 'blue' | 'geekblue' | 'purple';

/**
 * Each action's colour, by what it does: additions green, changes blue, removals red, decisions green or
 * orange, sign-ins and sessions geek blue, passwords purple. Exhaustive, so a new action asks for its colour;
 * its label comes from `logs.actions.<action>`, which the typed catalogue checks the same way.
 */
const ACTION_COLORS: Record<AuditAction, PresetTagColor> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  restore: 'green',
  alias: 'magenta',
  update_targets: 'blue',
  link_office: 'green',
  unlink_doctor: 'red',
  set_primary_office: 'blue',
  done: 'cyan',
  approve: 'green',
  reject: 'orange',
  withdraw: 'red',
  send: 'green',
  move: 'blue',
  login: 'geekblue',
  logout: 'geekblue',
  link_identity: 'geekblue',
  change_password: 'purple',
  end_session: 'geekblue',
  end_other_sessions: 'geekblue',
  password_reset_requested: 'purple',
  reset_password: 'purple',
  accept_invitation: 'purple',
  update_permissions: 'blue',
  update_managees: 'blue',
  update_manager: 'blue',
  update_products: 'blue',
  send_password_link: 'purple',
  export: 'cyan',
  import: 'green',
  import_start: 'cyan',
  import_end: 'cyan',
  set_goals: 'blue',
  remove_targets: 'red',
  clear: 'volcano',
};

/** The tag colour of a stored action; none (antd's neutral tag) for a word this version doesn't know. */
export const actionColor = (action: string): PresetTagColor | undefined =>
  isAuditAction(action) ? ACTION_COLORS[action] : undefined;

/** An action in the reader's language; a word of another version shows as stored (decision 0046). */
export const actionLabel = (t: TFunction, action: string): string =>
  isAuditAction(action) ? t(`logs.actions.${action}`) : action;

/** A kind of record in the reader's language, else the stored word. */
export const entityTypeLabel = (t: TFunction, entityType: string): string =>
  isAuditEntityType(entityType) ? t(`logs.entityTypes.${entityType}`) : entityType;
