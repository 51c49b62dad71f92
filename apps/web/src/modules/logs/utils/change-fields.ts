import { type AuditEntityType, isAuditEntityType } from '@crm/shared';
import type { ParseKeys, TFunction } from 'i18next';
import { ownEntry } from '@/modules/logs/utils/lookup';

type FieldLabels = Readonly<Record<string, ParseKeys>>;

/**
 * The label of each field a change records, by kind of record, reusing the forms' labels so that the log
 * names a field as the screen that changed it does. The same key can mean different fields (a doctor's
 * `title` is their title, an activity's its subject), hence one table per kind.
 */
const BY_ENTITY_TYPE: Partial<Record<AuditEntityType, FieldLabels>> = {
  doctor: {
    rpps: 'doctors.fields.rpps',
    prefix: 'doctors.fields.prefix',
    firstName: 'doctors.fields.firstName',
    lastName: 'doctors.fields.lastName',
    title: 'doctors.fields.title',
    gender: 'doctors.fields.gender',
    email: 'doctors.fields.email',
    phone: 'doctors.fields.phone',
    primarySpecialty: 'doctors.fields.primarySpecialty',
    secondarySpecialty: 'doctors.fields.secondarySpecialty',
    target: 'doctors.fields.target',
    potential_target: 'doctors.fields.potential_target',
    is_primary: 'logs.fields.isPrimary',
  },
  office: {
    name: 'offices.fields.name',
    sector: 'offices.fields.sector',
    address: 'offices.fields.address',
    postal_code: 'offices.fields.postal_code',
    city: 'offices.fields.city',
    uga: 'offices.fields.uga',
    uga_name: 'offices.fields.uga_name',
    phone: 'offices.fields.phone',
    email: 'offices.fields.email',
    doctorCount: 'offices.fields.doctorCount',
  },
  activity: {
    title: 'activities.fields.title',
    type: 'activities.fields.channelId',
    allDay: 'activities.fields.allDay',
    duration: 'activities.fields.duration',
    doctorName: 'activities.fields.doctor',
    attendees: 'activities.fields.attendees',
    productIds: 'activities.fields.productIds',
    location: 'activities.fields.location',
    address: 'activities.fields.address',
    postal_code: 'activities.fields.postal_code',
    city: 'activities.fields.city',
    officePhone: 'activities.fields.officePhone',
    officeEmail: 'activities.fields.officeEmail',
    description: 'activities.fields.description',
    precallObjectives: 'activities.fields.precallObjectives',
    callNotes: 'activities.fields.callNotes',
    nextCallObjectives: 'activities.fields.nextCallObjectives',
    budgetEstimate: 'activities.fields.budgetEstimate',
    acknowledgeRules: 'activities.fields.acknowledgeRules',
  },
  consent: {
    professionalConsent: 'consents.professional',
    congressConsent: 'consents.congress',
    generalConsent: 'consents.general',
  },
  user: {
    email: 'users.email',
    firstName: 'users.firstName',
    lastName: 'users.lastName',
    displayName: 'users.displayName',
    isAdmin: 'users.isAdmin',
    readWrite: 'users.readWriteLabel',
    manager: 'users.manager',
    managees: 'users.managees',
    products: 'users.productAccess',
  },
};

/** Products, channels and targets share the configuration form's labels. */
const CONFIGURATION_FIELDS: FieldLabels = {
  name: 'configuration.fields.name',
  description: 'configuration.fields.description',
  color: 'configuration.fields.color',
  active: 'configuration.fields.active',
  isTimeOff: 'configuration.fields.isTimeOff',
  needsBudgetApproval: 'configuration.fields.needsBudgetApproval',
  priority: 'configuration.fields.priority',
};

/** Fields whose meaning doesn't depend on the kind of record: identifiers, bookkeeping, a message's folder. */
const ANY_ENTITY: FieldLabels = {
  id: 'logs.fields.id',
  doctorId: 'logs.fields.doctorId',
  officeId: 'logs.fields.officeId',
  primaryOfficeId: 'logs.fields.primaryOfficeId',
  channelId: 'logs.fields.channelId',
  ownerId: 'logs.fields.ownerId',
  aliasId: 'logs.fields.aliasId',
  start: 'logs.fields.start',
  end: 'logs.fields.end',
  approvalStatus: 'logs.fields.approvalStatus',
  approvedBy: 'logs.fields.approvedBy',
  approvedAt: 'logs.fields.approvedAt',
  approvalNotes: 'logs.fields.approvalNotes',
  needsApproval: 'logs.fields.needsApproval',
  done: 'logs.fields.done',
  doneAt: 'logs.fields.doneAt',
  latitude: 'logs.fields.latitude',
  longitude: 'logs.fields.longitude',
  manageesMovedTo: 'logs.fields.manageesMovedTo',
  kind: 'logs.fields.kind',
  folder: 'logs.fields.folder',
  updatedBy: 'ui.lastUpdate.updatedBy',
  updatedAt: 'ui.lastUpdate.updatedAt',
};

function labelsOf(entityType: string): FieldLabels {
  if (entityType === 'product' || entityType === 'channel' || entityType === 'target') return CONFIGURATION_FIELDS;
  return (isAuditEntityType(entityType) ? BY_ENTITY_TYPE[entityType] : undefined) ?? {};
}

/**
 * A changed field's name in the reader's language. A field no table names (a field added later, or an entry
 * of another version) shows as stored: the log still says what changed, and nothing breaks.
 */
export function fieldLabel(t: TFunction, entityType: string, field: string): string {
  const key = ownEntry(labelsOf(entityType), field) ?? ownEntry(ANY_ENTITY, field);
  return key === undefined ? field : t(key);
}
