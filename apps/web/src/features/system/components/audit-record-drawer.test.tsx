import { AUDIT_MASK, type AuditNames, type AuditRecord } from '@cityops/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, initI18n, registerTexts } from '@/lib/i18n';
import { auditTexts } from '@/locales/audit-texts';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { okBody } from '@/testing/fixtures';
import { renderWithClient, rowTexts, signInWith } from '../test-support';
import { AuditRecordDrawer } from './audit-record-drawer';

configure({ asyncUtilTimeout: 15_000 });

/**
 * The detail of the records issue 31 found in codes (登记子系统, 修改子系统, 新增菜单,
 * 修改系统设置, 账号锁定, 通知子系统退出登录), in both languages: every field by the label
 * its action declares, no key and no stored code in the change table.
 */

const NAMES: AuditNames = {
  roles: { staff: '工作人员' },
  units: { '5': '江北区城市管理局' },
  departments: {},
  entries: { '30': '业务系统', '31': '环卫调度' },
  subsystems: { '3': '数据共享交换平台' },
  users: { '42': '张伟 (zhang.wei)' },
  categories: {},
  layers: {},
};

function record(seq: number, patch: Partial<AuditRecord>): AuditRecord {
  return {
    seq,
    at: '2026-11-29T00:35:12.000Z',
    actorId: 1,
    actorName: 'admin',
    actorFullName: '系统管理员',
    actorUnit: '市城管局',
    session: '0123456789abcdef',
    ipAddress: '10.0.0.8',
    userAgent: 'Chromium',
    action: 'user.update',
    targetKind: null,
    targetId: null,
    targetName: null,
    outcome: 'success',
    reason: null,
    before: null,
    after: null,
    hash: 'ab'.repeat(32),
    ...patch,
  };
}

const registration = {
  clientId: 'exchange',
  name: '数据共享交换平台',
  nameEn: '',
  kind: 'confidential',
  origins: ['https://exchange.city.gov.cn'],
  redirectUris: ['https://exchange.city.gov.cn/callback'],
  postLogoutRedirectUris: [],
  backchannelLogoutUri: 'https://exchange.city.gov.cn/logout',
  claims: ['preferred_username', 'name', 'role_ids'],
  tokenLifetime: 600,
  enabled: true,
  clientSecret: AUDIT_MASK,
};

const RECORDS: AuditRecord[] = [
  record(1, {
    action: 'subsystem.create',
    targetKind: 'subsystem',
    targetId: '3',
    targetName: 'exchange',
    after: registration,
  }),
  record(2, {
    action: 'subsystem.update',
    targetKind: 'subsystem',
    targetId: '3',
    targetName: 'exchange',
    before: { kind: 'public', tokenLifetime: 300, enabled: false, clientSecret: null },
    after: { kind: 'confidential', tokenLifetime: 600, enabled: true, clientSecret: AUDIT_MASK },
  }),
  record(3, {
    action: 'menu.create',
    targetKind: 'menu',
    targetId: '31',
    targetName: 'sanitation',
    after: {
      code: 'sanitation',
      name: '环卫调度',
      nameEn: 'Sanitation dispatch',
      parentId: 30,
      kind: 'page',
      icon: 'team',
      url: 'https://sanitation.city.gov.cn/',
      query: { system: 'sanitation' },
      integrated: true,
      externalUrl: '',
      hasTwo: false,
      sortOrder: 10,
      visible: true,
      permission: 'system:user:read',
      subsystemId: 3,
    },
  }),
  record(4, {
    action: 'settings.update',
    targetKind: 'setting',
    targetId: 'password',
    targetName: 'password',
    before: { minLength: 8, forbidLoginName: false, maxAgeDays: 90 },
    after: { minLength: 10, forbidLoginName: true, maxAgeDays: 180 },
  }),
  record(5, {
    action: 'auth.lockout',
    outcome: 'refused',
    reason: 'threshold',
    targetKind: 'user',
    targetId: '42',
    targetName: 'zhang.wei',
    after: { scope: 'account', minutes: 15, failures: 5 },
  }),
  record(6, {
    action: 'subsystem.logout',
    targetKind: 'subsystem',
    targetId: '3',
    targetName: 'exchange',
    after: { userId: 42, sid: 'f1e2d3', reason: 'sign-out', attempts: 1 },
  }),
  record(7, {
    action: 'user.update',
    outcome: 'refused',
    reason: 'strength',
    targetKind: 'user',
    targetId: '42',
    targetName: 'zhang.wei',
    after: { attempted: 'user.grant' },
  }),
];

