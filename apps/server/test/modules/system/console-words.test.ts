import { SYSTEM_PATHS } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../helpers/test-app.js';
import { data } from './system-helpers.js';

/** Issue 24, "the console in plain Chinese": the server side of the console's wording. */
describe('console words (issue 24)', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login('admin', 'Admin@2026')).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes roles, units, departments and menu entries without an English name: the Chinese one stands in', async () => {
    const role = await data(t.app, admin, 'POST', SYSTEM_PATHS.roles, {
      id: 'patrol',
      name: '巡查员',
      dataScope: 'self',
    });
    expect(role.nameEn).toBe('巡查员');
    const renamed = await data(t.app, admin, 'PUT', SYSTEM_PATHS.role.replace(':id', 'patrol'), {
      name: '巡查队员',
      nameEn: '',
      dataScope: 'self',
      version: role.version,
    });
    expect(renamed.nameEn).toBe('巡查队员');

    const unit = await data(t.app, admin, 'POST', SYSTEM_PATHS.units, { name: '高新区管委会' });
    expect(unit.nameEn).toBe('高新区管委会');
    const department = await data(t.app, admin, 'POST', SYSTEM_PATHS.departments, {
      name: '办公室',
      nameEn: '  ',
      organizationId: unit.id,
    });
    expect(department.nameEn).toBe('办公室');

    const entry = await data(t.app, admin, 'POST', SYSTEM_PATHS.menus, {
      code: 'words_page',
      name: '城市体检',
      kind: 'page',
      url: '/words',
    });
    expect(entry.nameEn).toBe('城市体检');
    const withEnglish = await data(t.app, admin, 'POST', SYSTEM_PATHS.menus, {
      code: 'words_page_two',
      name: '城市体检二',
      nameEn: 'City check two',
      kind: 'page',
      url: '/words2',
    });
    expect(withEnglish.nameEn).toBe('City check two');
  });
});
