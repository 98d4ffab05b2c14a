import { PERMISSION_CODES, type Subsystem, subsystemProviderOf } from '@cityops/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { okBody } from '@/testing/fixtures';
import { findDialog, renderWithClient, rowTexts, signInWith } from '../test-support';
import { SubsystemsPage } from './subsystems-page';

configure({ asyncUtilTimeout: 15_000 });

function subsystem(id: number, patch: Partial<Subsystem> = {}): Subsystem {
  return {
    id,
    clientId: `app-${id}`,
    name: `子系统${id}`,
    nameEn: `Subsystem ${id}`,
    kind: 'public',
    hasSecret: false,
    origins: [],
    redirectUris: [],
    postLogoutRedirectUris: [],
    backchannelLogoutUri: null,
    claims: ['name'],
    tokenLifetime: 300,
    enabled: true,
    builtIn: false,
    menuEntries: [],
    version: 1,
    ...patch,
  };
}

/** The server's issuer: not the page's own address. */
const ISSUER = 'https://ops.city.example';
const SECRET = 'S3cr3t-shown-once_abcdefghijklmnopqrstuvwxyz0';

let list: Subsystem[] = [];
let posted: unknown[] = [];
let renewed: number[] = [];
let toasts: ReturnType<typeof configureTestApi>;

beforeAll(async () => {
  testServer.listen({ onUnhandledRequest: 'error' });
  await initI18n('zh-CN');
});
afterAll(() => testServer.close());
afterEach(() => testServer.resetHandlers());
beforeEach(() => {
  toasts = configureTestApi();
  list = [
    subsystem(1, {
      clientId: 'demo-subsystem',
      name: '演示子系统',
      nameEn: 'Demo subsystem',
      builtIn: true,
      origins: ['http://127.0.0.1:3000'],
      menuEntries: [{ id: 9, name: '事件调度', nameEn: 'Event dispatch' }],
    }),
    subsystem(2, {
      clientId: 'enforce',
      name: '执法系统',
      nameEn: 'Enforcement',
      kind: 'confidential',
      hasSecret: true,
      origins: ['https://enforce.example.gov.cn'],
    }),
  ];
  posted = [];
  renewed = [];
  testServer.use(
    http.get(`${API}/system/subsystems`, () => HttpResponse.json(okBody(list))),
    http.post(`${API}/system/subsystems`, async ({ request }) => {
      const body = (await request.json()) as Subsystem;
      posted.push(body);
      const made = subsystem(3, { ...body, hasSecret: true, menuEntries: [] });
      list = [...list, made];
      return HttpResponse.json(okBody({ subsystem: made, clientSecret: SECRET }));
    }),
    http.get(`${API}/system/subsystems/provider`, () =>
      HttpResponse.json(okBody(subsystemProviderOf(ISSUER))),
    ),
    http.post(`${API}/system/subsystems/:id/secret`, ({ params }) => {
      renewed.push(Number(params.id));
      return HttpResponse.json(okBody({ subsystem: list[1], clientSecret: `${SECRET}2` }));
    }),
  );
});

async function renderPage(permissions: string[] = [...PERMISSION_CODES]) {
  signInWith(permissions);
  const user = userEvent.setup();
  renderWithClient(<SubsystemsPage />);
  const table = await screen.findByRole('table', { name: '已登记的子系统' });
  await waitFor(() => expect(rowTexts(table).length).toBe(2));
  return { user, table };
}

