import type { FormRule } from 'antd';
import { isApiError } from '@/lib/api-client';
import { translateKey } from '@/lib/i18n';

/** What the rule needs of a zod schema; typed structurally so the web app needs no direct zod import. */
export type SchemaLike = {
  safeParse: (value: unknown) => { success: boolean; error?: { issues: ReadonlyArray<{ message: string }> } };
};

/**
 * An antd form rule running a shared schema (one rule on both sides, DESIGN.md §3). The schema's messages
 * are i18n keys. Empty values are left to the field's own required rule and message.
 */
export function schemaRule(schema: SchemaLike): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return Promise.resolve();
      const result = schema.safeParse(value);
      if (result.success) return Promise.resolve();
      return Promise.reject(new Error(translateKey(result.error?.issues[0]?.message ?? 'validation.invalid')));
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
