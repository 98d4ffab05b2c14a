import { z } from 'zod';

/**
 * `GET /api/health`: liveness and database reachability for anyone (load
 * balancers); the driver and uptime only for an administrator's token.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'down']),
  driver: z.enum(['pglite', 'postgres']).optional(),
  uptimeSeconds: z.number().optional(),
});
export type Health = z.infer<typeof healthSchema>;

/** `GET /config.json`: runtime configuration read by the web app before its first render. */
export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  routerMode: z.enum(['hash', 'history']),
  systemName: z.string(),
  /**
   * Origins of subsystems that may receive the signed-in user's token in a frame
   * address, besides those of the user's menu (setting `embed.subsystemOrigins`).
   */
  subsystemOrigins: z.array(z.string()),
  /** Minutes without a key press or a click before the app signs out; 0: never (setting `session.idleMinutes`). */
  idleMinutes: z.number().int().min(0),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
