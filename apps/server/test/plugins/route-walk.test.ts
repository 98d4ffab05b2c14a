import { createHash } from 'node:crypto';
import {
  SYSTEM_PATHS,
  USER_PATHS,
  acceptedCodes,
  fillPath,
  undeclaredAuditFields,
} from '@cityops/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { RouteOptions } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenDigest } from '../../src/lib/tokens.js';
import { resourceModules } from '../../src/resource-modules.gen.js';
import { multipart, png } from '../helpers/images.js';
import { type TestApp, bearer, createTestApp, encryptPassword } from '../helpers/test-app.js';
import { data, unitId } from '../modules/system/system-helpers.js';
import { offerSubsystem, registerTestSubsystem } from '../helpers/subsystem-menu.js';
import { testRepositories } from '../helpers/test-repositories.js';
import { chained } from '../helpers/chained.js';

/**
 * The route walk (issue 21): every route that is not a read is driven once to
 * success. The walk reads each route's declaration for its caller: the demo account
 * with the least rights that holds the declared permission (`callerOf`); a step names
 * an account only where the route acts on that one. The test app is strict: a write
 * that reaches a table without the route having asked the access policy
 * (db/write-guard.ts, the pipeline of plugins/command-pipeline.ts), or a success
 * without the audit record its route declares, answers 500 and fails its step here.
 * A new writing route fails the first test until it has a step below.
 */

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

type Method = 'POST' | 'PUT' | 'DELETE';

