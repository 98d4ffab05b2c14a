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
 * A database that hangs (rather than refusing) must not hold every answer, the
 * 503 that says so included: the header waits this long at most.
 */
const SETTING_WAIT_MS = 300;

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  // The late read still settles; nobody waits for it.
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The sites allowed to frame the product (the embed feature): CSP
 * frame-ancestors is `'self'` plus the origins of the setting
 * `embed.frameAncestors` (the settings screen), read on each answer (kept until
 * a change is announced, a few seconds at most), or of FRAME_ANCESTORS while
 * the setting was never saved.
 */
async function frameAncestorsPlugin(
  app: FastifyInstance,
  options: {
    fromConfig: string[];
    fromSetting: () => Promise<string | null>;
    /** How long an answer may wait for the setting; then the last value read is used. */
    waitMs?: number;
  },
): Promise<void> {
  const waitMs = options.waitMs ?? SETTING_WAIT_MS;
  let lastRead: string | null = null;
  app.addHook('onSend', async (request, reply, payload) => {
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp !== 'string') return payload;
    let setting: string | null = lastRead;
    try {
      setting = await withinTime(options.fromSetting(), waitMs);
      lastRead = setting;
    } catch (error) {
      // With the database down every answer (the health check's 503 first) must
      // still leave; the stricter header without the setting's origins is safe.
      request.log.warn({ err: error }, 'frame-ancestors setting unreadable');
    }
    // The setting, once saved, is the one source; until then the configuration's.
    const origins = setting === null ? options.fromConfig : [...new Set(parseOrigins(setting))];
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
