import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * CSP, no-referrer and nosniff on every answer (docs/security.md). Framing is
 * governed by CSP frame-ancestors alone, so X-Frame-Options is off.
 */
async function securityHeadersPlugin(
  app: FastifyInstance,
  options: { frameAncestors: string[] },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time (CSS-in-JS).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'http:', 'https:'],
        frameAncestors: options.frameAncestors,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    frameguard: false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Browsers other than the product's own pages have no business opening it as a popup target.
    crossOriginOpenerPolicy: false,
    strictTransportSecurity: false,
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
