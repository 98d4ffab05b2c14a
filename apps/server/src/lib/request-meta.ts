import type { FastifyRequest } from 'fastify';

/** Who a request came from, for the audit table and the per-address limits. */
export function requestMeta(request: FastifyRequest): {
  userAgent: string | null;
  ipAddress: string | null;
} {
  return { userAgent: request.headers['user-agent'] ?? null, ipAddress: request.ip };
}
