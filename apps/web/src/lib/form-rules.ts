import type { FormRule } from 'antd';
import { isApiError } from '@/lib/api-client';
import { translateKey } from '@/lib/i18n';

type SchemaIssue = { message: string; input?: unknown };

/** What the rule needs of a zod schema; typed structurally so the web app needs no direct zod import. */
export type SchemaLike = {
  safeParse: (
    value: unknown,
    context?: { reportInput?: boolean },
  ) => { success: boolean; error?: { issues: ReadonlyArray<SchemaIssue> } };
};

export type SchemaRuleOptions = {
  /**
   * The schema also judges an empty value, with its own "required" message, for a field whose schema says what
   * "at least one" means; by default an empty value is left to the field's required rule.
   */
  checksEmpty?: boolean;
  /**
   * The field's own wording for some of the schema's keys, given the values at fault (the entries of a list
   * that fail the same way), so that a message can name them.
   */
  messages?: Partial<Record<string, (values: unknown[]) => string>>;
};

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * An antd form rule running a shared schema (one rule on both sides, DESIGN.md §3): the first issue's message,
 * an i18n key, translated, or worded by the field (`messages`).
 */
export function schemaRule(
  schema: SchemaLike,
  { checksEmpty = false, messages = {} }: SchemaRuleOptions = {},
): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      if (!checksEmpty && isEmpty(value)) return Promise.resolve();
      const result = schema.safeParse(value, { reportInput: true });
      if (result.success) return Promise.resolve();
      const issues = result.error?.issues ?? [];
      const key = issues[0]?.message ?? 'validation.invalid';
      const wording = messages[key];
      const atFault = issues.filter((issue) => issue.message === key).map((issue) => issue.input);
      return Promise.reject(new Error(wording === undefined ? translateKey(key) : wording(atFault)));
    },
  };
}

/** The spec's required-field rule ('This field is required'); blank text counts as empty. */
export function requiredRule(): FormRule {
  return { required: true, whitespace: true, message: translateKey('validation.required') };
}

/** What a form offers to show errors next to its fields (antd's FormInstance has it). */
export type FieldErrorTarget<Name extends string> = {
  setFields: (fields: Array<{ name: Name; errors: string[] }>) => void;
};

/**
 * Puts the server's per-field messages (a 400's or 409's `fields`, already translated) next to the form's
 * fields among `fieldNames`. Returns whether any of them was concerned.
 */
export function applyServerFieldErrors<Name extends string>(
  form: FieldErrorTarget<Name>,
  error: unknown,
  fieldNames: readonly Name[],
): boolean {
  if (!isApiError(error) || error.fields === undefined) return false;
  const fields = fieldNames.flatMap((name) => {
    const message = error.fields?.[name];
    return message === undefined ? [] : [{ name, errors: [message] }];
  });
  form.setFields(fields);
  return fields.length > 0;
}
