import type { DirectoryImportsTable } from '#server/db/schema.ts';
import { DirectoryImportRepository } from '#server/modules/directory-import/directory-import.repository.ts';
import { officeSearchRows } from '#server/modules/offices/office-search.ts';
import { doctorSearchRows } from '#server/modules/doctors/doctor-search.ts';
import { queriesOf, type RepositoryQueries } from './calls.ts';
import { at, doctorRow, ids, officeRow } from './samples.ts';

/** The national directory import's repository (issue 32), kept apart from registry.ts so its changes stay together. */

const importId = 'import-1';

const importRow: DirectoryImportsTable = {
  id: importId,
  file_name: 'PS_LibreAcces_Personne_activite_202611280000.txt',
  savoir_faire_file_name: null,
  status: 'running',
  started_at: at,
  finished_at: null,
  lines_read: 0,
  kept: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  rejected: 0,
  inactivated: 0,
  lines_per_second: 0,
  error: null,
  started_by: ids.user,
  started_by_name: 'Anne Admin',
};

const directoryDoctor = { ...doctorRow, directory_digest: 'digest', manual_fields: '', inactive_since: null };
const directoryOffice = {
  ...officeRow,
  directory_id: 'R10100000000001',
  commune_code: '69386',
  directory_digest: 'digest',
  manual_fields: '',
  inactive_since: null,
  geocode_pending: 1,
};
const searchRows = doctorSearchRows(ids.doctor, { firstName: 'Marie', lastName: 'Dupont', rpps: '10001234567' });

export const directoryImportRegistry: RepositoryQueries[] = [
  queriesOf(DirectoryImportRepository, {
    lockForWrite: { args: () => [] },
    doctorsByRpps: { args: () => [['10001234567', '10001234568']] },
    officesByDirectoryId: { args: () => [['R10100000000001', '1690000012']] },
    insertDoctors: { args: () => [[directoryDoctor], searchRows.words, searchRows.prefixes] },
    insertOffices: { args: () => [[directoryOffice], officeSearchRows(directoryOffice)] },
    addDoctorPrefixCounts: { args: () => [[{ prefix: 'd', doctors: 1 }]] },
    addOfficePrefixCounts: { args: () => [[{ prefix: 'c', offices: -1 }]] },
    insertLinks: {
      args: () => [
        [{ doctor_id: ids.doctor, office_id: ids.office, is_primary: 1, created_at: at, source: 'directory' }],
      ],
    },
    addOfficeSpecialties: { args: () => [[{ office_id: ids.office, specialty: 'SM54' }]] },
    links: { args: () => [ids.doctor] },
    removeLinks: { args: () => [ids.doctor, [ids.office]] },
    activeDirectoryDoctors: { args: () => ['10001234567', 2000] },
    activeDirectoryOffices: { args: () => ['R10100000000001', 2000] },
    markDoctorsInactive: { args: () => [[ids.doctor], at] },
    markOfficesInactive: { args: () => [[ids.office], at] },
    removeDoctorSearchRows: { args: () => [[ids.doctor]] },
    removeOfficeSearchRows: { args: () => [officeSearchRows(directoryOffice).slice(0, 3)] },
    insertImport: { args: () => [importRow] },
    updateImport: { args: () => [importId, { lines_read: 1000, kept: 250, lines_per_second: 5000 }] },
    findImport: { args: () => [importId] },
    listImports: { args: () => [20] },
    insertRejections: {
      args: () => [[{ import_id: importId, line_number: 12, reason: 'columnCount', content: '8|10001234567|' }]],
    },
    rejections: { args: () => [importId] },
    pendingGeocodes: { args: () => ['', 200] },
  }),
];
