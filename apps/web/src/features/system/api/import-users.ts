import {
  ErrorCode,
  SYSTEM_PATHS,
  type UserImportRefusal,
  type UserImportResult,
} from '@cityops/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/http/api-error';
import { api } from '@/lib/http/api';
import { refreshAfter } from './invalidate';

/**
 * `POST /system/users/import` (multipart, field `file`): every row or none. Silent:
 * the dialog shows a refused file's per-row report.
 */
export function importUsers(file: File): Promise<UserImportResult> {
  const form = new FormData();
  form.append('file', file);
  return api.post<UserImportResult>(SYSTEM_PATHS.usersImport, form, { silent: true });
}

/** The rows of a refused import file, or null when the failure was something else. */
export function importRefusal(error: unknown): UserImportRefusal | null {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.VALIDATION) return null;
  const data = error.body?.data as Partial<UserImportRefusal> | null | undefined;
  return Array.isArray(data?.rows) ? { rows: data.rows } : null;
}

export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer carries a password shown once: the mutation cache forgets it at once.
    gcTime: 0,
    mutationFn: importUsers,
    onSuccess: () => refreshAfter(queryClient, 'user'),
  });
}
