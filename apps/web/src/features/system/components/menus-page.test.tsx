import { type AdminMenuEntry, PERMISSION_CODES } from '@cityops/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { failBody, okBody } from '@/testing/fixtures';
import { findDialog, renderWithClient, rowTexts, signInWith } from '../test-support';
import { MenusPage } from './menus-page';

configure({ asyncUtilTimeout: 15_000 });

function entry(id: number, patch: Partial<AdminMenuEntry> = {}): AdminMenuEntry {
  return {
    id,
    parentId: null,
    kind: 'page',
    code: `entry_${id}`,
    name: `菜单${id}`,
    nameEn: `Entry ${id}`,
    icon: null,
    url: '',
    query: {},
    integrated: false,
    externalUrl: '',
    hasTwo: false,
    sortOrder: id * 10,
    visible: true,
    permission: null,
    builtIn: false,
    subsystemId: null,
    version: 1,
    holders: [{ id: 'admin', name: '系统管理员', nameEn: 'System administrator' }],
    children: [],
    ...patch,
  };
}

const tree = (): AdminMenuEntry[] => [
  entry(1, {
    kind: 'directory',
    code: 'system_admin',
    name: '系统管理',
    icon: 'setting',
    builtIn: true,
    children: [
      entry(2, {
        parentId: 1,
        code: 'system_users',
        name: '用户管理',
        url: '/system/users',
        icon: 'user',
        builtIn: true,
        children: [
          entry(3, {
            parentId: 2,
            kind: 'action',
            code: 'system_user_create',
            name: '新增用户',
            permission: 'system:user:create',
            builtIn: true,
          }),
        ],
      }),
    ],
  }),
  entry(4, { code: 'city_report', name: '城市报表', url: '/reports', query: { tab: 'week' } }),
];

let menus = tree();
let posted: unknown[] = [];
let put: { id: number; body: unknown }[] = [];
let deleted: number[] = [];
let toasts: ReturnType<typeof configureTestApi>;

beforeAll(async () => {
  testServer.listen({ onUnhandledRequest: 'error' });
  await initI18n('zh-CN');
});
afterAll(() => testServer.close());
afterEach(() => testServer.resetHandlers());
beforeEach(() => {
  toasts = configureTestApi();
  menus = tree();
  posted = [];
  put = [];
  deleted = [];
  testServer.use(
    http.get(`${API}/system/menus`, () => HttpResponse.json(okBody(menus))),
    http.post(`${API}/system/menus`, async ({ request }) => {
      posted.push(await request.json());
      await delay(30);
      return HttpResponse.json(okBody(null));
    }),
    http.put(`${API}/system/menus/:id`, async ({ request, params }) => {
      const body = (await request.json()) as { version: number };
      put.push({ id: Number(params.id), body });
      if (Number(params.id) === 4 && body.version !== menus[1]!.version) {
        return HttpResponse.json(failBody('040009', '该记录在您打开后已被他人修改'), {
          status: 409,
        });
      }
      return HttpResponse.json(okBody(null));
    }),
    http.delete(`${API}/system/menus/:id`, ({ params }) => {
      deleted.push(Number(params.id));
      return HttpResponse.json(okBody(null));
    }),
    http.get(`${API}/system/subsystems`, () =>
      HttpResponse.json(
        okBody([
          {
            id: 7,
            clientId: 'city-map',
            name: '城市地图系统',
            nameEn: 'City map system',
            kind: 'public',
            hasSecret: false,
            origins: ['https://map.example.gov.cn'],
            redirectUris: [],
            postLogoutRedirectUris: [],
            backchannelLogoutUri: null,
            claims: ['name'],
            tokenLifetime: 300,
            enabled: true,
            builtIn: false,
            menuEntries: [],
            version: 1,
          },
        ]),
      ),
    ),
  );
});

async function renderPage(permissions: string[] = [...PERMISSION_CODES]) {
  signInWith(permissions);
  const user = userEvent.setup();
  renderWithClient(<MenusPage />);
  const table = await screen.findByRole('table', { name: '菜单项' });
  await waitFor(() => expect(rowTexts(table).length).toBe(4));
  return { user, table };
}

