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

  if (hasWebApp) {
    const files = {
      root: options.distDir,
      index: ['index.html'],
      // Our own cache headers: hashed assets forever, everything else revalidated.
      cacheControl: false,
      setHeaders(response: { setHeader(name: string, value: string): unknown }, filePath: string) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    };
    // reply.sendFile for the page fallback below; the files' own routes come next.
    await app.register(fastifyStatic, { ...files, serve: false });
    // The static plugin takes no route config: its scope declares its routes public.
    await app.register(async (scope) => {
      scope.addHook('onRoute', declareAccess('public'));
      await scope.register(fastifyStatic, { ...files, wildcard: true, decorateReply: false });
    });
  }

  app.setNotFoundHandler((request, reply) => {
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
}

export default fp(webAppPlugin, { name: 'web-app', dependencies: ['error-handler'] });
