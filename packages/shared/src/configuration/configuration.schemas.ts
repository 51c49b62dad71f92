import { z } from 'zod';
import { optionalText } from '../common/fields.ts';
import { DEFAULT_COLOR } from './targets.schemas.ts';

/** Spec 001 §§3, 9: a target's priority is a whole number from 0 to 100, 0 when not given. */
export const TARGET_PRIORITY_MIN = 0;
export const TARGET_PRIORITY_MAX = 100;
export const DEFAULT_TARGET_PRIORITY = 0;
/** Spec 001 §9: the configuration tables show 10 rows a page. */
export const CONFIGURATION_PAGE_SIZE = 10;
export const CONFIGURATION_NAME_MAX_LENGTH = 100;
export const CONFIGURATION_DESCRIPTION_MAX_LENGTH = 500;

/** The three kinds of configuration entry, as the paths name them. */
export const CONFIGURATION_KINDS = ['products', 'channels', 'targets'] as const;
export type ConfigurationKind = (typeof CONFIGURATION_KINDS)[number];

/** A colour stored as a hex string (#1890ff), lower case; the default when not given (spec 001 §3). */
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
const colorField = () =>
  z
    .string({ error: 'configuration.colorFormat' })
    .trim()
    .regex(HEX_COLOR_PATTERN, { error: 'configuration.colorFormat' })
    .transform((value) => value.toLowerCase())
    .nullish()
    .transform((value) => value ?? DEFAULT_COLOR);

/** The name, required with the spec's message for each kind ('Product name is required'…). */
const nameField = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .max(CONFIGURATION_NAME_MAX_LENGTH, { error: 'validation.tooLong' });

const flag = (fallback: boolean) =>
  z
    .boolean({ error: 'validation.invalid' })
    .nullish()
    .transform((value) => value ?? fallback);

const priorityField = () =>
  z
    .number({ error: 'configuration.priorityRange' })
    .int({ error: 'configuration.priorityRange' })
    .min(TARGET_PRIORITY_MIN, { error: 'configuration.priorityRange' })
    .max(TARGET_PRIORITY_MAX, { error: 'configuration.priorityRange' })
    .nullish()
    .transform((value) => value ?? DEFAULT_TARGET_PRIORITY);

const description = () => optionalText(CONFIGURATION_DESCRIPTION_MAX_LENGTH);

/** POST /api/configuration/products and PUT /api/configuration/products/{id}: {name, description, active}. */
export const ProductInput = z.strictObject({
  name: nameField('configuration.productNameRequired'),
  description: description(),
  active: flag(true),
});
export type ProductInput = z.input<typeof ProductInput>;

/** POST and PUT /api/configuration/channels: {name, description, color, active, isTimeOff, needsBudgetApproval}. */
export const ChannelInput = z.strictObject({
  name: nameField('configuration.channelNameRequired'),
  description: description(),
  color: colorField(),
  active: flag(true),
  isTimeOff: flag(false),
  needsBudgetApproval: flag(false),
});
export type ChannelInput = z.input<typeof ChannelInput>;

/** POST and PUT /api/configuration/targets: {name, description, color, priority, active}. */
export const TargetInput = z.strictObject({
  name: nameField('configuration.targetNameRequired'),
  description: description(),
  color: colorField(),
  priority: priorityField(),
  active: flag(true),
});
export type TargetInput = z.input<typeof TargetInput>;