describe('the menus page', { timeout: 60_000 }, () => {
  it('shows the whole tree with kinds, codes, addresses and permission codes', async () => {
    const { table } = await renderPage();
    expect(rowTexts(table, 4)).toEqual([
      ['系统管理内置', '目录', 'system_admin', ''],
      ['用户管理内置', '页面', 'system_users', '/system/users'],
      ['新增用户内置', '按钮', 'system_user_create', 'system:user:create'],
      ['城市报表', '页面', 'city_report', '/reports?tab=week'],
    ]);
    // Built-in entries cannot be deleted.
    expect(within(table).queryByRole('button', { name: '删除 系统管理' })).toBeNull();
    expect(within(table).getByRole('button', { name: '删除 城市报表' })).toBeInTheDocument();
  });

  it('adds a page with an icon, an address and an extra query, refusing other schemes', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: '新增顶级菜单' }));
    const dialog = await findDialog('新增菜单项');
    await user.type(within(dialog).getByRole('textbox', { name: '编码' }), 'city_map');
    await user.type(within(dialog).getByRole('textbox', { name: '中文名称' }), '城市地图');
    await user.type(within(dialog).getByRole('textbox', { name: '英文名称（选填）' }), 'City map');
    const address = within(dialog).getByRole('textbox', { name: '地址' });
    await user.type(address, 'javascript:alert(1)');
    await waitFor(() =>
      expect(
        within(dialog).getByText('地址须为 http、https 地址或本系统内的路径'),
      ).toBeInTheDocument(),
    );
    await user.clear(address);
    await user.type(address, 'https://map.example.gov.cn/view');
    // The picker filters by the icon's name in the reader's language as it is typed.
    await user.type(within(dialog).getByRole('combobox', { name: '图标' }), '地图');
    await user.click(await screen.findByTitle('地图定位 environment'));
    // A new entry goes last: after 城市报表 (40) among the top-level entries.
    expect(within(dialog).getByRole('spinbutton', { name: '排序' })).toHaveValue('50');
    expect(within(dialog).getByText(/保存后仅系统管理员可见/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '添加参数' }));
    await user.type(within(dialog).getByRole('textbox', { name: '参数名 1' }), 'layer');
    await user.type(within(dialog).getByRole('textbox', { name: '参数值 1' }), 'roads');
    // The entry opens a registered subsystem: its frame gets that subsystem's token.
    await user.click(within(dialog).getByRole('combobox', { name: '所属子系统' }));
    await user.click(await screen.findByTitle('城市地图系统 (city-map)'));
    await user.dblClick(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith({ content: '菜单项已保存。' }));
    expect(posted).toEqual([
      {
        parentId: null,
        kind: 'page',
        code: 'city_map',
        name: '城市地图',
        nameEn: 'City map',
        icon: 'environment',
        url: 'https://map.example.gov.cn/view',
        query: { layer: 'roads' },
        integrated: false,
        externalUrl: '',
        hasTwo: false,
        sortOrder: 50,
        visible: true,
        permission: null,
        subsystemId: 7,
      },
    ]);
  });

  it('adds an action under a page with its permission code', async () => {
    const { user, table } = await renderPage();
    await user.click(within(table).getByRole('button', { name: '在 城市报表 下新增' }));
    const dialog = await findDialog('新增菜单项');
    await user.type(within(dialog).getByRole('textbox', { name: '编码' }), 'report_approve');
    await user.type(within(dialog).getByRole('textbox', { name: '中文名称' }), '审批报表');
    await user.type(
      within(dialog).getByRole('textbox', { name: '英文名称（选填）' }),
      'Approve reports',
    );
    await user.type(within(dialog).getByRole('textbox', { name: '权限标识' }), 'approve');
    await waitFor(() =>
      expect(within(dialog).getByText('权限标识格式为“领域:对象:操作”')).toBeInTheDocument(),
    );
    await user.clear(within(dialog).getByRole('textbox', { name: '权限标识' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: '权限标识' }),
      'city:report:approve',
    );
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      parentId: 4,
      kind: 'action',
      permission: 'city:report:approve',
      icon: null,
      url: '',
    });
  });

  it('keeps a built-in entry in place and reloads an entry changed meanwhile', async () => {
    const { user, table } = await renderPage();
    await user.click(within(table).getByRole('button', { name: '编辑 用户管理' }));
    let dialog = await findDialog('编辑菜单项');
    expect(within(dialog).getByRole('textbox', { name: '编码' })).toBeDisabled();
    expect(within(dialog).getByText(/内置菜单项的编码/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));

    await user.click(within(table).getByRole('button', { name: '编辑 城市报表' }));
    dialog = await findDialog('编辑菜单项');
    menus[1] = { ...menus[1]!, name: '城市周报', version: 2 };
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('已被他人修改');
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: '中文名称' })).toHaveValue('城市周报'),
    );
  });

  it('deletes after the confirmation', async () => {
    const { user, table } = await renderPage();
    await user.click(within(table).getByRole('button', { name: '删除 城市报表' }));
    await user.click(
      within(await findDialog('确定删除菜单项“城市报表”吗？')).getByRole('button', {
        name: '删除',
      }),
    );
    await waitFor(() => expect(deleted).toEqual([4]));
  });

  it('offers no changes without system:menu:write', async () => {
    const { table } = await renderPage(['system:menu:read']);
    expect(screen.queryByRole('button', { name: '新增顶级菜单' })).toBeNull();
    expect(within(table).queryAllByRole('button', { name: /编辑|删除|新增/ })).toEqual([]);
  });

  it('shows a notice and calls nothing without system:menu:read', async () => {
    let calls = 0;
    testServer.use(
      http.get(`${API}/system/menus`, () => {
        calls += 1;
        return HttpResponse.json(okBody([]));
      }),
    );
    signInWith(['system:user:read']);
    renderWithClient(<MenusPage />);
    expect(await screen.findByText('您没有执行此操作的权限')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(calls).toBe(0);
  });

  it('shows an integrated subsystem’s two addresses apart, explains the switches and names the roles that see an entry', async () => {
    menus = [
      ...tree(),
      entry(5, {
        code: 'data_sharing_platform',
        name: '数据共享交换平台',
        url: '/demo-subsystem.html',
        query: { system: 'data_sharing_platform' },
        integrated: true,
        externalUrl: '/demo-subsystem.html?system=data_sharing_platform&window=own',
        holders: [
          { id: 'admin', name: '系统管理员', nameEn: 'System administrator' },
          { id: 'staff', name: '工作人员', nameEn: 'Staff' },
        ],
      }),
    ];
    signInWith([...PERMISSION_CODES]);
    const user = userEvent.setup();
    renderWithClient(<MenusPage />);
    const table = await screen.findByRole('table', { name: '菜单项' });
    await waitFor(() => expect(rowTexts(table).length).toBe(5));
    const row = within(table).getByText('数据共享交换平台').closest('tr')!;
    expect(row).toHaveTextContent('/demo-subsystem.html?system=data_sharing_platform');
    expect(row).toHaveTextContent(
      '外部地址：/demo-subsystem.html?system=data_sharing_platform&window=own',
    );
    for (const address of within(row).getAllByText(/demo-subsystem/)) {
      expect(address.textContent).not.toMatch(/\?[^?]*\?/);
    }
    await user.click(within(table).getByRole('button', { name: '编辑 数据共享交换平台' }));
    const dialog = await findDialog('编辑菜单项');
    expect(within(dialog).getByText(/在其自己的窗口中打开“外部地址”/)).toBeInTheDocument();
    expect(
      within(dialog).getByText(/子系统在自己的窗口中打开时使用的完整地址/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/下级菜单在侧边栏中作为二级菜单分组显示/)).toBeInTheDocument();
    const holders = within(dialog).getByLabelText('可见角色');
    expect(holders).toHaveTextContent('系统管理员');
    expect(holders).toHaveTextContent('工作人员');
  });
});
