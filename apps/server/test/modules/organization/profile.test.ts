import { ErrorCode } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png } from '../../helpers/images.js';
import { type TestApp, bearer, createTestApp } from '../../helpers/test-app.js';
import { chained } from '../../helpers/chained.js';

describe('personal info', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    token?: string,
    payload?: Record<string, unknown>,
    language = 'en',
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': language },
      ...(payload ? { payload } : {}),
    });

  async function me(token: string, username: string) {
    return (await call('GET', `/organization/user?uniqueId=${username}`, token)).json().data;
  }

  async function uploadAvatar(token: string): Promise<string> {
    const body = multipart([
      { name: 'bucketName', value: 'avatars' },
      { name: 'file', filename: 'me.png', contentType: 'image/png', data: png(8, 8) },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/file-go-fastdfs/file/upload',
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
    return response.json().data.url as string;
  }

  function formOf(user: Record<string, unknown>) {
    return {
      username: user.username,
      name: user.name,
      mobile: user.mobile,
      organizationId: user.organizationId,
      departmentId: user.departmentId,
    };
  }

  it('lists units and the departments of a unit', async () => {
    const { access_token: token } = await t.login('operator', 'Operator@2026');
    const units = (await call('GET', '/organization/organ/cascade', token)).json().data;
    expect(units).toHaveLength(7);
    expect(units[0]).toEqual({
      id: expect.any(String),
      name: '江城市城市管理局',
      nameEn: 'Jiangcheng Urban Management Bureau',
    });
    const departments = (
      await call('GET', `/organization/organ/cascade/${units[0].id}`, token)
    ).json().data;
    expect(departments.map((d: { nameEn: string }) => d.nameEn)).toContain(
      'Digital Urban Management Centre',
    );
    expect((await call('GET', '/organization/organ/cascade/abc', token)).statusCode).toBe(422);
    expect((await call('GET', '/organization/organ/cascade/0', token)).statusCode).toBe(422);
    expect((await call('GET', '/organization/organ/cascade/99999', token)).statusCode).toBe(404);
    expect((await call('GET', '/organization/organ/cascade')).statusCode).toBe(401);
    expect((await call('GET', `/organization/organ/cascade/${units[0].id}`)).statusCode).toBe(401);
  });

  it('answers every validation message of the personal-info form, in the caller language', async () => {
    const { access_token: token, id } = await t.login('admin', 'Admin@2026');
    const put = (body: Record<string, unknown>, language = 'en') =>
      call('PUT', `/organization/user/${id}`, token, body, language);
    const messageOf = async (body: Record<string, unknown>, field: string, language = 'en') => {
      const response = await put(body, language);
      expect(response.statusCode).toBe(422);
      return response
        .json()
        .data.fields.find((f: { field: string; message: string }) => f.field === field)?.message;
    };
    const valid = formOf(await me(token, 'admin'));
    expect(await messageOf({ ...valid, username: '  ' }, 'username')).toBe(
      'Username cannot be empty!',
    );
    expect(await messageOf({ ...valid, name: '' }, 'name')).toBe('Name cannot be empty!');
    expect(await messageOf({ ...valid, mobile: '' }, 'mobile')).toBe('Please enter mobile number');
    expect(await messageOf({ ...valid, mobile: '12345678901' }, 'mobile')).toBe(
      'Please enter correct mobile number',
    );
    expect(await messageOf({ ...valid, organizationId: '' }, 'organizationId')).toBe(
      'Unit cannot be empty!',
    );
    expect(await messageOf({ ...valid, departmentId: '' }, 'departmentId')).toBe(
      'Department cannot be empty!',
    );
    expect(await messageOf({ ...valid, name: '' }, 'name', 'zh-CN')).toBe('姓名不能为空！');
    const { organizationId: _omit, ...withoutUnit } = valid;
    expect(await messageOf(withoutUnit, 'organizationId')).toBe('Unit cannot be empty!');
    expect(await messageOf({ ...valid, departmentId: 'x1' }, 'departmentId')).toBe(
      'This value is not valid',
    );
  });

  /** The trail's records of one account (newest first). */
  async function recordsOf(userId: string) {
    await chained(t);
    const { rows } = await t.database.db.execute<{
      action: string;
      outcome: string;
      reason: string;
    }>(
      sql`select action, outcome, reason from audit_trail
           where target_kind = 'user' and target_id = ${userId} order by seq desc`,
    );
    return rows.map((row) => `${row.action}/${row.outcome}/${row.reason}`);
  }

  it('keeps every field but the avatar read-only, for the administrator too (issue 21)', async () => {
    const { access_token: token, id } = await t.login('admin', 'Admin@2026');
    const valid = formOf(await me(token, 'admin'));
    const units = (await call('GET', '/organization/organ/cascade', token)).json().data;
    for (const change of [
      { username: 'root' },
      { name: '改名' },
      { mobile: '13911112222' },
      { organizationId: units[1].id },
    ]) {
      const refused = await call('PUT', `/organization/user/${id}`, token, { ...valid, ...change });
      expect(refused.statusCode, JSON.stringify(change)).toBe(403);
      expect(refused.json().msg).toBe(
        'Only the avatar is changed here; an administrator changes the login name, name, mobile number, unit and department in System administration → Users',
      );
    }
    expect(formOf(await me(token, 'admin'))).toEqual(valid);
    // Each refusal is on the trail: the route's action, refused as a change of one's own account.
    expect((await recordsOf(id)).slice(0, 4)).toEqual(Array(4).fill('user.update/refused/self'));
  });

  it('refuses bad ids, other users (for staff) and a missing token', async () => {
    const operator = await t.login('operator', 'Operator@2026');
    const admin = await t.login('admin', 'Admin@2026');
    const form = formOf(await me(operator.access_token, 'operator'));
    const others = await call('PUT', `/organization/user/${admin.id}`, operator.access_token, form);
    expect(others.statusCode).toBe(403);
    // Not there answers as not yours: the ids that exist cannot be told apart (issue 32).
    const missing = await call('PUT', '/organization/user/987654', operator.access_token, form);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ code: others.json().code, msg: others.json().msg });
    expect(
      (await call('PUT', '/organization/user/abc', operator.access_token, form)).statusCode,
    ).toBe(422);
    expect(
      (await call('PUT', '/organization/user/-3', operator.access_token, form)).statusCode,
    ).toBe(422);
    expect(
      (await call('PUT', '/organization/user/987654', admin.access_token, form)).statusCode,
    ).toBe(403);
    const anonymous = await call('PUT', `/organization/user/${operator.id}`, undefined, form);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(ErrorCode.TOKEN_INVALID);
  });

  it('lets staff change their avatar but not the disabled fields', async () => {
    const operator = await t.login('operator', 'Operator@2026');
    const form = formOf(await me(operator.access_token, 'operator'));
    const renamed = await call('PUT', `/organization/user/${operator.id}`, operator.access_token, {
      ...form,
      name: '张三',
      mobile: '13911112222',
    });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json().msg).toMatch(/^Only the avatar is changed here/);

    const avatar = await uploadAvatar(operator.access_token);
    const saved = await call('PUT', `/organization/user/${operator.id}`, operator.access_token, {
      ...form,
      headImage: avatar,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ usernameChanged: false });
    expect((await me(operator.access_token, 'operator')).headImage).toBe(avatar);
  });

  it('sets the avatar through user/head, only to an image the caller uploaded', async () => {
    const operator = await t.login('operator', 'Operator@2026');
    const admin = await t.login('admin', 'Admin@2026');
    const own = await uploadAvatar(operator.access_token);
    const response = await call('POST', '/organization/user/head', operator.access_token, {
      headImage: own,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ username: 'operator', headImage: own });

    const foreign = await uploadAvatar(admin.access_token);
    for (const headImage of [
      foreign,
      '/file-go-fastdfs/files/00000000-0000-0000-0000-000000000000.png',
      'https://evil.example/x.png',
      // The caller's own image, but at another host or below another prefix.
      `https://evil.example${own}`,
      own.replace(/^\/api\//, '/other/'),
      'javascript:alert(1)',
      '',
    ]) {
      const refused = await call('POST', '/organization/user/head', operator.access_token, {
        headImage,
      });
      expect(refused.statusCode, headImage).toBe(422);
    }
    expect(
      (await call('POST', '/organization/user/head', undefined, { headImage: own })).statusCode,
    ).toBe(401);
    expect((await me(operator.access_token, 'operator')).headImage).toBe(own);
  });

  it('keeps accepting an avatar in the form the upload first answered', async () => {
    const operator = await t.login('operator', 'Operator@2026');
    const own = await uploadAvatar(operator.access_token);
    expect(own).toMatch(/^\/api\/file-go-fastdfs\/files\//);
    // Stored before the upload answered the API base: relative to it.
    const firstForm = own.replace(/^\/api/, '');
    const set = await call('POST', '/organization/user/head', operator.access_token, {
      headImage: firstForm,
    });
    expect(set.statusCode).toBe(200);
    expect((await me(operator.access_token, 'operator')).headImage).toBe(firstForm);
    // A profile saved with that stored value unchanged passes validation too.
    const form = formOf(await me(operator.access_token, 'operator'));
    const saved = await call('PUT', `/organization/user/${operator.id}`, operator.access_token, {
      ...form,
      headImage: firstForm,
    });
    expect(saved.statusCode).toBe(200);
  });

  it('refuses another account, whoever asks: the console changes accounts (issue 21)', async () => {
    const admin = await t.login('admin', 'Admin@2026');
    const district = await t.login('jiangbei', 'Jiangbei@2026');
    const stale = await t.login('stale', 'Stale@2026a');
    const form = formOf(await me(admin.access_token, 'stale'));
    for (const token of [admin.access_token, district.access_token]) {
      for (const change of [
        {},
        { name: '李娜娜' },
        { username: 'lina' },
        { mobile: '13700002222' },
      ]) {
        const refused = await call('PUT', `/organization/user/${stale.id}`, token, {
          ...form,
          ...change,
        });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().msg).toBe(
          'Personal information is changed by its owner; an administrator changes accounts in System administration → Users',
        );
      }
    }
    // Nothing changed, the account's sessions live on, and each refusal is recorded.
    expect(formOf(await me(admin.access_token, 'stale'))).toEqual(form);
    expect(
      (await call('GET', '/organization/user?uniqueId=stale', stale.access_token)).statusCode,
    ).toBe(200);
    expect((await recordsOf(stale.id)).slice(0, 8)).toEqual(
      Array(8).fill('user.update/refused/own-only'),
    );
  });
});
