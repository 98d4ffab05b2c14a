import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** An origin as CSP accepts it; anything else is dropped (no header injection from a setting). */
const ORIGIN_PATTERN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

export function parseOrigins(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/[\s,]+/)
    .map((item) => item.trim().replace(/\/$/, ''))
    .filter((item) => ORIGIN_PATTERN.test(item));
}

/**
 * The sites allowed to frame the product (the embed feature): CSP
 * frame-ancestors is `'self'` plus the origins of the configuration and of the
 * setting `embed.frameAncestors`, read on each answer (cached a few seconds).
 */
async function frameAncestorsPlugin(
  app: FastifyInstance,
  options: { fromConfig: string[]; fromSetting: () => Promise<string | null> },
): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp !== 'string') return payload;
    let setting: string | null = null;
    try {
      setting = await options.fromSetting();
    } catch (error) {
      // With the database down every answer (the health check's 503 first) must
      // still leave; the stricter header without the setting's origins is safe.
      request.log.warn({ err: error }, 'frame-ancestors setting unreadable');
    }
    const origins = [...new Set([...options.fromConfig, ...parseOrigins(setting)])];
    reply.header(
      'content-security-policy',
      csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${["'self'", ...origins].join(' ')}`),
    );
    return payload;
  });
}

export default fp(frameAncestorsPlugin, {
  name: 'frame-ancestors',
  dependencies: ['security-headers'],
});
