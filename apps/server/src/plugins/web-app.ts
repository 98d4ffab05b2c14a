import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode, type RuntimeConfig } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { declareAccess } from './auth.js';
import { sendFailure } from './error-handler.js';

/**
 * Serves the built web app with its runtime `config.json`, and answers unknown
 * paths: `/api/...` with the 404 envelope, page addresses with index.html so the
 * history-mode router can take over.
 */
async function webAppPlugin(
  app: FastifyInstance,
  options: { distDir: string; runtimeConfig: () => Promise<RuntimeConfig> },
): Promise<void> {
  const indexFile = path.join(options.distDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);

  app.get(
    '/config.json',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return options.runtimeConfig();
    },
  );

  // One registration of the static files, in one scope with the not-found handler: the
  // files' routes take no route config, so the scope declares them public, and the page
  // fallback answers with the reply.sendFile they add, which exists only inside the scope.
  // The handler set here is the whole app's (no scope sets another), and it runs the hooks
  // the scope had when it was made: app.ts registers this plugin last, after every hook.
  await app.register(async (scope) => {
    if (hasWebApp) {
      scope.addHook('onRoute', declareAccess('public'));
      await scope.register(fastifyStatic, {
        root: options.distDir,
        index: ['index.html'],
        wildcard: true,
        // Our own cache headers: hashed assets forever, everything else revalidated.
        cacheControl: false,
        setHeaders(response, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          response.setHeader(
            'cache-control',
            hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    scope.setNotFoundHandler((request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/');
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApi &&
        (request.headers.accept ?? '').includes('text/html');
      if (hasWebApp && wantsPage) {
        reply.header('cache-control', 'no-cache');
        return reply.sendFile('index.html');
      }
      return sendFailure(request, reply, ErrorCode.NOT_FOUND);
    });
  });
}

export default fp(webAppPlugin, { name: 'web-app', dependencies: ['error-handler'] });
