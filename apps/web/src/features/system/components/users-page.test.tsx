import { PERMISSION_CODES } from '@cityops/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { failBody, okBody } from '@/testing/fixtures';
import {
  adminUser,
  findDialog,
  page,
  renderWithClient,
  role,
  rowTexts,
  signInWith,
  unitEndpoints,
  unitTree,
} from '../test-support';
import { UsersPage } from './users-page';

// antd's dialogs and a machine shared with other test runs need more than the defaults.
configure({ asyncUtilTimeout: 15_000 });

let users = [adminUser(1), adminUser(2, { locked: true })];
let listQueries: URLSearchParams[] = [];
let created: unknown[] = [];
let statusChanges: { id: number; body: unknown }[] = [];
let edits: { id: number; body: unknown }[] = [];
let toasts: ReturnType<typeof configureTestApi>;

beforeAll(async () => {
  testServer.listen({ onUnhandledRequest: 'error' });
  await initI18n('zh-CN');
});
afterAll(() => testServer.close());
afterEach(() => testServer.resetHandlers());
beforeEach(() => {
  toasts = configureTestApi();
  users = [adminUser(1), adminUser(2, { locked: true })];
  listQueries = [];
  created = [];
  statusChanges = [];
  edits = [];
  testServer.use(
    http.get(`${API}/system/users`, ({ request }) => {
      listQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(okBody(page(users)));
    }),
    ...unitEndpoints(unitTree),
    http.get(`${API}/system/users/options`, () =>
      HttpResponse.json(
        okBody({
          roles: [role('staff', { name: '工作人员' }), role('editor')].map(
            ({ id, name, nameEn }) => ({ id, name, nameEn }),
          ),
        }),
      ),
    ),
    http.get(`${API}/system/users/:id`, ({ params }) => {
      const found = users.find((candidate) => candidate.id === Number(params.id));
      return found
        ? HttpResponse.json(okBody(found))
        : HttpResponse.json(failBody('040004', '不存在'), { status: 404 });
    }),
    http.post(`${API}/system/users`, async ({ request }) => {
      const body = (await request.json()) as { username: string; name: string };
      created.push(body);
      await delay(30);
      if (body.username === 'taken') {
        return HttpResponse.json(
          {
            ...failBody('040009', '该用户名已被使用'),
            data: { fields: [{ field: 'username', message: '该用户名已被使用' }] },
          },
          { status: 409 },
        );
      }
      const user = adminUser(3, { username: body.username, name: body.name });
      users = [user, ...users];
      return HttpResponse.json(okBody({ user, initialPassword: 'Xy7#kP2m!qR9' }));
    }),
    http.put(`${API}/system/users/:id/status`, async ({ request, params }) => {
      const body = (await request.json()) as { disabled: boolean; version: number };
      statusChanges.push({ id: Number(params.id), body });
      const user = users.find((entry) => entry.id === Number(params.id))!;
      if (body.version !== user.version) {
        return HttpResponse.json(failBody('040009', '该记录在您打开后已被他人修改'), {
          status: 409,
        });
      }
      Object.assign(user, { disabled: body.disabled, version: user.version + 1 });
      return HttpResponse.json(okBody(user));
    }),
    http.put(`${API}/system/users/:id`, async ({ request, params }) => {
      const body = (await request.json()) as { version: number; name: string };
      edits.push({ id: Number(params.id), body });
      const user = users.find((entry) => entry.id === Number(params.id))!;
      if (body.version !== user.version) {
        return HttpResponse.json(failBody('040009', '该记录在您打开后已被他人修改'), {
          status: 409,
        });
      }
      Object.assign(user, { name: body.name, version: user.version + 1 });
      return HttpResponse.json(okBody(user));
    }),
    http.post(`${API}/system/users/:id/password-reset`, ({ params }) => {
      const user = users.find((entry) => entry.id === Number(params.id))!;
      return HttpResponse.json(okBody({ user, initialPassword: 'Reset#2026ab' }));
    }),
    http.post(`${API}/system/users/:id/unlock`, ({ params }) => {
      const user = users.find((entry) => entry.id === Number(params.id))!;
      user.locked = false;
      return HttpResponse.json(okBody(user));
    }),
    http.post(`${API}/system/users/import`, () =>
      HttpResponse.json(
        {
          ...failBody('040001', '未导入任何数据：2 行有错误'),
          data: {
            rows: [
              { row: 3, messages: ['该用户名已被使用'] },
              { row: 5, messages: ['请输入正确的手机号码', '单元格不能包含公式'] },
            ],
          },
        },
        { status: 422 },
      ),
    ),
  );
});

