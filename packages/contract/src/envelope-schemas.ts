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

/**
 * A paged list's total, as every list counts it (issue 33): exact up to
 * `LIST_COUNT_LIMIT` rows; past it the count stopped, `total` is that limit and
 * there are more (the lists show "10,000+" / "超过 10,000 条").
 */
export const pageTotalShape = {
  total: z.number().int(),
  /** False when the count stopped at the limit: `total` is a lower bound. */
  totalExact: z.boolean(),
};

export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({
    pageIndex: z.number().int(),
    pageSize: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
    rows: z.array(row),
  });
}
