import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { SYSTEM_PATHS, USER_PATHS, fillPath } from '@cityops/contract';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/db/client.js';
import { demoAccounts, demoDistrictStaff } from '../../../src/seed/demo-data.js';
import { withDatabase } from '../../helpers/global-setup.js';
import {
  type TestApp,
  basicAuthorization,
  bearer,
  createAccount,
  createTestApp,
  ownAddress,
} from '../../helpers/test-app.js';
import { call, data, unitId } from '../system/system-helpers.js';
import { chained } from '../../helpers/chained.js';

/**
 * Mobile numbers are personal information sealed at rest (issue 30): the tables hold
 * each number encrypted and a keyed blind index of it; the account is still found by
 * the whole number, and the console still shows it to those allowed.
 */
let t: TestApp;
let admin: string;
let unit: number;

// Numbers of this file's own, beside every number of the demo data.
const CREATED = '13511110001';
const EDITED = '13511110002';
const IMPORTED = '13511110003';
const RECOVERING = '13511110004';
const FORM = '13511110005';
const numbers = [
  ...[...demoAccounts, ...demoDistrictStaff].map((account) => account.mobile),
  CREATED,
  EDITED,
  IMPORTED,
  RECOVERING,
  FORM,
].filter(Boolean);

/** pg_dump of the installed PostgreSQL, where there is one. */
const pgDump = fs.existsSync('/usr/lib/postgresql')
  ? fs
      .readdirSync('/usr/lib/postgresql')
      .map((version) => `/usr/lib/postgresql/${version}/bin/pg_dump`)
      .find((file) => fs.existsSync(file))
  : undefined;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin', 'Admin@2026')).access_token;
  unit = await unitId(t.app, admin, 'Jiangcheng Urban Management Bureau');
}, 60_000);
afterAll(async () => {
  await t.close();
});

const listed = async (keyword: string) =>
  (
    await data<{ list: { username: string; mobile: string }[] }>(
      t.app,
      admin,
      'GET',
      `${SYSTEM_PATHS.users}?keyword=${encodeURIComponent(keyword)}`,
    )
  ).list;

