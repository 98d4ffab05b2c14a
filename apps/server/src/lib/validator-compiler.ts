import { hasForbiddenControlCharacter } from '@cityops/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Paths of every string (object keys included) holding a forbidden control character. */
export function controlCharacterPaths(value: unknown, path: PropertyKey[] = []): PropertyKey[][] {
  if (typeof value === 'string') return hasForbiddenControlCharacter(value) ? [path] : [];
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => controlCharacterPaths(item, [...path, index]));
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [
      ...(hasForbiddenControlCharacter(key) ? [[...path, key]] : []),
      ...controlCharacterPaths(item, [...path, key]),
    ]);
  }
  return [];
}

const refuseControlCharacters = z.unknown().superRefine((value, context) => {
  for (const path of controlCharacterPaths(value)) {
    context.addIssue({ code: 'custom', path, message: 'validation.controlCharacter' });
  }
});

/**
 * The zod validator of every route, after one check that no text of the input
 * (body, query, params, headers; keys too) holds a C0 control character other
 * than tab, line feed and carriage return. The one place that keeps U+0000,
 * which PostgreSQL refuses in text, away from every field: the caller gets the
 * usual validation answer naming the field.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler({
    ...route,
    schema: refuseControlCharacters.pipe(route.schema),
  });
  return validate;
};
