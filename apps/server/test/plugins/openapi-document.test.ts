import { describe, expect, it } from 'vitest';
import {
  ERRORS_EXTENSION,
  errorAnswersOf,
  finishDocument,
  needsSignIn,
  operationIdOf,
} from '../../src/plugins/openapi-document.js';

describe('operationIdOf', () => {
  it('takes the name from the table', () => {
    expect(operationIdOf('get', '/api/organization/customize_configuration/userSysModel')).toBe(
      'getMenu',
    );
    expect(operationIdOf('post', '/api/authorization-server/oauth/token')).toBe('signIn');
  });

  it('names a route missing from the table by its method and path', () => {
    expect(operationIdOf('get', '/api/admin/user-roles/{userId}')).toBe(
      'getAdminUserRolesByUserId',
    );
    expect(operationIdOf('delete', '/api/things')).toBe('deleteThings');
  });
});

describe('errorAnswersOf', () => {
  const sorted = (answers: number[]) => [...answers].sort((a, b) => a - b);

  it('gives a signed-in call without input 401 and 403 beside the answers of every call', () => {
    expect(sorted(errorAnswersOf({ url: '/api/x', config: {}, schema: {} }))).toEqual([
      400, 401, 403, 500, 503,
    ]);
  });

  it('gives a limited public call with a body 422, 413, 415 and 429 but no 401', () => {
    const route = {
      url: '/api/x',
      config: { access: 'public' as const, rateLimit: { groupId: 'signIn' } },
      schema: { body: {} },
    };
    expect(sorted(errorAnswersOf(route))).toEqual([400, 413, 415, 422, 429, 500, 503]);
  });

  it('gives a path parameter 404 and 422', () => {
    expect(errorAnswersOf({ url: '/api/x/:id', config: {}, schema: { params: {} } })).toEqual(
      expect.arrayContaining([404, 422]),
    );
  });

  it('reads the sign-in need from the route config', () => {
    expect(needsSignIn({})).toBe(true);
    expect(needsSignIn(undefined)).toBe(true);
    expect(needsSignIn({ access: 'public' })).toBe(false);
  });
});

describe('finishDocument', () => {
  const document = () => ({
    openapi: '3.0.3',
    paths: {
      '/api/things/{id}': {
        put: {
          [ERRORS_EXTENSION]: [400, 404, 422],
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    picture: {
                      anyOf: [
                        { type: 'string', pattern: '^/' },
                        { type: 'string', enum: [''] },
                      ],
                      nullable: true,
                    },
                    flag: { anyOf: [{ type: 'boolean' }] },
                    tree: { $ref: '#/components/schemas/Tree' },
                  },
                },
              },
            },
          },
          responses: { 200: { description: 'ok' } },
        },
      },
    },
    components: {
      schemas: {
        Tree: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } },
        },
        TreeInput: { type: 'object' },
      },
    },
  });

  it('names the operation and refers its error answers to the envelope', () => {
    const finished = finishDocument(document()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- walked by path
    const operation = finished.paths['/api/things/{id}'].put;
    expect(operation.operationId).toBe('putThingsById');
    expect(operation[ERRORS_EXTENSION]).toBeUndefined();
    expect(operation.responses[404]).toEqual({ $ref: '#/components/responses/NotFound' });
    expect(Object.keys(finished.components.responses).sort()).toEqual([
      'BadRequest',
      'NotFound',
      'ValidationFailed',
    ]);
    expect(finished.components.responses.NotFound.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorEnvelope',
    });
  });

  it('puts nullable beside a type and unwraps an anyOf of one', () => {
    const finished = finishDocument(document()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- walked by path
    const properties =
      finished.paths['/api/things/{id}'].put.requestBody.content['application/json'].schema
        .properties;
    expect(properties.picture).toEqual({
      anyOf: [
        { type: 'string', pattern: '^/', nullable: true },
        { type: 'string', enum: [''], nullable: true },
      ],
    });
    expect(properties.flag).toEqual({ type: 'boolean' });
  });

  it('keeps only the component schemas something refers to', () => {
    const finished = finishDocument(document()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- walked by path
    expect(Object.keys(finished.components.schemas).sort()).toEqual([
      'ErrorEnvelope',
      'FieldError',
      'Tree',
    ]);
  });

  it('refuses two operations of one name', () => {
    const twins = {
      paths: { '/api/a-b': { get: { responses: {} } }, '/api/aB': { get: { responses: {} } } },
    };
    expect(() => finishDocument(twins)).toThrow(/getAB/);
  });
});