async function importRow(username: string, mobile: string) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Users');
  sheet.addRow(['Username', 'Name', 'Mobile', 'Unit', 'Department', 'Roles']);
  sheet.addRow([username, '导入', mobile, 'Jiangcheng Urban Management Bureau', '', 'staff']);
  const bytes = Buffer.from(await book.xlsx.writeBuffer());
  const boundary = '----personaldata';
  const response = await t.app.inject({
    method: 'POST',
    url: `/api${SYSTEM_PATHS.usersImport}`,
    headers: {
      ...bearer(admin),
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'accept-language': 'en',
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="u.xlsx"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Every row of every table of the database, as text (what a dump of it holds). */
async function everyRow(): Promise<string> {
  const tables = rowsOf<{ schema: string; name: string }>(
    await t.database.db.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`),
  );
  expect(tables.map((table) => table.name)).toContain('users');
  const texts: string[] = [];
  for (const { schema, name } of tables) {
    const rows = rowsOf<{ row: string }>(
      await t.database.db.execute(
        sql`select r::text as row from ${sql.identifier(schema)}.${sql.identifier(name)} r`,
      ),
    );
    texts.push(...rows.map((row) => row.row));
  }
  return texts.join('\n');
}

describe('mobile numbers at rest', () => {
  it('the console makes, edits and imports accounts whose numbers it reads back', async () => {
    const created = await data(t.app, admin, 'POST', SYSTEM_PATHS.users, {
      username: 'pd.created',
      name: '封存',
      mobile: CREATED,
      organizationId: unit,
      roleIds: ['staff'],
    });
    expect(created.user.mobile).toBe(CREATED);
    const id = String(created.user.id);
    const edited = await data(t.app, admin, 'PUT', fillPath(SYSTEM_PATHS.user, { id }), {
      username: 'pd.created',
      name: '封存',
      mobile: EDITED,
      organizationId: unit,
      roleIds: ['staff'],
      version: created.user.version,
    });
    expect(edited.mobile).toBe(EDITED);
    expect((await data(t.app, admin, 'GET', fillPath(SYSTEM_PATHS.user, { id }))).mobile).toBe(
      EDITED,
    );
    await importRow('pd.imported', IMPORTED);
    expect(await listed('pd.imported')).toMatchObject([{ mobile: IMPORTED }]);

    // The export shows it to those allowed, as the list does.
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api${SYSTEM_PATHS.usersExport}?keyword=pd.created`,
      headers: { ...bearer(admin), 'accept-language': 'en' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const row = book.worksheets[0]!.getRow(2).values as unknown[];
    expect(row.map(String)).toContain(EDITED);

    // The account's own user data carries it too.
    const own = await t.login('admin', 'Admin@2026');
    expect(own.mobile).toBe('13800138000');
  });

  it('the trail keeps the number masked, as before', async () => {
    await chained(t);
    const rows = rowsOf<{ after: Record<string, unknown> }>(
      await t.database.db.execute(sql`
        select after from audit_trail
         where action = 'user.update' and target_name = 'pd.created' order by seq desc limit 1`),
    );
    expect(rows[0]!.after.mobile).toBe('135****0002');
  });

  it('an export asked for by a whole number keeps the number masked on the trail', async () => {
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api${SYSTEM_PATHS.usersExport}?keyword=${EDITED}`,
      headers: { ...bearer(admin), 'accept-language': 'en' },
    });
    expect(exported.statusCode).toBe(200);
    await chained(t);
    const rows = rowsOf<{ after: Record<string, unknown> }>(
      await t.database.db.execute(sql`
        select after from audit_trail where action = 'user.export' order by seq desc limit 1`),
    );
    expect(rows[0]!.after).toMatchObject({ keyword: '135****0002', records: 1 });
  });

  it('the user list finds an account by the whole number, written any usual way, and not by a part', async () => {
    expect((await listed(EDITED)).map((user) => user.username)).toEqual(['pd.created']);
    expect((await listed(`+86${EDITED}`)).map((user) => user.username)).toEqual(['pd.created']);
    expect((await listed('135 1111 0002')).map((user) => user.username)).toEqual(['pd.created']);
    expect(await listed(EDITED.slice(0, 7))).toEqual([]);
    expect(await listed(EDITED.slice(-4))).toEqual([]);
    // The login name and the name are still found by a part.
    expect((await listed('pd.crea')).map((user) => user.username)).toEqual(['pd.created']);
    expect((await listed('封')).map((user) => user.username)).toContain('pd.created');
  });

  it('a password recovery by SMS finds the account by its number', async () => {
    await createAccount(t.app, { username: 'pd.recovering', mobile: RECOVERING });
    const address = ownAddress();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/message-sms/sms/pwb_kaptcha',
      headers: { authorization: basicAuthorization },
      payload: { mobile: `0086${RECOVERING}` },
      remoteAddress: address,
    });
    expect(sent.json()).toMatchObject({ code: '000000' });
    const message = await t.app.inject({
      method: 'GET',
      url: `/api/test-hooks/sms/latest?mobile=${RECOVERING}`,
    });
    const code = /\d{6}/.exec(message.json().data.text as string)![0];
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/organization/user/check_phone',
      headers: { authorization: basicAuthorization },
      payload: { mobile: RECOVERING, code },
      remoteAddress: address,
    });
    expect(checked.json()).toMatchObject({ code: '000000' });
    expect(checked.json().data.ticket).toEqual(expect.any(String));
  });

  it('the personal-information form still sends the number back unchanged', async () => {
    const account = await createAccount(t.app, { username: 'pd.form', mobile: FORM });
    const token = (await t.login(account.username, account.password)).access_token;
    const info = await call(t.app, token, 'GET', `${USER_PATHS.info}?uniqueId=pd.form`);
    expect(info.body.data.mobile).toBe(FORM);
  });

  it('no table holds a number in clear: every row of every table is scanned', async () => {
    const dumped = await everyRow();
    for (const number of numbers) expect(dumped, number).not.toContain(number);
    // The sealed form is there instead, with its index.
    const users = rowsOf<{ mobile: string; mobile_index: string | null }>(
      await t.database.db.execute(
        sql`select mobile, mobile_index from users where username = 'pd.created'`,
      ),
    );
    expect(users[0]!.mobile).toMatch(/^sealed:/);
    expect(users[0]!.mobile_index).toMatch(/^[0-9a-f]{64}$/);
  });

  it.runIf(process.env.TEST_DATABASE !== 'postgres')(
    "nor does PGlite's data folder, which a backup copies (heap, dead rows and WAL)",
    async () => {
      const client = (t.database.db as unknown as { $client: PGlite }).$client;
      await client.query('checkpoint');
      const folder = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
      expect(folder.length).toBeGreaterThan(1_000_000);
      for (const number of numbers) expect(folder.includes(number), number).toBe(false);
    },
  );

  it.runIf(process.env.TEST_DATABASE === 'postgres' && pgDump !== undefined)(
    'nor does pg_dump of the database',
    async () => {
      const [{ name }] = rowsOf<{ name: string }>(
        await t.database.db.execute(sql`select current_database() as name`),
      ) as [{ name: string }];
      const { stdout } = await promisify(execFile)(
        pgDump!,
        ['--data-only', withDatabase(process.env.DATABASE_URL!, name)],
        { maxBuffer: 256 * 1024 * 1024 },
      );
      expect(stdout).toContain('COPY public.users');
      for (const number of numbers) expect(stdout, number).not.toContain(number);
    },
  );
});