async function renderPage(permissions: string[] = [...PERMISSION_CODES]) {
  signInWith(permissions);
  const user = userEvent.setup();
  renderWithClient(<UsersPage />);
  const table = await screen.findByRole('table', { name: '用户列表' });
  await waitFor(() => expect(rowTexts(table)).toHaveLength(2));
  return { user, table };
}

describe('the users page', { timeout: 60_000 }, () => {
  it('lists users and searches with the filters', async () => {
    const { user, table } = await renderPage();
    expect(rowTexts(table, 2)).toEqual([
      ['user1', '用户1'],
      ['user2', '用户2'],
    ]);
    expect(listQueries[0]!.get('sort')).toBe('createdAt');
    expect(listQueries[0]!.get('order')).toBe('descend');
    const search = screen.getByRole('search', { name: '查询用户' });
    await user.type(within(search).getByRole('textbox', { name: '关键字' }), ' li ');
    await user.click(within(search).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(listQueries.at(-1)!.get('keyword')).toBe('li'));
    expect(listQueries.at(-1)!.get('pageIndex')).toBe('1');
  });

  it('creates a user with the contract rules and shows the password once', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: '新增用户' }));
    const dialog = await findDialog('新增用户');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(dialog).getByText('用户名不能为空！')).toBeInTheDocument());
    expect(within(dialog).getByText('单位不能为空！')).toBeInTheDocument();

    // A look-alike Cyrillic "а" is refused with the contract's message.
    await user.type(within(dialog).getByRole('textbox', { name: '用户名' }), 'zhаng');
    await waitFor(() =>
      expect(within(dialog).getByText(/用户名为 2 至 32 位/)).toBeInTheDocument(),
    );
    await user.clear(within(dialog).getByRole('textbox', { name: '用户名' }));
    await user.type(within(dialog).getByRole('textbox', { name: '用户名' }), 'zhangsan');
    await user.type(within(dialog).getByRole('textbox', { name: '姓名' }), '张三');
    await user.type(within(dialog).getByRole('textbox', { name: '手机号码' }), '13912345678');
    await user.click(within(dialog).getByRole('combobox', { name: '单位' }));
    await user.click(await screen.findByTitle('市城管局'));
    await user.dblClick(within(dialog).getByRole('button', { name: '保存' }));

    const shown = await findDialog('用户已创建');
    expect(within(shown).getByTestId('issued-password')).toHaveTextContent('Xy7#kP2m!qR9');
    expect(within(shown).getByText(/仅显示这一次/)).toBeInTheDocument();
    expect(created).toEqual([
      {
        username: 'zhangsan',
        name: '张三',
        mobile: '13912345678',
        organizationId: 1,
        departmentId: null,
        roleIds: [],
      },
    ]);
    await user.click(within(shown).getByRole('button', { name: '复制密码' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith({ content: '密码已复制。' }));
    expect(await navigator.clipboard.readText()).toBe('Xy7#kP2m!qR9');
    await user.click(within(shown).getByRole('button', { name: '我已记下' }));
  });

  it('shows a taken login name beside its field', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: '新增用户' }));
    const dialog = await findDialog('新增用户');
    await user.type(within(dialog).getByRole('textbox', { name: '用户名' }), 'taken');
    await user.type(within(dialog).getByRole('textbox', { name: '姓名' }), '某人');
    await user.type(within(dialog).getByRole('textbox', { name: '手机号码' }), '13912345678');
    await user.click(within(dialog).getByRole('combobox', { name: '单位' }));
    await user.click(await screen.findByTitle('市城管局'));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('该用户名已被使用')).toBeInTheDocument();
  });

  it('disables a user after the confirmation, and reloads a user someone else changed', async () => {
    const { user, table } = await renderPage();
    await user.click(within(table).getByRole('button', { name: '停用 用户1' }));
    const confirm = await findDialog('确定停用 用户1 吗？');
    await user.click(within(confirm).getByRole('button', { name: '停用' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith({ content: '已停用 用户1。' }));
    expect(statusChanges).toEqual([{ id: 1, body: { disabled: true, version: 1 } }]);
    await waitFor(() => expect(within(table).getByText('已停用')).toBeInTheDocument());

    // Someone else changes user 2; this page still holds version 1.
    users[1]!.version = 5;
    await user.click(within(table).getByRole('button', { name: '停用 用户2' }));
    const confirmAgain = await findDialog('确定停用 用户2 吗？');
    const queriesBefore = listQueries.length;
    await user.click(within(confirmAgain).getByRole('button', { name: '停用' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith(
        expect.objectContaining({ content: '该记录在您打开后已被他人修改' }),
      ),
    );
    // The list reloads, so the next try starts from the newer version.
    await waitFor(() => expect(listQueries.length).toBeGreaterThan(queriesBefore));
    expect(users[1]!.disabled).toBe(false);
  });

  it('keeps an edit refused for a stale version and loads the newer one', async () => {
    const { user, table } = await renderPage();
    await user.click(within(table).getByRole('button', { name: '编辑 用户1' }));
    const dialog = await findDialog('编辑用户');
    const name = within(dialog).getByRole('textbox', { name: '姓名' });
    expect(name).toHaveValue('用户1');
    users[0] = { ...users[0]!, name: '别人改的', version: 2 };
    await user.clear(name);
    await user.type(name, '我改的');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('该记录在您打开后已被他人修改');
    await waitFor(() => expect(name).toHaveValue('别人改的'));
    expect(edits).toHaveLength(1);
    expect(users[0]!.name).toBe('别人改的');

    await user.clear(name);
    await user.type(name, '我改的');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith({ content: '用户信息已保存。' }),
    );
    expect(edits.at(-1)).toMatchObject({ id: 1, body: { name: '我改的', version: 2 } });
  });

  it('resets a password after the confirmation and shows the new one once; unlocks a locked user', async () => {
    const { user, table } = await renderPage();
    expect(within(table).queryByRole('button', { name: '解除锁定：用户1' })).toBeNull();
    await user.click(within(table).getByRole('button', { name: '重置密码：用户1' }));
    await user.click(
      within(await findDialog('确定重置 用户1 的密码吗？')).getByRole('button', {
        name: '重置密码',
      }),
    );
    const shown = await findDialog('密码已重置');
    expect(within(shown).getByTestId('issued-password')).toHaveTextContent('Reset#2026ab');
    // A reset gives a new password, not an initial one.
    expect(shown).toHaveTextContent('用户1（user1）的新密码：');
    expect(shown).not.toHaveTextContent('初始密码');
    await user.click(within(shown).getByRole('button', { name: '我已记下' }));

    await user.click(within(table).getByRole('button', { name: '解除锁定：用户2' }));
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith({ content: '已为 用户2 解除锁定。' }),
    );
  });

  it('lists each refused row of an import file', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: '导入' }));
    const dialog = await findDialog('导入用户');
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(
      input,
      new File([new Uint8Array([80, 75, 3, 4])], 'staff.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: '开始导入' }));
    expect(await within(dialog).findByText('未导入任何数据：2 行有错误。')).toBeInTheDocument();
    const report = within(dialog).getByRole('table', { name: '有错误的行' });
    expect(rowTexts(report, 2)).toEqual([
      ['3', '该用户名已被使用'],
      ['5', '请输入正确的手机号码单元格不能包含公式'],
    ]);
  });

  it('lists the imported accounts with their passwords, shown once', async () => {
    testServer.use(
      http.post(`${API}/system/users/import`, () =>
        HttpResponse.json(
          okBody({
            created: [
              { row: 2, username: 'imp_one', name: '导入甲', initialPassword: 'Aa1!aaaaaaaa' },
            ],
          }),
        ),
      ),
    );
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: '导入' }));
    const dialog = await findDialog('导入用户');
    await user.upload(
      dialog.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([new Uint8Array([80, 75, 3, 4])], 'staff.xlsx'),
    );
    await user.click(within(dialog).getByRole('button', { name: '开始导入' }));
    expect(await within(dialog).findByText('已导入 1 名用户。')).toBeInTheDocument();
    const created = within(dialog).getByRole('table', { name: '已导入的用户及其初始密码' });
    expect(rowTexts(created, 4)).toEqual([['2', 'imp_one', '导入甲', 'Aa1!aaaaaaaa']]);
    expect(within(dialog).queryByRole('button', { name: '开始导入' })).toBeNull();
  });

  it('refuses a file that is not a workbook before sending it', async () => {
    await renderPage();
    // The chooser offers only .xlsx; a file dropped past it is still refused.
    const user = userEvent.setup({ applyAccept: false });
    await user.click(screen.getByRole('button', { name: '导入' }));
    const dialog = await findDialog('导入用户');
    await user.upload(
      dialog.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['a,b'], 'staff.csv', { type: 'text/csv' }),
    );
    expect(await within(dialog).findByText('请选择 Excel 工作簿（.xlsx）。')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '开始导入' })).toBeDisabled();
  });

  it("offers on a row only what the server offers, and the page's actions by code", async () => {
    // The server's policy offers nothing on these rows (issue 24).
    users = [adminUser(1, { actions: [] }), adminUser(2, { locked: true, actions: [] })];
    const { table } = await renderPage(['system:user:read']);
    expect(screen.queryByRole('button', { name: '新增用户' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导入' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /编辑|停用|重置密码|解除锁定/ })).toBeNull();
  });

  it("offers no action on the administrator's own account", async () => {
    users = [adminUser(1, { username: 'Admin', name: '管理员' }), adminUser(2)];
    const { table } = await renderPage();
    const own = table.querySelector('tbody tr.ant-table-row')!;
    expect(within(own as HTMLElement).getByText('本人')).toBeInTheDocument();
    expect(within(own as HTMLElement).queryAllByRole('button')).toEqual([]);
    expect(within(table).getByRole('button', { name: '停用 用户2' })).toBeInTheDocument();
  });

  it('speaks English in sentence case', async () => {
    await i18n.changeLanguage('en');
    try {
      signInWith([...PERMISSION_CODES]);
      const user = userEvent.setup();
      renderWithClient(<UsersPage />);
      const table = await screen.findByRole('table', { name: 'Users' });
      await waitFor(() => expect(rowTexts(table)).toHaveLength(2));
      expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
      expect(screen.getByRole('search', { name: 'Search users' })).toBeInTheDocument();
      expect(within(table).getByRole('button', { name: 'Disable 用户1' })).toBeInTheDocument();
      expect(within(table).getByRole('button', { name: 'Unlock 用户2' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'New user' }));
      const dialog = await findDialog('New user');
      for (const label of ['Username', 'Name', 'Mobile', 'Unit', 'Department', 'Roles']) {
        expect(within(dialog).getByText(label, { selector: 'label' })).toBeInTheDocument();
      }
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });
});
