import { z } from 'zod';

/** `GET /api/health` */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'down']),
  driver: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

/** `GET /config.json`: runtime configuration read by the web app before its first render. */
export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  routerMode: z.enum(['hash', 'history']),
  systemName: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
