import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API, authHandlers, configureTestApi, testServer } from '@/testing/api-server';
import { failBody, okBody } from '@/testing/fixtures';
import { startTestServer } from '@/testing/start-test-server';
import { RecoveryForm } from './recovery-form';

// antd renders slowly on a busy machine: wait longer than 1 s.
configure({ asyncUtilTimeout: 15_000 });

startTestServer('zh-CN');

let resets: number;
let rules: { minLength: number; forbidLoginName: boolean };
beforeEach(async () => {
  configureTestApi();
  resets = 0;
  rules = { minLength: 8, forbidLoginName: false };
  const auth = await authHandlers();
  testServer.use(
    ...auth.handlers,
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
    http.post(`${API}/message-sms/sms/pwb_kaptcha`, () =>
      HttpResponse.json(okBody({ resendAfterSeconds: 60, expiresInSeconds: 300 })),
    ),
    http.post(`${API}/organization/user/check_phone`, () =>
      HttpResponse.json(okBody({ ticket: 'ticket-1', expiresInSeconds: 600 })),
    ),
    http.post(`${API}/organization/user/find_pwd`, () => {
      resets += 1;
      // The holder's login name is known to the server only.
      return HttpResponse.json(
        {
          ...failBody('040001', '请检查字段：newPassword'),
          data: { fields: [{ field: 'newPassword', message: '密码不能包含登录账号' }] },
        },
        { status: 422 },
      );
    }),
  );
});

async function reachNewPassword() {
  const user = userEvent.setup();
  const onDone = vi.fn();
  render(<RecoveryForm onDone={onDone} />);
  await user.type(screen.getByLabelText('手机号码'), '13800138000');
  await user.click(screen.getByRole('button', { name: '获取验证码' }));
  await user.type(screen.getByLabelText('短信验证码'), '123456');
  // antd's loading icon may linger in the name after the work (its motion does not end here).
  await user.click(screen.getByRole('button', { name: /下一步/ }));
  await screen.findByLabelText('新密码');
  return { user, onDone };
}

describe('the recovery form’s new password (issue 24)', { timeout: 60_000 }, () => {
  it('says the spec’s rule at the default minimum', async () => {
    const { user } = await reachNewPassword();
    expect(screen.getByText(/^8-18位，须包含大写字母/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('新密码'), 'Abc#123');
    await user.type(screen.getByLabelText('确认密码'), 'Abc#123');
    await user.click(screen.getByRole('button', { name: /重置密码/ }));
    expect(
      await screen.findByText('密码需为8-18位，必须包含大小写字母、数字和特殊字符！'),
    ).toBeInTheDocument();
    expect(resets).toBe(0);
  });

  it('checks the security administrator’s minimum before sending, and shows the server’s login-name refusal at the field', async () => {
    rules = { minLength: 12, forbidLoginName: true };
    const { user, onDone } = await reachNewPassword();
    expect(screen.getByText(/^12-18位，须包含大写字母/)).toBeInTheDocument();
    expect(screen.getByText(/不得包含登录账号/)).toBeInTheDocument();
    const password = screen.getByLabelText('新密码');
    const confirm = screen.getByLabelText('确认密码');
    await user.type(password, 'Abc#1234567');
    await user.type(confirm, 'Abc#1234567');
    await user.click(screen.getByRole('button', { name: /重置密码/ }));
    expect(
      await screen.findByText('密码需为12-18位，必须包含大小写字母、数字和特殊字符！'),
    ).toBeInTheDocument();
    expect(resets).toBe(0);

    await user.type(password, '8');
    await user.type(confirm, '8');
    await user.click(screen.getByRole('button', { name: /重置密码/ }));
    expect(await screen.findByText('密码不能包含登录账号')).toBeInTheDocument();
    await waitFor(() => expect(password).toHaveFocus());
    expect(resets).toBe(1);
    expect(onDone).not.toHaveBeenCalled();
  });
});
