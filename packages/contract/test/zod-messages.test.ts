import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isMessageKey } from '../src/message-catalog.js';
import { messageKeyErrorMap } from '../src/zod-messages.js';

function firstMessage(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues[0]!.message;
}

beforeAll(() => {
  z.config({ customError: messageKeyErrorMap });
});

describe('messageKeyErrorMap', () => {
  it.each([
    ['a missing value', z.object({ a: z.string() }), {}, 'validation.required'],
    ['an empty string where one character is needed', z.string().min(1), '', 'validation.required'],
    ['a string that is too long', z.string().max(3), 'abcd', 'validation.tooLong'],
    ['an array that is too long', z.array(z.number()).max(1), [1, 2], 'validation.tooLong'],
    ['a number that is too big', z.number().max(10), 11, 'validation.tooLong'],
    ['a string that is too short (min 3)', z.string().min(3), 'ab', 'validation.invalid'],
    ['a wrong type', z.number(), 'x', 'validation.invalid'],
    ['a wrong literal', z.literal('read'), 'write', 'validation.invalid'],
    ['a wrong enum value', z.enum(['a', 'b']), 'c', 'validation.invalid'],
    ['a regex mismatch', z.string().regex(/^\d+$/), 'x', 'validation.invalid'],
    ['null where a string is needed', z.string(), null, 'validation.invalid'],
  ])('maps %s to a message key', (_name, schema, value, key) => {
    const message = firstMessage(schema, value);
    expect(message).toBe(key);
    expect(isMessageKey(message)).toBe(true);
  });

  it('leaves a message key the schema names itself', () => {
    expect(firstMessage(z.string().min(1, 'validation.name.required'), '')).toBe(
      'validation.name.required',
    );
  });
});

describe('missing values', () => {
  it.each([
    ['a literal', z.object({ scope: z.literal('read') })],
    ['an enum', z.object({ mode: z.enum(['hash', 'history']) })],
    ['a string', z.object({ name: z.string() })],
  ])('a missing %s is required', (_name, schema) => {
    expect(firstMessage(schema, {})).toBe('validation.required');
  });
});
