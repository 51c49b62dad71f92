import { isApiError } from '@/lib/api-client';
import { translateKey } from '@/lib/i18n';

/** A fault of a request's body: where (the body's path, the schema's or the server's) and what, translated. */
export type Fault = { path: readonly (string | number)[]; text: string };

/** The shared schema's issues as faults. */
export function schemaFaults(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Fault[] {
  return issues.map((issue) => ({
    path: issue.path.filter((part): part is string | number => typeof part !== 'symbol'),
    text: translateKey(issue.message),
  }));
}

/** The server's per-field messages (a 400's or 409's `fields`, already translated), their dotted names as paths. */
export function serverFaults(error: unknown): Fault[] {
  const fields = isApiError(error) ? Object.entries(error.fields ?? {}) : [];
  return fields.map(([name, text]) => ({
    path: name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    text,
  }));
}

/**
 * Shows each fault under the form's field `fieldOf` names; the first that no field takes goes to `onRest`.
 * Answers how many places show one (0: nothing was shown).
 */
export function placeFaults<Name>(
  form: { setFields: (fields: { name: Name; errors: string[] }[]) => void },
  faults: readonly Fault[],
  fieldOf: (path: readonly (string | number)[]) => Name | null,
  onRest: (text: string) => void,
): number {
  const onFields = faults.flatMap((fault) => {
    const name = fieldOf(fault.path);
    return name === null ? [] : [{ name, errors: [fault.text] }];
  });
  form.setFields(onFields);
  const rest = faults.find((fault) => fieldOf(fault.path) === null);
  if (rest !== undefined) onRest(rest.text);
  return onFields.length + (rest === undefined ? 0 : 1);
}
