import type { z } from 'zod';
import type { MessageKey } from './messages.js';

/**
 * A zod error map whose messages are message keys, so whoever shows them
 * (server answer, web form) renders them in the user's language. Schemas that
 * name their own key keep it.
 */
export const messageKeyErrorMap = (issue: z.core.$ZodRawIssue): { message: MessageKey } => {
  // A missing literal or enum field is "required" too, not "not valid".
  if (
    (issue.code === 'invalid_type' || issue.code === 'invalid_value') &&
    issue.input === undefined
  ) {
    return { message: 'validation.required' };
  }
  if (issue.code === 'too_big') return { message: 'validation.tooLong' };
  if (issue.code === 'too_small' && issue.minimum === 1 && typeof issue.input === 'string') {
    return { message: 'validation.required' };
  }
  return { message: 'validation.invalid' };
};
