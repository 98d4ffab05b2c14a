import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { declareAccess } from './auth.js';
import {
  ERRORS_EXTENSION,
  errorAnswersOf,
  finishDocument,
  needsSignIn,
} from './openapi-document.js';

/**
 * The OpenAPI document, generated from the contract's zod schemas, browsable at
 * /api/docs; subsystem teams generate their clients from /api/docs/json.
 * Schemas registered with an id (`.meta({ id })`, e.g. the recursive menu entry)
 * become components; `openapi-document.ts` adds names and error answers.
 */
async function openApiPlugin(app: FastifyInstance): Promise<void> {
  const zodTransform = createJsonSchemaTransform({});
  const zodComponents = createJsonSchemaTransformObject({});
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'City operations administration platform API',
        description:
          'Every answer is the envelope { code, boolSuccess, msg, data }; code 000000 is success. Send the token as Authorization: Bearer {token}.',
        version: '1.0.0',
        // The repository declares no open licence: the API is the city's own.
        license: { name: 'Proprietary' },
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const result = zodTransform(input);
      const schema = (result.schema ?? {}) as Record<string, unknown>;
      if (schema.hide) return result;
      return {
        url: result.url,
        schema: {
          ...schema,
          ...(needsSignIn(input.route.config) ? {} : { security: [] }),
          [ERRORS_EXTENSION]: errorAnswersOf(input.route),
        },
      };
    },
    transformObject: (input) =>
      finishDocument(zodComponents(input) as unknown as Record<string, unknown>),
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