describe('the subsystems page', { timeout: 60_000 }, () => {
  it('lists the registrations, searches them, and keeps the built-in one', async () => {
    const { user, table } = await renderPage();
    expect(rowTexts(table, 6)).toEqual([
      ['演示子系统内置', 'demo-subsystem', '公开客户端', 'http://127.0.0.1:3000', '是', '事件调度'],
      ['执法系统', 'enforce', '机密客户端', 'https://enforce.example.gov.cn', '是', '无'],
    ]);
    expect(within(table).queryByRole('button', { name: '删除演示子系统' })).toBeNull();
    expect(within(table).queryByRole('button', { name: '为演示子系统生成新密钥' })).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: '按名称或客户端标识查找' }), 'ENFOR');
    await waitFor(() => expect(rowTexts(table).length).toBe(1));
  });

  it('registers a confidential subsystem and shows its secret once', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: '登记子系统' }));
    const dialog = await findDialog('登记子系统');
    await user.type(within(dialog).getByRole('textbox', { name: '客户端标识' }), 'parking');
    await user.type(within(dialog).getByRole('textbox', { name: '中文名称' }), '智慧停车');
    const origins = within(dialog).getByRole('textbox', { name: '允许的来源' });
    await user.type(origins, 'https://parking.example.gov.cn/path');
    await waitFor(() =>
      expect(within(dialog).getByText(/来源格式为 https:\/\/域名/)).toBeInTheDocument(),
    );
    await user.clear(origins);
    await user.type(origins, 'https://parking.example.gov.cn');
    await user.type(
      within(dialog).getByRole('textbox', { name: '回调地址' }),
      'https://parking.example.gov.cn/callback',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: '手机号' }));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith({ content: '子系统已保存。' }));
    expect(posted).toEqual([
      {
        clientId: 'parking',
        name: '智慧停车',
        nameEn: '',
        kind: 'confidential',
        origins: ['https://parking.example.gov.cn'],
        redirectUris: ['https://parking.example.gov.cn/callback'],
        postLogoutRedirectUris: [],
        backchannelLogoutUri: null,
        claims: [
          'preferred_username',
          'name',
          'phone_number',
          'picture',
          'role_ids',
          'organization_id',
          'department_id',
        ],
        tokenLifetime: 300,
        enabled: true,
      },
    ]);
    const shown = await findDialog('客户端密钥');
    expect(within(shown).getByTestId('issued-secret')).toHaveTextContent(SECRET);
    expect(within(shown).getByText(/密钥仅显示这一次/)).toBeInTheDocument();
  });

  it('issues a new secret after the confirmation', async () => {
    const { user, table } = await renderPage();
    await user.click(within(table).getByRole('button', { name: '为执法系统生成新密钥' }));
    const confirm = await screen.findByRole('dialog', { name: /生成新密钥/ });
    await user.click(within(confirm).getByRole('button', { name: '生成新密钥' }));
    await waitFor(() => expect(renewed).toEqual([2]));
    const shown = await findDialog('客户端密钥');
    expect(within(shown).getByTestId('issued-secret')).toHaveTextContent(`${SECRET}2`);
  });

  it('refuses a token lifetime outside its range with the rule, never changing what was typed', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: '登记子系统' }));
    const dialog = await findDialog('登记子系统');
    expect(dialog).toHaveTextContent('60 至 600 之间的整数秒，默认 300 秒。');
    // Where a subsystem is opened from, and what the menu entry's switch means.
    expect(dialog).toHaveTextContent('集成子系统');
    expect(dialog).toHaveTextContent('授予前仅系统管理员可见');
    const lifetime = within(dialog).getByRole('spinbutton', { name: '令牌有效期（秒）' });
    for (const typed of ['30', '700', '90.5']) {
      await user.clear(lifetime);
      await user.type(lifetime, typed);
      await user.tab();
      expect(lifetime).toHaveValue(typed);
      expect(
        await within(dialog).findByText('令牌有效期须为 60 至 600 之间的整数秒'),
      ).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(posted).toEqual([]);
  });

  it('shows what the vendor is sent: the issuer from the server, the discovery address, the registration', async () => {
    // A reader too: the settings are not secret.
    const { user, table } = await renderPage(['system:subsystem:read']);
    await user.click(screen.getByRole('button', { name: '接入信息' }));
    const platform = await findDialog('发给子系统厂商的接入信息');
    expect(platform).toHaveTextContent(ISSUER);
    expect(platform).toHaveTextContent(`${ISSUER}/.well-known/openid-configuration`);
    await user.click(within(platform).getByRole('button', { name: '关闭' }));

    await user.click(within(table).getByRole('button', { name: '执法系统的接入信息' }));
    const vendor = await findDialog('发给厂商的接入信息：执法系统');
    const field = (key: string) =>
      [...vendor.querySelectorAll(`[data-field="${key}"]`)].map((node) => node.textContent);
    expect(field('clientId')).toEqual(['enforce']);
    expect(field('issuer')).toEqual([ISSUER]);
    expect(field('discovery')).toEqual([`${ISSUER}/.well-known/openid-configuration`]);
    expect(field('token')).toEqual([`${ISSUER}/oidc/token`]);
    expect(field('origins')).toEqual(['https://enforce.example.gov.cn']);
    expect(within(vendor).getByRole('button', { name: '全部复制' })).toBeEnabled();
  });

  it('offers no changes without system:subsystem:write', async () => {
    const { table } = await renderPage(['system:subsystem:read']);
    expect(screen.queryByRole('button', { name: '登记子系统' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /编辑/ })).toBeNull();
  });
});
