import { startTransition, useEffect, useMemo, useState } from 'react';

/**
 * A long page of rows in two passes: the first rows (a phone's screenful) at once, the rest in an
 * interruptible pass right after, so that a phone shows the answer before it has built fifty rows of a table.
 */
export function useProgressiveRows<Row>(rows: readonly Row[] | undefined, first: number): readonly Row[] | undefined {
  const [complete, setComplete] = useState<readonly Row[] | undefined>(undefined);
  useEffect(() => {
    if (rows === undefined || rows.length <= first) return;
    startTransition(() => {
      setComplete(rows);
    });
  }, [rows, first]);
  return useMemo(() => {
    if (rows === undefined || rows.length <= first || complete === rows) return rows;
    return rows.slice(0, first);
  }, [rows, first, complete]);
}
