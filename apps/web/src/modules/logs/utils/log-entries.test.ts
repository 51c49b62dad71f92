import { describe, expect, it } from 'vitest';
import { fieldChanges, hasChanges, recordName, recordPath } from './log-entries';

const entry = (entityType: string, action = 'update', entityId: string | null = 'id-1') => ({
  entityType,
  action,
  entityId,
});

describe('recordPath', () => {
  it('links a doctor, an office, a consent (the doctor’s consent tab), an activity and a user', () => {
    expect(recordPath(entry('doctor'))).toBe('/doctors/id-1');
    expect(recordPath(entry('office'))).toBe('/offices/id-1');
    expect(recordPath(entry('consent', 'withdraw'))).toBe('/doctors/id-1?tab=consent');
    expect(recordPath(entry('activity', 'done'))).toBe('/activities/id-1');
    expect(recordPath(entry('user', 'login'))).toBe('/users/id-1');
  });

  it('links nothing for a deleted record, an entry without id, or a kind it does not know', () => {
    expect(recordPath(entry('doctor', 'delete'))).toBeNull();
    expect(recordPath(entry('doctor', 'update', null))).toBeNull();
    expect(recordPath(entry('campaign', 'send'))).toBeNull();
  });
});

describe('recordName', () => {
  it('names the record from its metadata, most telling first for its kind', () => {
    expect(recordName({ entityType: 'consent', metadata: { doctorName: 'Marie Curie' } })).toBe('Marie Curie');
    expect(recordName({ entityType: 'office', metadata: { officeName: 'Cabinet du Parc', name: 'x' } })).toBe(
      'Cabinet du Parc',
    );
    expect(recordName({ entityType: 'activity', metadata: { title: 'Visite', doctorName: 'Jean Petit' } })).toBe(
      'Visite',
    );
    expect(recordName({ entityType: 'activity', metadata: { title: null, doctorName: 'Jean Petit' } })).toBe(
      'Jean Petit',
    );
    expect(recordName({ entityType: 'user', metadata: { firstName: 'Anne', lastName: 'Roy' } })).toBe('Anne Roy');
    expect(recordName({ entityType: 'newsletter', metadata: { subject: 'Rentrée' } })).toBe('Rentrée');
    expect(recordName({ entityType: 'audit_log', metadata: { count: 3 } })).toBeNull();
    expect(recordName({ entityType: 'doctor', metadata: null })).toBeNull();
  });
});

describe('fieldChanges: the three shapes of spec 001 §3', () => {
  it('reads previous and new objects, a creation and a deletion included', () => {
    expect(fieldChanges({ previous: { target: null, potential: 'A' }, new: { target: 'B', potential: 'A' } })).toEqual([
      { field: 'target', before: null, after: 'B', changed: true },
      { field: 'potential', before: 'A', after: 'A', changed: false },
    ]);
    expect(fieldChanges({ previous: null, new: { name: 'Cardio' } })).toEqual([
      { field: 'name', before: undefined, after: 'Cardio', changed: true },
    ]);
    expect(fieldChanges({ previous: { name: 'Cardio' }, new: null })).toEqual([
      { field: 'name', before: 'Cardio', after: undefined, changed: true },
    ]);
  });

  it('reads per-field before and after', () => {
    expect(
      fieldChanges({ phone: { before: null, after: '0102030405' }, tags: { before: ['a'], after: ['a'] } }),
    ).toEqual([
      { field: 'phone', before: null, after: '0102030405', changed: true },
      { field: 'tags', before: ['a'], after: ['a'], changed: false },
    ]);
  });

  it('reads a message moved to a folder', () => {
    expect(fieldChanges({ newFolder: 'bin' })).toEqual([
      { field: 'folder', before: undefined, after: 'bin', changed: true },
    ]);
  });

  it('shows any other shape key by key, and nothing for none', () => {
    expect(fieldChanges({ aliasId: 'x' })).toEqual([
      { field: 'aliasId', before: undefined, after: 'x', changed: true },
    ]);
    expect(fieldChanges(null)).toEqual([]);
    expect(fieldChanges({})).toEqual([]);
    expect(hasChanges({ changes: {} })).toBe(false);
    expect(hasChanges({ changes: { newFolder: 'sent' } })).toBe(true);
  });
});
