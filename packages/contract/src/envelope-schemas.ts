import { z } from 'zod';

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.string(),
    boolSuccess: z.boolean(),
    msg: z.string(),
    data,
  });
}

const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});

export const errorEnvelopeSchema = envelopeSchema(
  z.union([z.null(), z.object({ fields: z.array(fieldErrorSchema) })]),
).extend({
  /** A server error's (5xx) request id, as in `X-Request-Id` and the server's log lines. */
  requestId: z.string().optional(),
});

export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({
    pageIndex: z.number().int(),
    pageSize: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
    rows: z.array(row),
  });
}
