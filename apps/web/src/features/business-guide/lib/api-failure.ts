import { ErrorCode, type FieldError } from '@cityops/contract';
import type { FormInstance } from 'antd';
import { ApiError } from '@/lib/http/api-error';

/** A save refused because the article moved on (`040009`). */
export function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === ErrorCode.CONFLICT;
}

/** The server's message for a failure, already in the user's language. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body?.msg ? error.body.msg : fallback;
}

/** Field errors of a `040001` answer, for the form to show beside the fields. */
export function fieldErrors(error: unknown): FieldError[] {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.VALIDATION) return [];
  const data = error.body?.data as { fields?: FieldError[] } | null | undefined;
  return data?.fields ?? [];
}

/** Shows a `040001` answer's field errors beside the form's fields; false when it had none. */
export function showFieldErrors<Values>(form: FormInstance<Values>, error: unknown): boolean {
  const refused = fieldErrors(error);
  if (refused.length === 0) return false;
  form.setFields(
    refused.map((field) => ({
      name: field.field as Parameters<FormInstance<Values>['setFields']>[0][number]['name'],
      errors: [field.message],
    })),
  );
  return true;
}
