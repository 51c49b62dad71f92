import { v7 } from 'uuid';

/** Time-ordered UUIDs (v7): index-friendly, and creatable on the client too. */
export const newId = (): string => v7();
