import { randomBytes } from 'node:crypto';
import { OIDC_PATHS, SSO_PAGE_PATH, envelopeSchema, ok } from '@cityops/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { RouteContext } from '../../app-module.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { issuerBase } from '../../lib/product-base.js';
import { storable } from './oidc-adapter.js';
import { requestMeta } from '../../lib/request-meta.js';
import { REQUEST_ID_HEADER } from '../../lib/request-id.js';
import { authOf, bearerToken } from '../../plugins/auth.js';
import { limitedBy } from '../../plugins/request-limits.js';
import { looksLikeJwt } from './frame-token.service.js';

/**
 * The provider's pages: no frame, no referrer (a code travels in addresses) and
 * no script but the one that submits its own forms, whose hash oidc-provider adds
 * to `script-src` (its form_post helper); the directive starts with the hash of
 * an empty script so that nothing else runs.
 */
const PROVIDER_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'none'; script-src 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};
const uidParams = z.object({
  uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'validation.invalid'),
});

/**
 * The OpenID Connect provider's standard addresses at the product's root
 * (issue 22; docs/subsystems.md): discovery, authorization, token, userinfo,
 * JWKS, revocation, introspection and logout are oidc-provider's own (a Koa
 * app handed the raw request); the sign-in page is the web app's.
 */
const oidcRoutes: FastifyPluginAsyncZod<RouteContext> = async (app, { services, config }) => {
  const issuerOf = (request: FastifyRequest) => issuerBase(request, config.publicUrl);
  // oidc-provider reads its bodies itself (at most 56 kB): the stream is left to it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  const callbacks = new WeakMap<Provider, ReturnType<Provider['callback']>>();

  /** Hands the request to oidc-provider, as it came, its body unread. */
  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    const issuer = issuerOf(request);
    const provider = await services.oidcProviders.get(issuer);
    // The provider builds its endpoints' addresses from the request's host: it is given
    // the issuer's, so a forged Host (or X-Forwarded-Host) changes no address it names.
    const { host } = new URL(issuer);
    request.raw.headers.host = host;
    if (request.raw.headers['x-forwarded-host'] !== undefined) {
      request.raw.headers['x-forwarded-host'] = host;
    }
    await substituteClientSecret(request);
    let callback = callbacks.get(provider);
    if (!callback) {
      callback = provider.callback();
      callbacks.set(provider, callback);
    }
    reply.hijack();
    for (const [name, value] of Object.entries(PROVIDER_HEADERS)) reply.raw.setHeader(name, value);
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    const handler = callback;
    await new Promise<void>((resolve) => {
      reply.raw.once('close', resolve);
      reply.raw.once('finish', resolve);
      void handler(request.raw, reply.raw);
    });
  };

  /**
   * A confidential client's secret is kept as a hash: when the one presented is
   * right, the provider is given the value it compares instead (oidc-provider.ts);
   * any other is replaced by a random one, so nothing presented reaches the
   * provider's comparison as it is: not the stored hash, nor a value derived from
   * a database copy, in any encoding of the header (issue 30).
   */
  const substituteClientSecret = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    // Public clients send no credentials; anything that names Basic is ours to read.
    if (!header || !/^basic\s/i.test(header)) return;
    // Base64 of either alphabet: the provider reads both, so both are read here too.
    const basic = /^Basic\s+([A-Za-z0-9+/=_-]+)$/i.exec(header);
    const decoded = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const clientId = colon < 0 ? null : safeDecode(decoded.slice(0, colon));
    const secret = colon < 0 ? null : safeDecode(decoded.slice(colon + 1));
    const known = clientId !== null && storable(clientId) ? clientId : null;
    const substitute =
      (known !== null && secret !== null
        ? await services.oidcProviders.substituteSecret(known, secret)
        : null) ?? randomBytes(32).toString('base64url');
    // Credentials that cannot be read reach the provider as a client that does not exist.
    const id = known ?? `unreadable-${randomBytes(8).toString('hex')}`;
    const credentials = `${encodeURIComponent(id)}:${encodeURIComponent(substitute)}`;
    request.raw.headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  };

  const providerRoute = {
    config: {
      access: 'public' as const,
      rateLimit: limitedBy('publicRead'),
      audit: {
        action: 'subsystem.code' as const,
        when: "the token endpoint exchanges a code (recorded by the provider's events, oidc-provider.ts)",
      },
    },
    schema: { hide: true },
  };
  app.route({
    method: ['GET', 'HEAD', 'OPTIONS'],
    url: OIDC_PATHS.discovery,
    ...providerRoute,
    handler: handOver,
  });
  app.route({
    method: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    url: '/oidc/*',
    ...providerRoute,
    handler: async (request, reply) => {
      // The userinfo endpoint also answers a subsystem's frame token (issue 22, item 2).
      const bearer = bearerToken(request);
      if (request.url.split('?')[0] === OIDC_PATHS.userinfo && bearer && looksLikeJwt(bearer)) {
        const answer = await services.frameTokens.userinfo(
          bearer,
          issuerOf(request),
          requestMeta(request),
        );
        if (answer) {
          for (const [name, value] of Object.entries(PROVIDER_HEADERS)) reply.header(name, value);
          // The subsystem's page calls from its own origin: the real request is answered
          // for CORS as the preflight is (issue 32), for a registered origin only.
          const origin = request.headers.origin;
          if (origin && answer.origins.includes(origin)) {
            reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
          }
          return reply.header('cache-control', 'no-store').send(answer.claims);
        }
      }
      return handOver(request, reply);
    },
  });

  // The provider sends the browser here to sign in: the web app's page, which holds the session.
  app.get(
    OIDC_PATHS.interaction,
    {
      config: { access: 'public', rateLimit: limitedBy('publicRead') },
      schema: { hide: true, params: uidParams },
    },
    async (request, reply) => {
      const page = config.web.routerMode === 'hash' ? `/#${SSO_PAGE_PATH}` : SSO_PAGE_PATH;
      return reply.redirect(`${page}?uid=${encodeURIComponent(request.params.uid)}`, 303);
    },
  );

  app.post(
    OIDC_PATHS.interactionLogin,
    {
      config: {
        access: 'signed-in',
        audit: {
          none: 'leads to a code, recorded when the subsystem exchanges it (subsystem.code)',
        },
      },
      schema: {
        tags: ['subsystems'],
        summary: "Completes a subsystem's sign-in with the platform session",
        description:
          "Called by the web app's sign-in page with the bearer token; answers where the browser goes next (the provider, then the subsystem's redirect URI).",
        params: uidParams,
        response: { 200: envelopeSchema(z.object({ redirectTo: z.string() })) },
      },
    },
    async (request, reply) => {
      const issuer = issuerOf(request);
      const provider = await services.oidcProviders.get(issuer);
      const interaction = await provider
        .interactionDetails(request.raw, reply.raw)
        .catch(() => null);
      if (!interaction || interaction.uid !== request.params.uid) {
        throw new AppError(notFound().code, { messageKey: 'sso.expired' });
      }
      const result = await services.sso.complete(authOf(request), provider, interaction, issuer);
      const redirectTo = await provider.interactionResult(request.raw, reply.raw, result, {
        mergeWithLastSubmission: false,
      });
      return ok({ redirectTo });
    },
  );
};

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

export default oidcRoutes;
