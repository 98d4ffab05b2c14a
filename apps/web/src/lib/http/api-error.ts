import type { Envelope } from '@cityops/contract';

/** A call that failed: an envelope with a failure code, or no usable answer at all. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** The envelope code; empty when the failure was in transport (timeout, network, 5xx without body). */
    readonly code: string,
    readonly status: number | undefined,
    readonly body: Envelope<unknown> | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
