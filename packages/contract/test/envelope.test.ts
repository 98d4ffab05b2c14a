import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isSuccess, ok } from '../src/envelope.js';
import { envelopeSchema, errorEnvelopeSchema, pageSchema } from '../src/envelope-schemas.js';

describe('ok', () => {
  it('wraps data in the success envelope', () => {
    expect(ok({ a: 1 })).toEqual({
      code: '000000',
      boolSuccess: true,
      msg: 'success',
      data: { a: 1 },
    });
  });

  it('keeps null data and a given message', () => {
    expect(ok(null, 'done')).toEqual({
      code: '000000',
      boolSuccess: true,
      msg: 'done',
      data: null,
    });
  });
});

describe('isSuccess (code 000000 or boolSuccess true)', () => {
  it.each([
    [{ code: '000000', boolSuccess: true, msg: '', data: null }, true],
    [{ code: '000000' }, true],
    [{ code: '000000', boolSuccess: false }, true],
    [{ code: '040005', boolSuccess: true }, true],
    [{ boolSuccess: true }, true],
    [{ code: '040005', boolSuccess: false }, false],
    [{ code: 0, boolSuccess: 'true' }, false],
    [{ code: 0 }, false],
    [{}, false],
    [null, false],
    [undefined, false],
    ['000000', false],
    [[], false],
  ])('%j -> %s', (body, expected) => {
    expect(isSuccess(body)).toBe(expected);
  });
});

describe('envelope schemas', () => {
  const numbers = envelopeSchema(z.array(z.number()));

  it('accepts an envelope with the right data', () => {
    expect(numbers.safeParse(ok([1, 2])).success).toBe(true);
  });

  it.each([
    ['data of the wrong type', { ...ok(['x']) }],
    ['a missing msg', { code: '000000', boolSuccess: true, data: [] }],
    ['a numeric code', { code: 0, boolSuccess: true, msg: '', data: [] }],
    ['a string boolSuccess', { code: '000000', boolSuccess: 'true', msg: '', data: [] }],
  ])('refuses %s', (_name, body) => {
    expect(numbers.safeParse(body).success).toBe(false);
  });

  it('describes failures with null data or named fields', () => {
    const failure = { code: '040001', boolSuccess: false, msg: 'please check the field: username' };
    expect(errorEnvelopeSchema.safeParse({ ...failure, data: null }).success).toBe(true);
    expect(
      errorEnvelopeSchema.safeParse({
        ...failure,
        data: { fields: [{ field: 'username', message: 'Username cannot be empty!' }] },
      }).success,
    ).toBe(true);
    expect(
      errorEnvelopeSchema.safeParse({ ...failure, data: { fields: [{ field: 1 }] } }).success,
    ).toBe(false);
    expect(errorEnvelopeSchema.safeParse({ ...failure, data: 'oops' }).success).toBe(false);
    const serverError = { code: '050001', boolSuccess: false, msg: 'server error', data: null };
    expect(errorEnvelopeSchema.safeParse({ ...serverError, requestId: 'abc-1' }).success).toBe(
      true,
    );
    expect(errorEnvelopeSchema.safeParse({ ...serverError, requestId: 1 }).success).toBe(false);
  });

  it('describes a page with the spec field names', () => {
    const page = pageSchema(z.object({ id: z.string() }));
    expect(
      page.safeParse({ pageIndex: 1, pageSize: 10, pages: 2, total: 11, rows: [{ id: 'a' }] })
        .success,
    ).toBe(true);
    expect(page.safeParse({ pageIndex: 1, pageSize: 10, pages: 2, rows: [] }).success).toBe(false);
    expect(
      page.safeParse({ pageIndex: 1.5, pageSize: 10, pages: 2, total: 0, rows: [] }).success,
    ).toBe(false);
  });
});
