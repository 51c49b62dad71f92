import {
  DirectoryImportFile,
  DirectoryImportList,
  DirectoryImportProgress,
  type DirectoryImportStart,
} from '@crm/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';
import { uploadFile } from '@/lib/upload';
import { directoryImportKeys } from '@/modules/directory-import/query-keys';

/** While an import runs the screen asks for its progress this often (the contract of issue 32). */
export const PROGRESS_POLL_MS = 1000;

const importPath = (id: string) => `/directory/imports/${encodeURIComponent(id)}`;

export const directoryImportQueries = {
  /** GET /api/directory/imports: the past imports, most recent first. */
  list: () =>
    queryOptions({
      queryKey: directoryImportKeys.list(),
      queryFn: ({ signal }) => apiClient.get('/directory/imports', DirectoryImportList, { signal }),
    }),
  /** GET /api/directory/imports/{id}, asked again every second while the import runs. */
  detail: (id: string) =>
    queryOptions({
      queryKey: directoryImportKeys.detail(id),
      queryFn: ({ signal }) => apiClient.get(importPath(id), DirectoryImportProgress, { signal }),
      refetchInterval: (query) => (query.state.data?.status === 'running' ? PROGRESS_POLL_MS : false),
    }),
};

/** POST /api/directory/import-files: one file's bytes, with how much of it is sent. */
export function useUploadImportFileMutation() {
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (sent: number) => void }) =>
      DirectoryImportFile.parse(
        await uploadFile('/directory/import-files', file, {
          contentType: 'application/octet-stream',
          headers: { 'X-File-Name': encodeURIComponent(file.name) },
          onProgress,
        }),
      ),
  });
}

/** POST /api/directory/imports: starts the import of the uploaded files; it then runs in the server. */
export function useStartImportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (start: DirectoryImportStart) => apiClient.post('/directory/imports', start, DirectoryImportProgress),
    onSuccess: async (progress) => {
      queryClient.setQueryData(directoryImportKeys.detail(progress.id), progress);
      await queryClient.invalidateQueries({ queryKey: directoryImportKeys.list() });
    },
  });
}

/** GET /api/directory/imports/{id}/rejected.csv: the rejected lines and why, saved to the device. */
export function useDownloadRejectedMutation() {
  return useMutation({
    mutationFn: async (id: string) => {
      saveBlob(await apiClient.blob(`${importPath(id)}/rejected.csv`), `rpps-rejected-${id}.csv`);
    },
  });
}
