import type { FastifyRequest } from 'fastify';

/**
 * The product's own address as its users reach it, without a trailing slash:
 * `PUBLIC_URL` when it is set (behind a proxy, or below a path), else the origin
 * the request came to (its `Host`, or `X-Forwarded-Host`/`-Proto` with `TRUST_PROXY`).
 */
export function productBase(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * The OpenID Connect issuer, which frame tokens carry as `iss` too: `PUBLIC_URL`, or
 * without it (a demo, a developer's machine; production refuses to start without it,
 * config.ts) the address this instance listens at. Never the request's `Host`: a caller
 * chooses that, and the discovery document and every token would follow it (issue 32).
 */
export function issuerBase(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const address = request.server.server.address();
  if (!address || typeof address === 'string') return 'http://127.0.0.1';
  const anyAddress = address.address === '0.0.0.0' || address.address === '::';
  const host = anyAddress
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}
