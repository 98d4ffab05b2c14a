import { type GrantableEntry, PERMISSION_CODES } from '@cityops/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { failBody, okBody } from '@/testing/fixtures';
import {
  adminUser,
  findDialog,
  page,
  renderWithClient,
  role,
  rowTexts,
  rolePage,
  signInWith,
  unitEndpoints,
  unitTree,
} from '../test-support';
import { RolesPage } from './roles-page';

configure({ asyncUtilTimeout: 15_000 });

const action = (id: number, name: string, permission: string): GrantableEntry => ({
  id,
  code: `a${id}`,
  name,
  nameEn: name,
  kind: 'action',
  permission,
  children: [],
});
const grantable: GrantableEntry[] = [
  {
    id: 1,
    code: 'guide_list',
    name: '指导文件',
    nameEn: 'Guidance documents',
    kind: 'page',
    permission: null,
    children: [
      action(2, '编写文章', 'guide:article:write'),
      action(3, '管理分类', 'guide:category:write'),
    ],
  },
];

let roles = [
  role('admin', { builtIn: true, name: '系统管理员' }),
  role('staff', { name: '工作人员', entryIds: [1], userCount: 2, builtIn: true }),
  role('clerk', { name: '文书', dataScope: 'unit' }),
];
let posted: unknown[] = [];
let put: { id: string; body: unknown }[] = [];
let deleted: string[] = [];
let toasts: ReturnType<typeof configureTestApi>;

beforeAll(async () => {
  testServer.listen({ onUnhandledRequest: 'error' });
  await initI18n('zh-CN');
});
afterAll(() => testServer.close());
afterEach(() => testServer.resetHandlers());
beforeEach(() => {
  toasts = configureTestApi();
  roles = [
    role('admin', { builtIn: true, name: '系统管理员' }),
    role('staff', { name: '工作人员', entryIds: [1], userCount: 2, builtIn: true }),
    role('clerk', { name: '文书', dataScope: 'unit' }),
  ];
  posted = [];
  put = [];
  deleted = [];
  testServer.use(
    http.get(`${API}/system/roles`, () => HttpResponse.json(okBody(rolePage(roles)))),
    http.get(`${API}/system/roles/:id`, ({ params }) =>
      HttpResponse.json(okBody(roles.find((entry) => entry.id === params.id))),
    ),
    ...unitEndpoints(unitTree),
    http.get(`${API}/system/permissions`, () => HttpResponse.json(okBody(grantable))),
    http.get(`${API}/system/roles/:id/users`, () =>
      HttpResponse.json(okBody(page([adminUser(7, { name: '王五' })]))),
    ),
    http.post(`${API}/system/roles`, async ({ request }) => {
      const body = (await request.json()) as { id: string };
      posted.push(body);
      await delay(30);
      roles.push(role(body.id, body as never));
      return HttpResponse.json(okBody(roles.at(-1)));
    }),
    http.put(`${API}/system/roles/:id`, async ({ request, params }) => {
      const body = (await request.json()) as { version: number };
      put.push({ id: String(params.id), body });
      const target = roles.find((entry) => entry.id === params.id)!;
      if (body.version !== target.version) {
        return HttpResponse.json(failBody('040009', '该记录在您打开后已被他人修改'), {
          status: 409,
        });
      }
      Object.assign(target, body, { version: target.version + 1 });
      return HttpResponse.json(okBody(target));
    }),
    http.delete(`${API}/system/roles/:id`, ({ params, request }) => {
      const target = roles.find((entry) => entry.id === params.id)!;
      expect(new URL(request.url).searchParams.get('version')).toBe(String(target.version));
      if (target.userCount > 0) {
        return HttpResponse.json(failBody('040009', `该角色仍有 ${target.userCount} 名用户`), {
          status: 409,
        });
      }
      deleted.push(String(params.id));
      roles = roles.filter((entry) => entry !== target);
      return HttpResponse.json(okBody(null));
    }),
  );
});

async function renderPage(permissions: string[] = [...PERMISSION_CODES]) {
  signInWith(permissions);
  const user = userEvent.setup();
  renderWithClient(<RolesPage />);
  const table = await screen.findByRole('table', { name: '角色列表' });
  await waitFor(() => expect(rowTexts(table)).toHaveLength(3));
  return { user, table };
}

