import type { FormRule } from 'antd';
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
