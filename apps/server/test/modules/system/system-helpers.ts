import { SYSTEM_PATHS, type UnitItem, type UnitLevelPage } from '@cityops/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { multipart } from '../../helpers/images.js';
import { type TestApp, bearer } from '../../helpers/test-app.js';

/** A JSON call as a signed-in user; gives the status and the envelope. */
export async function call(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  language = 'en',
) {
  const response = await app.inject({
    method,
    url: `/api${url}`,
    headers: { ...bearer(token), 'accept-language': language },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json(), response };
}

/** The data of a call that must succeed. */
// The answers are read as loose JSON: each test asserts the fields it relies on.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function data<T = any>(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<T> {
  const { status, body } = await call(app, token, method, url, payload);
  expect(body, `${method} ${url}`).toMatchObject({ code: '000000' });
  expect(status).toBe(200);
  return body.data as T;
}

/** A unit's id by its English name. */
export async function unitId(app: FastifyInstance, token: string, nameEn: string) {
  const units = await data<{ id: number; nameEn: string }[]>(
    app,
    token,
    'GET',
    '/organization/organ/cascade',
  );
  const unit = units.find((u) => u.nameEn === nameEn);
  if (!unit) throw new Error(`no unit ${nameEn}`);
  return Number(unit.id);
}

/** Every unit a caller reaches, read a level (page by page) at a time as the console's pickers read them. */
export async function unitsReached(
  app: FastifyInstance,
  token: string,
  parentId?: number,
): Promise<UnitItem[]> {
  const level: UnitItem[] = [];
  let page: UnitLevelPage | undefined;
  while (!page || page.hasMore) {
    const query = new URLSearchParams();
    if (parentId !== undefined) query.set('parentId', String(parentId));
    if (level.length > 0) query.set('after', String(level.at(-1)!.id));
    page = await data<UnitLevelPage>(app, token, 'GET', `${SYSTEM_PATHS.unitLevel}?${query}`);
    level.push(...page.list);
  }
  const below = await Promise.all(
    level.map((unit) => (unit.hasChildren ? unitsReached(app, token, unit.id) : [])),
  );
  return level.flatMap((unit, index) => [unit, ...below[index]!]);
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A spreadsheet uploaded to the user import as the console's file picker sends it. */
export async function importUsers(
  app: FastifyInstance,
  token: string,
  bytes: Buffer,
  language = 'en',
) {
  const body = multipart([
    { name: 'file', filename: 'users.xlsx', contentType: XLSX, data: bytes },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: `/api${SYSTEM_PATHS.usersImport}`,
    headers: { ...bearer(token), ...body.headers, 'accept-language': language },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() };
}

/**
 * A console action by the administrator who holds it (ending sessions: the security
 * administrator, 三员); the test fails unless it answers 200.
 */
export async function asConsoleAdmin(
  t: TestApp,
  method: 'DELETE' | 'POST' | 'PUT',
  url: string,
  payload?: object,
): Promise<void> {
  const [name, password] =
    method === 'DELETE' ? ['security', 'Security@2026'] : ['admin', 'Admin@2026'];
  const admin = (await t.login(name, password)).access_token;
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(admin),
    ...(payload ? { payload } : {}),
  });
  expect([url, response.statusCode]).toEqual([url, 200]);
}
