import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('OpenAPI at /api/docs', () => {
  it('serves the browsable documentation without a token', async () => {
    let response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    if (response.statusCode === 302) {
      response = await t.app.inject({ method: 'GET', url: response.headers.location as string });
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('swagger');
  });

  describe('the JSON document', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON document walked by path
    let document: any;
    beforeAll(async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      document = response.json();
    });

    it('is OpenAPI 3 with the bearer scheme', () => {
      expect(document.openapi).toMatch(/^3\./);
      expect(document.components.securitySchemes.bearer).toEqual({
        type: 'http',
        scheme: 'bearer',
      });
    });

    it.each([
      ['post', '/api/authorization-server/oauth/pubKey'],
      ['post', '/api/authorization-server/oauth/token'],
      ['post', '/api/authorization-server/oauth/logout'],
      ['get', '/api/organization/user'],
      ['get', '/api/organization/customize_configuration/userSysModel'],
      ['get', '/api/organization/config'],
      ['get', '/api/organization/config/weather'],
      ['get', '/api/health'],
    ])('lists %s %s', (method, path) => {
      expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
      expect(document.paths[path][method].responses['200']).toBeDefined();
    });

    it('describes the token body from the contract schema', () => {
      const body = document.paths['/api/authorization-server/oauth/token'].post.requestBody;
      const schema =
        body.content['application/json']?.schema ?? Object.values(body.content)[0]!.schema;
      expect(Object.keys(schema.properties)).toEqual(
        expect.arrayContaining(['appId', 'grant_type', 'keyId', 'password', 'scope', 'username']),
      );
      expect([...schema.required].sort()).toEqual(
        ['appId', 'grant_type', 'keyId', 'password', 'scope', 'username'].sort(),
      );
      expect(schema.properties.scope.const ?? schema.properties.scope.enum?.[0]).toBe('read');
    });

    it('describes the user query and the envelope of the answer', () => {
      const operation = document.paths['/api/organization/user'].get;
      expect(operation.parameters).toContainEqual(
        expect.objectContaining({ name: 'uniqueId', in: 'query', required: true }),
      );
      const answer = operation.responses['200'].content['application/json'].schema;
      expect(Object.keys(answer.properties).sort()).toEqual(['boolSuccess', 'code', 'data', 'msg']);
    });

    it('does not list the hidden config.json route', () => {
      expect(document.paths['/config.json']).toBeUndefined();
    });
  });
});
