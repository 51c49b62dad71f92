/**
 * The recipients chosen in step 2: some doctors picked by hand (id → name), or every doctor the search matches
 * ("Select All (n)": all that match, not only the page shown), which the server resolves when it sends.
 */
export type RecipientSelection =
  | { mode: 'some'; doctors: ReadonlyMap<string, string> }
  | { mode: 'all'; search: string; total: number; names: readonly string[] };

export const NO_RECIPIENTS: RecipientSelection = { mode: 'some', doctors: new Map() };

export function selectedCount(selection: RecipientSelection): number {
  return selection.mode === 'all' ? selection.total : selection.doctors.size;
}

/** The POST's recipients fields for a selection. */
export function recipientsPayload(selection: RecipientSelection) {
  return selection.mode === 'all'
    ? { doctorIds: [], allMatching: { search: selection.search } }
    : { doctorIds: [...selection.doctors.keys()], allMatching: null };
}