describe('the roles page', { timeout: 60_000 }, () => {
  it('creates a role with names, scope and the entries ticked in the tree', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: '新增角色' }));
    const dialog = await findDialog('新增角色');
    await user.type(within(dialog).getByRole('textbox', { name: '角色编码' }), 'Bad Code');
    await waitFor(() =>
      expect(within(dialog).getByText(/角色编码为 2 至 32 位/)).toBeInTheDocument(),
    );
    await user.clear(within(dialog).getByRole('textbox', { name: '角色编码' }));
    await user.type(within(dialog).getByRole('textbox', { name: '角色编码' }), 'inspector');
    await user.type(within(dialog).getByRole('textbox', { name: '中文名称' }), '巡查员');
    await user.type(within(dialog).getByRole('textbox', { name: '英文名称（选填）' }), 'Inspector');
    await user.click(within(dialog).getByRole('checkbox', { name: '持有者登录须进行双因素认证' }));
    // Ticking one action takes its page too; the page shows half-filled.
    const tree = within(dialog).getByRole('group', { name: '菜单权限' });
    // Entries by name and kind; a permission code is only the name's tooltip.
    expect(tree).not.toHaveTextContent('guide:article:write');
    expect(within(tree).getByTitle('guide:article:write')).toHaveTextContent('编写文章 按钮');
    await user.click(within(tree).getByText('编写文章'));
    await waitFor(() =>
      expect(tree.querySelector('.ant-tree-checkbox-indeterminate')).not.toBeNull(),
    );
    await user.dblClick(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith({ content: '角色已保存。' }));
    expect(posted).toEqual([
      {
        id: 'inspector',
        name: '巡查员',
        nameEn: 'Inspector',
        dataScope: 'unit',
        secondFactor: true,
        assignable: false,
        unitIds: [],
        entryIds: [1, 2],
      },
    ]);
  });

  it('keeps a page held without its actions when the role is saved', async () => {
    const { user, table } = await renderPage();
    await user.click(within(table).getByRole('button', { name: '编辑 工作人员' }));
    const dialog = await findDialog('编辑角色');
    const tree = await within(dialog).findByRole('group', { name: '菜单权限' });
    await waitFor(() =>
      expect(tree.querySelector('.ant-tree-checkbox-indeterminate')).not.toBeNull(),
    );
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toMatchObject({ id: 'staff', body: { entryIds: [1], version: 1 } });
  });

  it('reloads a role someone else changed and says so', async () => {
    const { user, table } = await renderPage();
    await user.click(within(table).getByRole('button', { name: '编辑 文书' }));
    const dialog = await findDialog('编辑角色');
    Object.assign(roles[2]!, { name: '文书（新）', version: 4 });
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '该记录在您打开后已被他人修改',
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: '中文名称' })).toHaveValue('文书（新）'),
    );
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(put.at(-1)).toMatchObject({ body: { version: 4 } }));
  });

  it('saves a change that leaves a delegated administrator weaker only once confirmed', async () => {
    const message =
      '保存后，区级管理员将无法再管理其目前管理的部分账号。如确需保存，请勾选确认后再次保存';
    testServer.use(
      http.put(`${API}/system/roles/:id`, async ({ request }) => {
        const body = (await request.json()) as { confirmReachLoss?: boolean };
        put.push({ id: 'staff', body });
        if (body.confirmReachLoss === true) return HttpResponse.json(okBody(roles[1]));
        return HttpResponse.json(
          {
            ...failBody('040001', message),
            data: { fields: [{ field: 'confirmReachLoss', message }] },
          },
          { status: 400 },
        );
      }),
    );
    const { user, table } = await renderPage();
    await user.click(within(table).getByRole('button', { name: '编辑 工作人员' }));
    const dialog = await findDialog('编辑角色');
    expect(within(dialog).queryByRole('checkbox', { name: '我已知晓，仍要保存' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    const confirm = await within(dialog).findByRole('checkbox', { name: '我已知晓，仍要保存' });
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(put[0]!.body).not.toHaveProperty('confirmReachLoss');
    await user.click(confirm);
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(put).toHaveLength(2));
    expect(put[1]!.body).toMatchObject({ confirmReachLoss: true });
  });

  it('asks before deleting, and lists the holders', async () => {
    const { user, table } = await renderPage();
    // Built-in roles offer no delete; the administrator role no edit either.
    expect(within(table).queryByRole('button', { name: '删除 工作人员' })).toBeNull();
    expect(within(table).queryByRole('button', { name: '编辑 系统管理员' })).toBeNull();
    await user.click(within(table).getByRole('button', { name: '删除 文书' }));
    await user.click(
      within(await findDialog('确定删除角色“文书”吗？')).getByRole('button', { name: '删除' }),
    );
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith({ content: '角色已删除。' }));
    expect(deleted).toEqual(['clerk']);

    await user.click(within(table).getByRole('button', { name: '查看用户：工作人员' }));
    const holders = await screen.findByRole('table', { name: '持有 工作人员 的用户' });
    await waitFor(() => expect(rowTexts(holders, 2)).toEqual([['user7', '王五']]));
  });

  it('says why a role the policy refuses offers no edit or delete, to the mouse and the keyboard', async () => {
    roles = roles.map((entry) =>
      entry.id === 'admin'
        ? { ...entry, actions: [], refusal: { key: 'system.role.adminFixed' } }
        : entry,
    );
    const { user, table } = await renderPage();
    const row = within(table).getByRole('row', { name: /系统管理员/ });
    const note = within(row).getByText('无权修改');
    expect(note).toHaveAccessibleName('系统管理员角色拥有全部权限，不能修改');
    expect(note).toHaveAttribute('tabindex', '0');
    await user.hover(note);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('系统管理员角色拥有全部权限');
    // Its holders are still shown; a role offered its actions carries no note.
    expect(within(row).getByRole('button', { name: '查看用户：系统管理员' })).toBeVisible();
    expect(within(table).getAllByText('无权修改')).toHaveLength(1);
  });

  it('offers edit and delete on a role only where the server does, and create by code', async () => {
    roles = roles.map((entry) => ({ ...entry, actions: [] }));
    const { table } = await renderPage(['system:role:read']);
    expect(screen.queryByRole('button', { name: '新增角色' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /编辑|删除/ })).toBeNull();
    expect(within(table).getAllByRole('button', { name: /查看用户/ })).toHaveLength(3);
  });
});
