import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from '@/stores/user-store';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { okBody, userData } from '@/testing/fixtures';
import { startTestServer } from '@/testing/start-test-server';
import { PasswordDialog } from './password-dialog';

// antd's dialogs on a machine shared with other test runs need more than the defaults.
configure({ asyncUtilTimeout: 15_000 });

startTestServer('zh-CN');

let changes: number;
let rules: { minLength: number; forbidLoginName: boolean };
beforeEach(() => {
  configureTestApi({ token: 'token-1' });
  changes = 0;
  rules = { minLength: 8, forbidLoginName: false };
  const staff = userData({ username: 'operator', roleIds: ['staff'] });
  useUserStore.setState({ userData: staff, username: 'operator', roles: staff.roleIds });
  testServer.use(
    http.post(`${API}/authorization-server/oauth/basic`, () =>
      HttpResponse.json(
        okBody({
          clientId: 'cityops-web',
          smsCodeLength: 6,
          smsCodeTtlSeconds: 300,
          smsResendSeconds: 60,
          passwordRules: rules,
        }),
      ),
    ),
    http.post(`${API}/organization/user/ret`, () => {
      changes += 1;
      return HttpResponse.json(okBody(null));
    }),
  );
});

async function openDialog() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PasswordDialog open mode="change" onCancel={() => undefined} onChanged={() => undefined} />
    </QueryClientProvider>,
  );
  const dialog = await screen.findByRole('dialog', { name: '修改密码' });
  return { dialog, user: userEvent.setup() };
}

async function tryNew(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  value: string,
) {
  const field = within(dialog).getByLabelText('新密码');
  await user.clear(field);
  await user.type(field, value);
  await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
}

describe('the password dialog’s rules (issue 24)', { timeout: 60_000 }, () => {
  it('keeps the spec’s message at the default minimum', async () => {
    const { dialog, user } = await openDialog();
    await user.type(within(dialog).getByLabelText('旧密码'), 'Operator@2026');
    await tryNew(user, dialog, 'Abc#123');
    expect(
      await within(dialog).findByText('密码需为8-18位，必须包含大小写字母、数字和特殊字符！'),
    ).toBeInTheDocument();
    expect(changes).toBe(0);
  });

  it('checks the security administrator’s minimum and the login name before sending', async () => {
    rules = { minLength: 12, forbidLoginName: true };
    const { dialog, user } = await openDialog();
    // Two sentences, each ended, not run together (issue 31: "…中的一个 不得包含登录账号。").
    expect(
      await within(dialog).findByText(/^12-18位，.*中的一个。不得包含登录账号。$/),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('旧密码'), 'Operator@2026');
    await tryNew(user, dialog, 'Abc#1234567');
    expect(
      await within(dialog).findByText('密码需为12-18位，必须包含大小写字母、数字和特殊字符！'),
    ).toBeInTheDocument();
    await tryNew(user, dialog, 'My#OPERATOR2026');
    expect(await within(dialog).findByText('密码不能包含登录账号')).toBeInTheDocument();
    expect(changes).toBe(0);
  });
});
