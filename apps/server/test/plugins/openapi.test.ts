import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/plugins/openapi-operations.js';
import { type TestApp, createTestApp } from '../helpers/test-app.js';

const require = createRequire(import.meta.url);
const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

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
        body.content['application/json']?.schema ??
        (Object.values(body.content) as { schema: unknown }[])[0]!.schema;
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

    /** Every operation of the document, with its method and path. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- operations of the JSON document
    const operations = (): { method: string; path: string; operation: any }[] =>
      Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
        ([path, item]) =>
          METHODS.filter((method) => item[method]).map((method) => ({
            method,
            path,
            operation: item[method],
          })),
      );

    it('names every operation once, readably', () => {
      const ids = operations().map(({ operation }) => operation.operationId as string);
      expect(ids.length).toBeGreaterThan(50);
      for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]{2,40}$/);
      expect(new Set(ids).size).toBe(ids.length);
      expect(document.paths['/api/organization/customize_configuration/userSysModel'].get).toEqual(
        expect.objectContaining({ operationId: 'getMenu' }),
      );
    });

    it('has no name in the table for a route that is gone', () => {
      const routes = new Set(
        operations().map(({ method, path }) => `${method.toUpperCase()} ${path}`),
      );
      expect(Object.keys(OPERATIONS).filter((key) => !routes.has(key))).toEqual([]);
    });

    it('lists the error answers of every operation with the envelope', () => {
      for (const { method, path, operation } of operations()) {
        const where = `${method} ${path}`;
        const statuses = Object.keys(operation.responses);
        expect(statuses, where).toEqual(expect.arrayContaining(['200', '400', '500', '503']));
        if (operation.security?.length === 0) {
          expect(statuses, where).not.toContain('401');
        } else {
          expect(statuses, where).toEqual(expect.arrayContaining(['401', '403']));
        }
        if (operation.parameters?.length || operation.requestBody) {
          expect(statuses, where).toContain('422');
        }
        for (const status of statuses.filter((status) => status !== '200')) {
          const answer = operation.responses[status];
          // A route may declare an error answer of its own (health's 503): still the envelope.
          if (answer.$ref) {
            expect(answer.$ref, `${where} ${status}`).toMatch(/^#\/components\/responses\/\w+$/);
          } else {
            expect(
              Object.keys(answer.content['application/json'].schema.properties).sort(),
              `${where} ${status}`,
            ).toEqual(
              // A server error's answer may name its request (requestId, optional).
              status.startsWith('5')
                ? expect.arrayContaining(['boolSuccess', 'code', 'data', 'msg'])
                : ['boolSuccess', 'code', 'data', 'msg'],
            );
          }
        }
      }
      for (const response of Object.values(document.components.responses) as {
        content: Record<string, { schema: unknown }>;
      }[]) {
        expect(response.content['application/json']!.schema).toEqual({
          $ref: '#/components/schemas/ErrorEnvelope',
        });
      }
    });

    it('marks the calls that need no sign-in, and their limits', () => {
      const token = document.paths['/api/authorization-server/oauth/token'].post;
      expect(token.security).toEqual([]);
      expect(Object.keys(token.responses)).toEqual(expect.arrayContaining(['429', '423']));
      expect(document.components.responses.TooManyRequests.headers['Retry-After']).toBeDefined();
      expect(document.paths['/api/health'].get.security).toEqual([]);
      expect(document.paths['/api/health'].get.responses['429']).toBeUndefined();
      expect(document.paths['/api/organization/user'].get.security).toBeUndefined();
    });

    it("is clean under Redocly's recommended rules", async () => {
      const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'cityops-openapi-'));
      try {
        const file = path.join(folder, 'openapi.json');
        await fs.writeFile(file, JSON.stringify(document));
        const cli = require.resolve('@redocly/cli/bin/cli.js');
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [
            cli,
            'lint',
            file,
            '--config',
            path.join(repositoryRoot, 'redocly.yaml'),
            '--format=json',
          ],
          {
            env: {
              ...process.env,
              REDOCLY_TELEMETRY: 'off',
              REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
            },
          },
        ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
        const report = JSON.parse(stdout) as {
          totals: { errors: number; warnings: number };
          problems: { ruleId: string; message: string }[];
        };
        expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
        expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
      } finally {
        await fs.rm(folder, { recursive: true, force: true });
      }
    });

    it('generates a TypeScript client that compiles', async () => {
      const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'cityops-client-'));
      try {
        const types = astToString(await openapiTS(document));
        await fs.writeFile(path.join(folder, 'api.d.ts'), types);
        // A subsystem's use of the generated types with openapi-fetch: the recursive
        // menu, a named operation and the error envelope must all type-check.
        await fs.writeFile(
          path.join(folder, 'client.ts'),
          [
            "import createClient from 'openapi-fetch';",
            "import type { components, operations, paths } from './api';",
            '',
            "type MenuEntry = components['schemas']['MenuEntry'];",
            "type Refusal = components['schemas']['ErrorEnvelope'];",
            '',
            "const client = createClient<paths>({ baseUrl: 'http://127.0.0.1' });",
            '',
            'const codesOf = (entries: MenuEntry[]): string[] =>',
            '  entries.flatMap((entry) => [entry.code, ...codesOf(entry.children), ...codesOf(entry.sysModelVos)]);',
            '',
            'export async function menuCodes(): Promise<string[]> {',
            "  const { data, error } = await client.GET('/api/organization/customize_configuration/userSysModel');",
            '  if (error) return [error.code];',
            '  return codesOf(data.data);',
            '}',
            '',
            'export async function article(id: number): Promise<string | null | undefined> {',
            "  const { data } = await client.GET('/api/business-guide/articles/{id}', {",
            '    params: { path: { id } },',
            '  });',
            '  return data?.data.coverImage;',
            '}',
            '',
            "export type SignInAnswer = operations['signIn']['responses'][200]['content']['application/json'];",
            "export const refused: Refusal['code'] = '040005';",
            '',
          ].join('\n'),
        );
        const program = ts.createProgram([path.join(folder, 'client.ts')], {
          strict: true,
          noEmit: true,
          target: ts.ScriptTarget.ES2022,
          module: ts.ModuleKind.ESNext,
          moduleResolution: ts.ModuleResolutionKind.Bundler,
          lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
          types: [],
          skipLibCheck: true,
          paths: {
            'openapi-fetch': [
              path.join(
                path.dirname(require.resolve('openapi-fetch/package.json')),
                'dist/index.d.mts',
              ),
            ],
          },
        });
        const problems = ts
          .getPreEmitDiagnostics(program)
          .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
        expect(problems).toEqual([]);
      } finally {
        await fs.rm(folder, { recursive: true, force: true });
      }
    });
  });
});