/** Stored codes of the records above that must never show as they are. */
const CODES = [
  'confidential',
  'public',
  'preferred_username',
  'role_ids',
  'true',
  'false',
  '600',
  'page',
  'team',
  'system:user:read',
  'account',
  'sign-out',
  'user.grant',
  AUDIT_MASK,
];

beforeAll(async () => {
  testServer.listen({ onUnhandledRequest: 'error' });
  registerTexts(auditTexts);
  await initI18n('zh-CN');
});
afterAll(() => testServer.close());
afterEach(() => testServer.resetHandlers());
beforeEach(() => {
  configureTestApi();
  testServer.use(
    http.get(`${API}/system/audit/:seq`, ({ params }) => {
      const found = RECORDS.find((one) => one.seq === Number(params.seq))!;
      return HttpResponse.json(okBody({ ...found, names: NAMES, timeZone: 'Asia/Shanghai' }));
    }),
  );
});

async function changesOf(seq: number) {
  signInWith(['system:audit:read']);
  const view = renderWithClient(
    <AuditRecordDrawer record={RECORDS[seq - 1]!} timeZone="Asia/Shanghai" onClose={() => {}} />,
  );
  const drawer = await screen.findByRole('dialog');
  const table = await within(drawer).findByRole('table', {
    name: i18n.language === 'en' ? 'Changes' : '变更内容',
  });
  // The names arrive with the detail.
  await waitFor(() => expect(table.textContent).not.toMatch(/编号 \d|no\. \d/));
  return { drawer, table, rows: rowTexts(table, 3), unmount: view.unmount };
}

describe('the detail of a record', { timeout: 60_000 }, () => {
  for (const language of ['zh-CN', 'en'] as const) {
    it(`shows no key and no stored code of a representative record of each kind (${language})`, async () => {
      await i18n.changeLanguage(language);
      for (const shown of RECORDS) {
        const { table, rows, unmount } = await changesOf(shown.seq);
        const keys = Object.keys({ ...shown.before, ...shown.after });
        for (const [label, ...values] of rows) {
          expect(keys, `${shown.action}: ${label}`).not.toContain(label);
          for (const value of values) {
            for (const code of CODES) expect(value, `${shown.action}: ${label}`).not.toBe(code);
            expect(value, `${shown.action}: ${label}`).not.toMatch(/[{}[\]"]|=true|=false/);
          }
        }
        // Each label once, none with a form's hint.
        expect(table.textContent).not.toMatch(/选填|optional/i);
        expect(rows.length).toBe(keys.length);
        unmount();
      }
    });
  }

  it('reads the records of issue 31 in words, in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    const created = await changesOf(1);
    expect(created.rows).toContainEqual(['客户端类型', '', '机密客户端']);
    expect(created.rows).toContainEqual(['令牌有效期', '', '10 分钟']);
    expect(created.rows).toContainEqual(['可获取的用户信息', '', '登录账号、姓名、角色']);
    expect(created.rows).toContainEqual(['客户端密钥', '', '已隐去']);
    expect(
      within(created.table).getByRole('link', { name: 'https://exchange.city.gov.cn/callback' }),
    ).toHaveAttribute('href', 'https://exchange.city.gov.cn/callback');
    created.unmount();

    const menu = await changesOf(3);
    expect(menu.rows).toContainEqual(['上级菜单', '', '业务系统']);
    expect(menu.rows).toContainEqual(['所属子系统', '', '数据共享交换平台']);
    expect(menu.rows).toContainEqual(['附加参数', '', 'system=sanitation']);
    expect(menu.rows).toContainEqual(['集成子系统', '', '是']);
    expect(menu.rows).toContainEqual(['权限', '', '查询用户']);
    expect(menu.rows).toContainEqual(['图标', '', '团队']);
    menu.unmount();

    const settings = await changesOf(4);
    expect(settings.rows).toContainEqual(['密码不得包含登录账号', '否', '是']);
    expect(settings.rows).toContainEqual(['强制修改密码的天数', '90 天', '180 天']);
    settings.unmount();

    const lockout = await changesOf(5);
    expect(lockout.rows).toContainEqual(['锁定对象', '', '账号']);
    expect(lockout.rows).toContainEqual(['锁定时长', '', '15 分钟']);
    lockout.unmount();

    const logout = await changesOf(6);
    expect(logout.rows).toContainEqual(['用户', '', '张伟 (zhang.wei)']);
    expect(logout.rows).toContainEqual(['登录结束原因', '', '用户退出登录']);
    logout.unmount();

    const refused = await changesOf(7);
    expect(refused.rows).toContainEqual(['尝试的操作', '', '分配角色']);
    refused.unmount();
  });
});
