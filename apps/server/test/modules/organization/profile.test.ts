import { ErrorCode } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png } from '../../helpers/images.js';
import { type TestApp, bearer, createTestApp } from '../../helpers/test-app.js';

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

  it('checks that the department belongs to the unit and the login name is free', async () => {
    const { access_token: token, id } = await t.login('admin', 'Admin@2026');
    const valid = formOf(await me(token, 'admin'));
    const units = (await call('GET', '/organization/organ/cascade', token)).json().data;
    const otherDepartments = (
      await call('GET', `/organization/organ/cascade/${units[1].id}`, token)
    ).json().data;
    const mismatch = await call('PUT', `/organization/user/${id}`, token, {
      ...valid,
      departmentId: otherDepartments[0].id,
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().data.fields[0]).toEqual({
      field: 'departmentId',
      message: 'The department does not belong to the unit',
    });
    const unknownUnit = await call('PUT', `/organization/user/${id}`, token, {
      ...valid,
      organizationId: '99999',
    });
    expect(unknownUnit.statusCode).toBe(422);
    const taken = await call('PUT', `/organization/user/${id}`, token, {
      ...valid,
      username: 'OPERATOR',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('This login name is already used');
  });

  it('refuses bad ids, other users (for staff) and a missing token', async () => {
    const operator = await t.login('operator', 'Operator@2026');
    const admin = await t.login('admin', 'Admin@2026');
    const form = formOf(await me(operator.access_token, 'operator'));
    expect(
      (await call('PUT', `/organization/user/${admin.id}`, operator.access_token, form)).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', '/organization/user/abc', operator.access_token, form)).statusCode,
    ).toBe(422);
    expect(
      (await call('PUT', '/organization/user/-3', operator.access_token, form)).statusCode,
    ).toBe(422);
    expect(
      (await call('PUT', '/organization/user/987654', admin.access_token, form)).statusCode,
    ).toBe(404);
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
    expect(renamed.json().msg).toBe('Only an administrator can change these fields: name, mobile');

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

  it('an administrator edits every field; a new login name ends every session', async () => {
    const admin = await t.login('admin', 'Admin@2026');
    const stale = await t.login('stale', 'Stale@2026a');
    const staleAgain = await t.login('stale', 'Stale@2026a');
    const form = formOf(await me(admin.access_token, 'stale'));

    const saved = await call('PUT', `/organization/user/${stale.id}`, admin.access_token, {
      ...form,
      name: '李娜娜',
      mobile: '+8613700002222',
    });
    expect(saved.json()).toMatchObject({ boolSuccess: true, data: { usernameChanged: false } });
    expect((await me(stale.access_token, 'stale')).name).toBe('李娜娜');

    const renamed = await call('PUT', `/organization/user/${stale.id}`, admin.access_token, {
      ...form,
      username: 'lina',
    });
    expect(renamed.json().data).toEqual({ usernameChanged: true });
    for (const token of [stale.access_token, staleAgain.access_token]) {
      const after = await call('GET', '/organization/user?uniqueId=lina', token);
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe(ErrorCode.TOKEN_INVALID);
    }
    // The administrator's own session is untouched; the account signs in with the new name.
    expect((await me(admin.access_token, 'lina')).username).toBe('lina');
    expect((await t.login('lina', 'Stale@2026a')).username).toBe('lina');
  });

  it("changing one's own login name ends the caller's session too", async () => {
    const admin = await t.login('admin', 'Admin@2026');
    const form = formOf(await me(admin.access_token, 'admin'));
    const renamed = await call('PUT', `/organization/user/${admin.id}`, admin.access_token, {
      ...form,
      username: 'root',
    });
    expect(renamed.json().data).toEqual({ usernameChanged: true });
    expect(
      (await call('GET', '/organization/user?uniqueId=root', admin.access_token)).statusCode,
    ).toBe(401);
  });
});
