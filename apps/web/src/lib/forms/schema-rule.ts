import { messageKeyErrorMap } from '@cityops/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** What the rule needs of a zod schema (the web app does not depend on zod itself). */
export interface FieldSchema {
  safeParse(
    value: unknown,
    params: { error: typeof messageKeyErrorMap },
  ): { success: boolean; error?: { issues: readonly { message: string }[] } | undefined };
}

/**
 * An antd form rule that checks a field with the contract's zod schema, the one
 * the server checks with, and shows its message key in the user's language.
 */
export function schemaRule(schema: FieldSchema, t: TFunction): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value, { error: messageKeyErrorMap });
      if (!result.success) {
        throw new Error(t(result.error?.issues[0]?.message ?? 'validation.invalid'));
      }
    },
  };
}