interface Walk {
  t: TestApp;
  token: (login: string) => string;
  /**
   * The step's caller, read from its route's declaration: `signed-in` is the operator;
   * a permission code, the first of the demo accounts holding it, least rights first
   * (`CALLERS`). A step names an account only where the route acts on that one.
   */
  as: string;
  /** A request to the API as the step's caller, JSON or a prepared body. */
  send: (
    method: Method,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
  /** The same as a named account. */
  sendAs: (
    login: string,
    method: Method,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
  read: <T = any>(login: string, url: string) => Promise<T>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are checked by the routes' own tests
  ids: { walker: number } & Record<string, number>;
  /** Made by earlier steps, read by later ones (the walk runs in order). */
  made: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- as above
}

type Step = (walk: Walk) => Promise<LightMyRequestResponse>;

/** Routes whose caller is not signed in: the credential they carry is the proof, no target is acted on. */
const PUBLIC = {
  'POST /api/authorization-server/oauth/pubKey': 'answers the public key',
  'POST /api/authorization-server/oauth/token': 'the password step (sign-in tests)',
  'POST /api/authorization-server/oauth/second-factor': 'the code step (second-factor tests)',
  'POST /api/authorization-server/oauth/verificationCode': 'a captcha',
  'POST /api/authorization-server/oauth/basic': 'checks the web client',
  'POST /api/message-sms/sms/kaptcha': 'sends a sign-in code (sms tests)',
  'POST /api/message-sms/sms/pwb_kaptcha': 'sends a recovery code (sms tests)',
  'POST /api/organization/user/check_phone': 'checks a code (sms tests)',
  'POST /api/organization/user/find_pwd': 'recovery by a code (password tests)',
  'POST /api/authorization-server/oauth/qrCode': 'a QR ticket',
  'POST /api/authorization-server/oauth/qrCode/status': 'the PC follows its ticket',
  'POST /api/test-hooks/settings': 'a hook of the automated tests',
  'POST /api/test-hooks/users': 'a hook of the automated tests',
  'POST /api/test-hooks/messages': 'a hook of the automated tests',
  'POST /oidc/*':
    "the OpenID Connect provider's endpoints: its client is the proof (subsystems/oidc-provider.test.ts)",
} as const;

const settingsStep =
  (group: string): Step =>
  async ({ send, read, as }) => {
    const url = fillPath(SYSTEM_PATHS.settings, { group });
    const current = await read<{ version: number; values: unknown }>(as, url);
    return send('PUT', url, { version: current.version, values: current.values });
  };

/** The demo accounts a step may be driven by, least rights first. */
const CALLERS = ['operator', 'editor', 'security', 'admin'] as const;

type Made = Walk['made'];

/**
 * A write of a versioned record: sends `body` (a function of what the walk made, given
 * the record's version when the record is already kept under `key`) and keeps the answer
 * (`answer` picks the record out of it) under `key` for the steps after it.
 */
const keep =
  (
    key: string,
    method: Method,
    url: (made: Made) => string,
    body: (made: Made) => object = () => ({}),
    answer: (data: any) => unknown = (data) => data, // eslint-disable-line @typescript-eslint/no-explicit-any -- as Walk.made
  ): Step =>
  async ({ send, made }) => {
    const version = made[key]?.version;
    const payload = { ...body(made), ...(version === undefined ? {} : { version }) };
    const response = await send(method, url(made), payload);
    made[key] = answer(response.json().data);
    return response;
  };

/** The delete of a versioned record the walk keeps under `key`. */
const removeKept =
  (key: string, path: string): Step =>
  ({ send, made }) =>
    send('DELETE', `${fillPath(path, { id: made[key].id })}?version=${made[key].version}`);

/**
 * The console resources' steps, read from their declarations
 * (modules/resources/console-resource.ts): each resource's example is created and saved
 * again, then every one is deleted, the last made first. A new resource needs no step here.
 */
function resourceSteps(): [string, Step][] {
  const resources = resourceModules.flatMap((module) => module.resources);
  const saves = resources.flatMap(({ kind, paths, example }): [string, Step][] => [
    [`POST /api${paths.list}`, keep(kind, 'POST', () => paths.list, example)],
    [
      `PUT /api${paths.item}`,
      keep(kind, 'PUT', (made) => fillPath(paths.item, { id: made[kind].id }), example),
    ],
  ]);
  const deletes = resources
    .toReversed()
    .map(({ kind, paths }): [string, Step] => [
      `DELETE /api${paths.item}`,
      removeKept(kind, paths.item),
    ]);
  return [...saves, ...deletes];
}

const point = (lon: number) => ({ type: 'Point', coordinates: [lon, 30.6] });
const MENU = { code: 'walked', nameEn: 'Walked', kind: 'page', url: '/walked' };
const SUBSYSTEM = {
  nameEn: 'Walked',
  kind: 'confidential',
  origins: ['https://walked.example'],
  redirectUris: ['https://walked.example/callback'],
};

/** Every writing route signed-in callers reach, in the order the walk drives them. */
const STEPS: [string, Step][] = [
  // ----- one's own account -----
  [
    'POST /api/file-go-fastdfs/file/upload',
    async ({ t, token, as, made }) => {
      const body = multipart([
        { name: 'bucketName', value: 'avatars' },
        { name: 'file', filename: 'me.png', contentType: 'image/png', data: png(8, 8) },
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/file-go-fastdfs/file/upload',
        headers: { ...body.headers, ...bearer(token(as)) },
        payload: body.payload,
      });
      made.avatar = response.json().data?.url;
      return response;
    },
  ],
  [
    'POST /api/organization/user/head',
    ({ send, made }) => send('POST', '/organization/user/head', { headImage: made.avatar }),
  ],
  [
    'PUT /api/organization/user/:id',
    async ({ send, read, ids, made }) => {
      const me = await read('operator', '/organization/user?uniqueId=operator');
      return send('PUT', `/organization/user/${ids.operator}`, {
        username: me.username,
        name: me.name,
        mobile: me.mobile,
        organizationId: String(me.organizationId),
        departmentId: me.departmentId === null ? '' : String(me.departmentId),
        headImage: made.avatar,
      });
    },
  ],
  [
    'POST /api/organization/model',
    ({ send }) => send('POST', '/organization/model', { code: 'home' }),
  ],
  [
    'POST /api/organization/user/ret',
    async ({ t, sendAs, made }) => {
      const encrypted = await encryptPassword(t.app, 'Walked@2026x');
      return sendAs('walker', 'POST', '/organization/user/ret', {
        password: md5(made.issued),
        newPassword: md5('Walked@2026x'),
        newPasswordTwo: md5('Walked@2026x'),
        newPasswordCipher: encrypted.password,
        keyId: encrypted.keyId,
      });
    },
  ],
  [
    'POST /api/organization/user/second-factor/enrolment',
    async ({ send, made }) => {
      const response = await send('POST', USER_PATHS.secondFactorEnrolment);
      made.secret = response.json().data?.secret;
      return response;
    },
  ],
  [
    'PUT /api/organization/user/second-factor/enrolment',
    ({ t, send, made }) =>
      send('PUT', USER_PATHS.secondFactorEnrolment, {
        code: new TOTP({ secret: Secret.fromBase32(made.secret), digits: 6, period: 30 }).generate({
          timestamp: t.clock.now().getTime(),
        }),
      }),
  ],
  [
    'POST /api/organization/user/second-factor/removal',
    ({ t, send, made }) => {
      t.clock.advance(30_000);
      return send('POST', USER_PATHS.secondFactorRemoval, {
        code: new TOTP({ secret: Secret.fromBase32(made.secret), digits: 6, period: 30 }).generate({
          timestamp: t.clock.now().getTime(),
        }),
      });
    },
  ],
  [
    'POST /api/message-sms/messageData/page',
    ({ send }) => send('POST', '/message-sms/messageData/page', { pageIndex: 1 }),
  ],
  [
    'POST /api/message-sms/messageData/sse-ticket',
    ({ send }) => send('POST', '/message-sms/messageData/sse-ticket'),
  ],
  [
    'DELETE /api/organization/user/sessions/:id',
    async ({ t, send }) => {
      const other = (await t.login('operator', 'Operator@2026')).access_token;
      return send('DELETE', `/organization/user/sessions/${tokenDigest(other)}`);
    },
  ],
  [
    'POST /api/authorization-server/oauth/qrCode/scan',
    async ({ t, send, made }) => {
      const ticket = await t.app.inject({
        method: 'POST',
        url: '/api/authorization-server/oauth/qrCode',
        headers: { 'user-agent': 'Mozilla/5.0 (X11) Chrome/140 PC' },
        payload: { appId: 'PC', timeStamp: String(Date.now()) },
      });
      made.ticket = ticket.json().data.ticket;
      return send('POST', '/authorization-server/oauth/qrCode/scan', {
        ticket: made.ticket,
      });
    },
  ],
  [
    'POST /api/authorization-server/oauth/qrCode/confirm',
    ({ send, made }) =>
      send('POST', '/authorization-server/oauth/qrCode/confirm', {
        ticket: made.ticket,
        confirm: 'true',
      }),
  ],
  // ----- content -----
  [
    'POST /api/business-guide/categories',
    async ({ send, made }) => {
      const response = await send('POST', '/business-guide/categories', {
        code: 'walked',
        name: '巡检栏目',
        nameEn: 'Walked',
      });
      made.category = response.json().data?.id;
      return response;
    },
  ],
  [
    'PUT /api/business-guide/categories/:id',
    ({ send, made }) =>
      send('PUT', `/business-guide/categories/${made.category}`, {
        code: 'walked',
        name: '巡检栏目（改）',
        nameEn: 'Walked',
      }),
  ],
  [
    'POST /api/business-guide/articles',
    keep(
      'article',
      'POST',
      () => '/business-guide/articles',
      (made) => ({
        categoryId: made.category,
        title: '巡检文章',
        bodyHtml: '<p>正文</p>',
      }),
    ),
  ],
  [
    'PUT /api/business-guide/articles/:id',
    keep(
      'article',
      'PUT',
      (made) => `/business-guide/articles/${made.article.id}`,
      () => ({ title: '巡检文章（改）' }),
    ),
  ],
  [
    'POST /api/business-guide/articles/:id/publish',
    keep('article', 'POST', (made) => `/business-guide/articles/${made.article.id}/publish`),
  ],
  [
    'POST /api/business-guide/articles/:id/withdraw',
    keep('article', 'POST', (made) => `/business-guide/articles/${made.article.id}/withdraw`),
  ],
  [
    'DELETE /api/business-guide/articles/:id',
    removeKept('article', '/business-guide/articles/:id'),
  ],
  [
    'DELETE /api/business-guide/categories/:id',
    ({ send, made }) => send('DELETE', `/business-guide/categories/${made.category}`),
  ],
  [
    'POST /api/base-data/baseGisGeometry/getGIS',
    ({ send }) => send('POST', '/base-data/baseGisGeometry/getGIS', {}),
  ],
  [
    'POST /api/base-data/baseGisGeometry/layers',
    ({ send }) => send('POST', '/base-data/baseGisGeometry/layers', {}),
  ],
  [
    'POST /api/base-data/baseGisGeometry/mapSettings',
    ({ send }) => send('POST', '/base-data/baseGisGeometry/mapSettings', {}),
  ],
  [
    'POST /api/base-data/baseGisGeometry/createLayer',
    async ({ send, made }) => {
      const response = await send('POST', '/base-data/baseGisGeometry/createLayer', {
        name: '巡检图层',
        nameEn: 'Walked',
      });
      made.layer = response.json().data?.id;
      return response;
    },
  ],
  [
    'POST /api/base-data/baseGisGeometry/create',
    keep(
      'feature',
      'POST',
      () => '/base-data/baseGisGeometry/create',
      (made) => ({
        layerId: made.layer,
        name: '井盖',
        geometry: point(114.3),
      }),
    ),
  ],
  [
    'POST /api/base-data/baseGisGeometry/update',
    keep(
      'feature',
      'POST',
      () => '/base-data/baseGisGeometry/update',
      (made) => ({
        id: made.feature.id,
        layerId: made.layer,
        name: '井盖 1 号',
        geometry: point(114.31),
      }),
    ),
  ],
  [
    'POST /api/base-data/baseGisGeometry/delete',
    keep(
      'feature',
      'POST',
      () => '/base-data/baseGisGeometry/delete',
      (made) => ({
        id: made.feature.id,
      }),
    ),
  ],
  [
    'POST /api/base-data/baseGisGeometry/saveMapSettings',
    async ({ send, read }) => {
      const current = await read('admin', fillPath(SYSTEM_PATHS.settings, { group: 'map' }));
      return send('POST', '/base-data/baseGisGeometry/saveMapSettings', current.values);
    },
  ],
  // ----- messages -----
  [
    'POST /api/message-sms/messageData/send',
    ({ send, ids }) =>
      send('POST', '/message-sms/messageData/send', {
        title: '巡检通知',
        content: '内容',
        userIds: [String(ids.operator)],
      }),
  ],
  [
    'POST /api/system/messages',
    async ({ send, ids, made }) => {
      const response = await send('POST', SYSTEM_PATHS.messages, {
        title: '巡检通知二',
        content: '内容',
        userIds: [String(ids.operator)],
      });
      made.message = response.json().data?.id;
      return response;
    },
  ],
  [
    'POST /api/system/messages/:id/withdraw',
    ({ send, made }) => send('POST', fillPath(SYSTEM_PATHS.messageWithdraw, { id: made.message })),
  ],
  // ----- settings -----
  ['PUT /api/system/settings/general', settingsStep('general')],
  ['PUT /api/system/settings/weather', settingsStep('weather')],
  ['PUT /api/system/settings/map', settingsStep('map')],
  ['PUT /api/system/settings/sign-in', settingsStep('sign-in')],
  ['PUT /api/system/settings/password', settingsStep('password')],
  ['PUT /api/system/settings/session', settingsStep('session')],
  // ----- units, departments, roles, menus -----
  [
    'POST /api/system/units',
    keep(
      'unit',
      'POST',
      () => SYSTEM_PATHS.units,
      (made) => ({
        name: '巡检单位',
        nameEn: 'Walked unit',
        parentId: made.bureau,
      }),
    ),
  ],
  [
    'PUT /api/system/units/:id',
    keep(
      'unit',
      'PUT',
      (made) => fillPath(SYSTEM_PATHS.unit, { id: made.unit.id }),
      (made) => ({ name: '巡检单位（改）', nameEn: 'Walked unit', parentId: made.bureau }),
    ),
  ],
  [
    'POST /api/system/departments',
    keep(
      'department',
      'POST',
      () => SYSTEM_PATHS.departments,
      (made) => ({
        name: '巡检科',
        nameEn: 'Walked section',
        organizationId: made.unit.id,
      }),
    ),
  ],
  [
    'PUT /api/system/departments/:id',
    keep(
      'department',
      'PUT',
      (made) => fillPath(SYSTEM_PATHS.department, { id: made.department.id }),
      (made) => ({ name: '巡检科（改）', nameEn: 'Walked section', organizationId: made.unit.id }),
    ),
  ],
  [
    'POST /api/system/roles',
    ({ send }) =>
      send('POST', SYSTEM_PATHS.roles, {
        id: 'walked',
        name: '巡检角色',
        nameEn: 'Walked',
        dataScope: 'self',
      }),
  ],
  [
    'PUT /api/system/roles/:id',
    async ({ send, read }) => {
      const url = fillPath(SYSTEM_PATHS.role, { id: 'walked' });
      const role = await read('admin', url);
      return send('PUT', url, {
        name: '巡检角色（改）',
        nameEn: 'Walked',
        dataScope: 'self',
        version: role.version,
      });
    },
  ],
  [
    'POST /api/system/menus',
    keep(
      'menu',
      'POST',
      () => SYSTEM_PATHS.menus,
      () => ({ ...MENU, name: '巡检菜单' }),
    ),
  ],
  [
    'PUT /api/system/menus/:id',
    keep(
      'menu',
      'PUT',
      (made) => fillPath(SYSTEM_PATHS.menu, { id: made.menu.id }),
      () => ({ ...MENU, name: '巡检菜单（改）' }),
    ),
  ],
  [
    'POST /api/system/subsystems',
    keep(
      'subsystem',
      'POST',
      () => SYSTEM_PATHS.subsystems,
      () => ({ ...SUBSYSTEM, clientId: 'walked-app', name: '巡检子系统' }),
      (data) => data?.subsystem,
    ),
  ],
  [
    'PUT /api/system/subsystems/:id',
    keep(
      'subsystem',
      'PUT',
      (made) => fillPath(SYSTEM_PATHS.subsystem, { id: made.subsystem.id }),
      () => ({ ...SUBSYSTEM, name: '巡检子系统（改）' }),
      (data) => data?.subsystem,
    ),
  ],
  [
    'POST /api/system/subsystems/:id/secret',
    async ({ send, made }) => {
      const response = await send(
        'POST',
        fillPath(SYSTEM_PATHS.subsystemSecret, { id: made.subsystem.id }),
      );
      made.subsystem = response.json().data?.subsystem;
      return response;
    },
  ],
  // ----- accounts -----
  [
    'POST /api/system/users',
    async ({ send, ids, made }) => {
      const response = await send('POST', SYSTEM_PATHS.users, {
        username: 'walked.user',
        name: '巡检用户',
        mobile: '13900004321',
        organizationId: ids.bureau,
        roleIds: ['staff'],
      });
      made.user = response.json().data?.user;
      return response;
    },
  ],
  [
    'PUT /api/system/users/:id',
    async ({ send, read, made, ids }) => {
      const url = fillPath(SYSTEM_PATHS.user, { id: made.user.id });
      const user = await read('admin', url);
      return send('PUT', url, {
        username: 'walked.user',
        name: '巡检用户（改）',
        mobile: '13900004321',
        organizationId: ids.bureau,
        roleIds: ['staff'],
        version: user.version,
      });
    },
  ],
  [
    'POST /api/system/users/:id/password-reset',
    ({ send, made }) => send('POST', fillPath(SYSTEM_PATHS.userPassword, { id: made.user.id })),
  ],
  [
    'POST /api/system/users/:id/unlock',
    async ({ t, send, made }) => {
      // A lock as six wrong passwords leave it (the sign-in tests make real ones).
      const now = t.clock.now();
      await t.database.db.execute(sql`
        insert into login_attempts (scope, subject, failures, window_started_at, locked_until)
        values ('account', 'walked.user', 6, ${now}, ${new Date(now.getTime() + 900_000)})`);
      return send('POST', fillPath(SYSTEM_PATHS.userUnlock, { id: made.user.id }));
    },
  ],
  [
    'DELETE /api/system/users/:id/second-factor',
    ({ send, ids }) => send('DELETE', fillPath(SYSTEM_PATHS.userSecondFactor, { id: ids.walker })),
  ],
  [
    'DELETE /api/system/sessions/:id',
    async ({ t, send }) => {
      const session = (await t.login('editor', 'Editor@2026')).access_token;
      return send('DELETE', fillPath(SYSTEM_PATHS.session, { id: tokenDigest(session) }));
    },
  ],
  [
    'DELETE /api/system/users/:id/sessions',
    ({ send, ids }) => send('DELETE', fillPath(SYSTEM_PATHS.userSessions, { id: ids.walker })),
  ],
  [
    'PUT /api/system/users/:id/status',
    async ({ send, read, made }) => {
      const user = await read('admin', fillPath(SYSTEM_PATHS.user, { id: made.user.id }));
      return send('PUT', fillPath(SYSTEM_PATHS.userStatus, { id: made.user.id }), {
        disabled: true,
        version: user.version,
      });
    },
  ],
  [
    'POST /api/system/users/import',
    async ({ t, token, as }) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Users');
      sheet.addRow(['Username', 'Name', 'Mobile', 'Unit', 'Department', 'Roles']);
      sheet.addRow(['walked.import', '巡检导入', '13900004322', '江城市应急管理局', '', 'staff']);
      const bytes = Buffer.from(await book.xlsx.writeBuffer());
      const body = multipart([
        {
          name: 'file',
          filename: 'users.xlsx',
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          data: bytes,
        },
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/api${SYSTEM_PATHS.usersImport}`,
        headers: { ...body.headers, ...bearer(token(as)), 'accept-language': 'en' },
        payload: body.payload,
      });
    },
  ],
  ['DELETE /api/system/menus/:id', removeKept('menu', SYSTEM_PATHS.menu)],
  ['DELETE /api/system/subsystems/:id', removeKept('subsystem', SYSTEM_PATHS.subsystem)],
  [
    'DELETE /api/system/roles/:id',
    async ({ send, read }) => {
      const url = fillPath(SYSTEM_PATHS.role, { id: 'walked' });
      const role = await read('admin', url);
      return send('DELETE', `${url}?version=${role.version}`);
    },
  ],
  ['DELETE /api/system/departments/:id', removeKept('department', SYSTEM_PATHS.department)],
  ['DELETE /api/system/units/:id', removeKept('unit', SYSTEM_PATHS.unit)],
  // Last: it ends the caller's session.
  // ----- subsystems (issue 22) -----
  [
    'POST /api/subsystems/frame-token',
    async ({ t, send }) => {
      const { rows } = await t.database.db.execute<{ id: number }>(
        sql`select id from menu_entries where url = '/demo-subsystem.html' order by id limit 1`,
      );
      return send('POST', '/subsystems/frame-token', { menuId: rows[0]!.id });
    },
  ],
  [
    'POST /oidc/interaction/:uid/login',
    async ({ t, token, as }) => {
      await registerTestSubsystem(t.app, {
        clientId: 'walk-app',
        name: '巡检',
        nameEn: 'Walk',
        redirectUris: ['http://127.0.0.1:9/callback'],
        claims: ['name'],
      });
      await offerSubsystem(t.app, 'walk-app');
      const challenge = createHash('sha256').update('v'.repeat(43)).digest('base64url');
      const start = await t.app.inject({
        url: '/oidc/auth',
        query: {
          client_id: 'walk-app',
          response_type: 'code',
          scope: 'openid',
          redirect_uri: 'http://127.0.0.1:9/callback',
          code_challenge: challenge,
          code_challenge_method: 'S256',
        },
      });
      const uid = String(start.headers.location).split('/').pop()!;
      const cookie = start.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
      return t.app.inject({
        method: 'POST',
        url: `/oidc/interaction/${uid}/login`,
        headers: { ...bearer(token(as)), cookie },
      });
    },
  ],
  ...resourceSteps(),
  [
    'POST /api/authorization-server/oauth/logout',
    ({ send }) => send('POST', '/authorization-server/oauth/logout'),
  ],
];

describe('the route walk', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];
  const tokens = new Map<string, string>();
  const held = new Map<string, string[]>();
  let walk: Walk;

  /** The caller a route's declared access asks for (see `Walk.as`). */
  const callerOf = (key: string): string => {
    const [method, url] = key.split(' ');
    const route = routes.find(
      (candidate) => candidate.url === url && [candidate.method].flat().includes(method!),
    );
    const access = route?.config?.access;
    if (access === 'signed-in') return 'operator';
    const codes = typeof access === 'object' ? acceptedCodes(access) : [];
    const caller = CALLERS.find((login) => codes.some((code) => held.get(login)?.includes(code)));
    if (!caller) throw new Error(`${key}: no demo account holds what it declares`);
    return caller;
  };

  beforeAll(async () => {
    t = await createTestApp({}, { onRoute: (route) => routes.push(route) });
    const passwords: Record<string, string> = {
      admin: 'Admin@2026',
      security: 'Security@2026',
      editor: 'Editor@2026',
      operator: 'Operator@2026',
    };
    for (const [login, password] of Object.entries(passwords)) {
      const answer = await t.login(login, password);
      tokens.set(login, answer.access_token);
      held.set(login, (answer as { permissions?: string[] }).permissions ?? []);
    }
    const sendAs: Walk['sendAs'] = (login, method, url, payload, headers = {}) =>
      t.app.inject({
        method,
        url: `/api${url}`,
        headers: { ...bearer(tokens.get(login)!), 'accept-language': 'en', ...headers },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const read: Walk['read'] = (login, url) => data(t.app, tokens.get(login)!, 'GET', url);
    const bureau = await unitId(t.app, tokens.get('admin')!, 'Jiangcheng Urban Management Bureau');
    // An ordinary account of the bureau to change its own password and lose its second factor.
    const created = await data(t.app, tokens.get('admin')!, 'POST', SYSTEM_PATHS.users, {
      username: 'walker',
      name: '巡检员',
      mobile: '13900004320',
      organizationId: bureau,
      roleIds: ['staff'],
    });
    const walkerId = Number(created.user.id);
    const issued = String(created.initialPassword);
    // The issued password must be changed first: the walk changes it to a known one.
    tokens.set('walker', (await t.login('walker', issued)).access_token);
    // A second factor for the security administrator to reset.
    const { secondFactors } = await testRepositories(t.database.db);
    await secondFactors.startEnrolment(walkerId, 'sealed-secret-not-read', t.clock.now());
    await secondFactors.confirm(walkerId, 1, t.clock.now());
    walk = {
      t,
      token: (login) => tokens.get(login)!,
      as: 'operator',
      send: (...request) => sendAs(walk.as, ...request),
      sendAs,
      read,
      ids: {
        bureau,
        walker: walkerId,
        operator: (await read('operator', '/organization/user?uniqueId=operator')).id,
      },
      made: { issued, bureau },
    };
  }, 120_000);
  afterAll(() => t.close());

  const writing = () =>
    routes.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method))
        .map((method) => `${method} ${route.url}`),
    );

  it('has a step, or a reason to skip, for every writing route', () => {
    const known = new Set([...Object.keys(PUBLIC), ...STEPS.map(([route]) => route)]);
    expect(writing().filter((route) => !known.has(route))).toEqual([]);
    expect([...known].filter((route) => !writing().includes(route))).toEqual([]);
  });

  it('skips only routes that serve no signed-in caller', () => {
    for (const route of routes) {
      for (const method of [route.method].flat()) {
        if (`${method} ${route.url}` in PUBLIC) expect(route.config?.access).toBe('public');
      }
    }
  });

  it('drives every writing route to success through the policy and the trail', async () => {
    const failures: string[] = [];
    for (const [route, step] of STEPS) {
      walk.as = callerOf(route);
      const response = await step(walk);
      if (response.statusCode >= 300) {
        failures.push(`${route}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  // Issue 31: the trail shows each field with its action's label and in words; a record
  // holding a field its action does not declare (features/<feature>.ts) would show a key.
  it('leaves records holding only the fields their actions declare', async () => {
    await chained(t);
    const { rows } = await t.database.db.execute<{
      action: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>(sql`select action, before, after from audit_trail order by seq`);
    expect(new Set(rows.map((row) => row.action)).size).toBeGreaterThan(40);
    const undeclared = new Set(
      rows.flatMap((row) =>
        undeclaredAuditFields(row.action, row.before, row.after).map(
          (field) => `${row.action}: ${field}`,
        ),
      ),
    );
    expect([...undeclared]).toEqual([]);
  });
});
