import type { FastifyRequest } from 'fastify';

/**
 * The product's own address as its users reach it, without a trailing slash:
 * `PUBLIC_URL` when it is set (behind a proxy, or below a path), else the origin
 * the request came to (its `Host`, or `X-Forwarded-Host`/`-Proto` with `TRUST_PROXY`).
 */
export function productBase(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}
