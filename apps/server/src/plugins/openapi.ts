import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { declareAccess } from './auth.js';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the contract's zod schemas, browsable at /api/docs. */
async function openApiPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'City operations administration platform API',
        description:
          'Every answer is the envelope { code, boolSuccess, msg, data }; code 000000 is success. Send the token as Authorization: Bearer {token}.',
        version: '1.0.0',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The pages take no route config: their scope declares them public, like the document.
  await app.register(async (docs) => {
    docs.addHook('onRoute', declareAccess('public'));
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: false },
      staticCSP: true,
    });
  });
}

export default fp(openApiPlugin, { name: 'openapi' });
