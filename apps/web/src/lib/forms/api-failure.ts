import { ErrorCode, type FieldError } from '@cityops/contract';
import type { FormInstance } from 'antd';
import { ApiError } from '@/lib/http/api-error';

/** A save refused because the record moved on since it was read (`040009`). */
export function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === ErrorCode.CONFLICT;
}

/** The server's message for a failure, already in the user's language. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body?.msg ? error.body.msg : fallback;
}

/**
 * Field errors of a refusal, for the form to show beside the fields: a `040001`
 * answer, or a `040009` that names its field (a login name already taken).
 */
export function fieldErrors(error: unknown): FieldError[] {
  if (!(error instanceof ApiError)) return [];
  if (error.code !== ErrorCode.VALIDATION && error.code !== ErrorCode.CONFLICT) return [];
  const data = error.body?.data as { fields?: FieldError[] } | null | undefined;
  return data?.fields ?? [];
}

/**
 * Shows a refusal's field errors beside the form's fields; false when it
 * had none. With `only`, errors of other fields (ones the form does not show) are
 * left out.
 */
export function showFieldErrors<Values>(
  form: FormInstance<Values>,
  error: unknown,
  only?: readonly string[],
): boolean {
  const refused = fieldErrors(error).filter((field) => !only || only.includes(field.field));
  if (refused.length === 0) return false;
  form.setFields(
    refused.map((field) => ({
      name: field.field as Parameters<FormInstance<Values>['setFields']>[0][number]['name'],
      errors: [field.message],
    })),
  );
  return true;
}
