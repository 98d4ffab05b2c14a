import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteContext } from '../../app-module.js';
import { COPY_PREFIX, TOKEN_FILE, newToken } from './backup-archive.js';

/** A refusal's body. */
type Refusal = { message: string };

/**
 * `POST /backup` on the management port: PGlite opens its folder in one process
 * only, so the running server copies it, while no statement runs, into a folder in
 * DATA_DIR whose path it answers; `npm run backup` packs and removes it
 * (backup-archive.ts). The copy is the whole database, so the route asks for a token
 * that the server writes at start into DATA_DIR, readable by the service's user
 * alone: whoever can read it could read the data folder anyway.
 */
const backupManagementRoutes: FastifyPluginAsyncZod<RouteContext> = async (
  app,
  { config, database },
) => {
  let token: Buffer | undefined;
  if (database.copyFolder && config.dataDir !== ':memory:') {
    // Copies a command did not get to remove (it was stopped while packing).
    for (const entry of await fs.readdir(config.dataDir).catch(() => [])) {
      if (entry.startsWith(COPY_PREFIX)) {
        await fs.rm(path.join(config.dataDir, entry), { recursive: true, force: true });
      }
    }
    const text = newToken();
    await fs.mkdir(config.dataDir, { recursive: true });
    await fs.writeFile(path.join(config.dataDir, TOKEN_FILE), `${text}\n`, { mode: 0o600 });
    token = Buffer.from(text);
  }

  app.post(
    '/backup',
    // No response schema: the answer is a stream of bytes, or a refusal in the shape below.
    {},
    async (request, reply) => {
      if (!database.copyFolder || !token) {
        return reply.code(409).send({
          message:
            database.driver === 'postgres'
              ? 'PostgreSQL is copied by pg_dump: npm run backup does it without the server.'
              : 'The database is in memory: there is no folder to copy.',
        } satisfies Refusal);
      }
      const given = Buffer.from(
        /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '',
      );
      if (given.length !== token.length || !timingSafeEqual(given, token)) {
        return reply
          .code(401)
          .send({ message: `The token of ${TOKEN_FILE} in DATA_DIR is needed.` } satisfies Refusal);
      }
      const staging = await fs.mkdtemp(path.join(config.dataDir, COPY_PREFIX));
      const copy = path.join(staging, 'pglite');
      const started = performance.now();
      try {
        await database.copyFolder(copy);
      } catch (error) {
        await fs.rm(staging, { recursive: true, force: true });
        throw error;
      }
      const heldMs = Math.round(performance.now() - started);
      request.log.info({ ms: heldMs }, 'backup: database folder copied');
      // The command runs on this machine (it read the token from DATA_DIR): it packs
      // the copy itself and removes it, with no bytes through this process.
      return { folder: copy, heldMs };
    },
  );
};

export default backupManagementRoutes;
