import { hasForbiddenControlCharacter } from '@cityops/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

interface Visit {
  value: unknown;
  key: PropertyKey | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) path.push(at.key!);
  return path.reverse();
}

/**
 * Paths of every string (object keys included) holding a forbidden control
 * character. A walk with its own stack and parent links, not recursion: a body
 * of nothing but nested arrays (a megabyte of `[`) would overflow the call
 * stack, and copying the path at every level would cost its square.
 */
export function controlCharacterPaths(value: unknown): PropertyKey[][] {
  const found: PropertyKey[][] = [];
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (hasForbiddenControlCharacter(current)) found.push(pathOf(visit));
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ value: current[index], key: index, parent: visit });
      }
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index]!;
        if (hasForbiddenControlCharacter(key)) found.push([...pathOf(visit), key]);
        stack.push({ value: item, key, parent: visit });
      }
    }
  }
  return found;
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
