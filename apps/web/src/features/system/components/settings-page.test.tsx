import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { useAppStore } from '@/stores/app-store';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { failBody, okBody } from '@/testing/fixtures';
import { renderWithClient, signInWith } from '../test-support';
import { SettingsPage } from './settings-page';
import { getCityTimeZone, setCityTimeZone } from '@/lib/date-time';

configure({ asyncUtilTimeout: 15_000 });

type Group = 'general' | 'weather' | 'map' | 'sign-in' | 'password' | 'session';

let stored: Record<Group, { version: number; values: Record<string, unknown> }>;
let put: { group: string; body: { version: number; values: Record<string, unknown> } }[] = [];
let toasts: ReturnType<typeof configureTestApi>;

beforeAll(async () => {
  testServer.listen({ onUnhandledRequest: 'error' });
  await initI18n('zh-CN');
});
afterAll(() => testServer.close());
afterEach(() => testServer.resetHandlers());
beforeEach(() => {
  toasts = configureTestApi();
  put = [];
  stored = {
    general: {
      version: 0,
      values: {
        systemName: '城市运行管理服务平台',
        frameAncestors: [],
        subsystemOrigins: [],
        timeZone: 'Asia/Shanghai',
      },
    },
    weather: {
      version: 0,
      values: {
        shown: false,
        city: '',
        cityEn: '',
        text: '',
        textEn: '',
        temperature: 20,
        icon: 'sunny',
      },
    },
    map: { version: 0, values: { tileLayers: [], center: [114.3, 30.58], zoom: 11 } },
    'sign-in': {
      version: 2,
      values: { challengeAfterFailures: 3, lockAfterFailures: 6, lockMinutes: 15 },
    },
    password: {
      version: 0,
      values: {
        warnAgeDays: 180,
        maxAgeDays: 365,
        historyCount: 5,
        minLength: 8,
        forbidLoginName: false,
      },
    },
    session: { version: 0, values: { lifetimeMinutes: 144, idleMinutes: 30 } },
  };
  testServer.use(
    http.get(`${API}/system/settings/:group`, ({ params }) => {
      const group = params.group as Group;
      return HttpResponse.json(okBody({ group, ...stored[group] }));
    }),
    http.put(`${API}/system/settings/:group`, async ({ request, params }) => {
      const group = params.group as Group;
      const body = (await request.json()) as (typeof put)[number]['body'];
      put.push({ group, body });
      await delay(20);
      if (body.version !== stored[group].version) {
        return HttpResponse.json(failBody('040009', '该记录在您打开后已被他人修改'), {
          status: 409,
        });
      }
      const values = body.values;
      if (
        group === 'sign-in' &&
        (values.lockAfterFailures as number) < (values.challengeAfterFailures as number)
      ) {
        return HttpResponse.json(
          {
            ...failBody('040001', '参数校验失败'),
            data: {
              fields: [
                {
                  field: 'values.lockAfterFailures',
                  message: '锁定账号的失败次数不能少于出现验证码的失败次数',
                },
              ],
            },
          },
          { status: 422 },
        );
      }
      stored[group] = { version: body.version + 1, values };
      return HttpResponse.json(okBody({ group, ...stored[group] }));
    }),
  );
});

async function renderPage(permissions: string[]) {
  signInWith(permissions);
  const user = userEvent.setup();
  renderWithClient(<SettingsPage />);
  return { user };
}

describe('the settings page', { timeout: 60_000 }, () => {
  it('gives the system administrator their groups only, and renames the system at once', async () => {
    useAppStore.getState().setSystemName('城市运行管理服务平台');
    const { user } = await renderPage(['system:settings:write']);
    const general = await screen.findByRole('form', { name: '系统名称与嵌入' });
    expect(await screen.findByRole('form', { name: '天气' })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: '地图瓦片来源' })).toBeInTheDocument();
    expect(screen.queryByText('登录规则')).toBeNull();
    expect(screen.queryByText('会话规则')).toBeNull();
    // The rules are not hidden in silence: the screen says whose they are (issue 24).
    expect(screen.getByText('登录规则、密码规则和会话规则由安全管理员设置')).toBeInTheDocument();

    const name = within(general).getByRole('textbox', { name: '系统名称' });
    await user.clear(name);
    await user.type(name, '江城运行平台');
    const framing = within(general).getByRole('textbox', { name: '允许嵌入本系统的网站' });
    await user.type(framing, 'https://portal.example.gov.cn');
    await user.click(within(general).getByRole('button', { name: '保存系统名称与嵌入' }));
    await waitFor(() => expect(useAppStore.getState().systemName).toBe('江城运行平台'));
    expect(put).toEqual([
      {
        group: 'general',
        body: {
          version: 0,
          values: {
            systemName: '江城运行平台',
            frameAncestors: ['https://portal.example.gov.cn'],
            subsystemOrigins: [],
            timeZone: 'Asia/Shanghai',
          },
        },
      },
    ]);
    expect(toasts.success).toHaveBeenCalledWith({ content: '设置已保存，立即生效。' });
  });

  it('saves the city’s time zone chosen from the list', async () => {
    const { user } = await renderPage(['system:settings:write']);
    const general = await screen.findByRole('form', { name: '系统名称与嵌入' });
    const zone = within(general).getByLabelText('时区');
    await user.click(zone);
    await user.type(zone, 'Urumqi');
    await user.click(await screen.findByTitle('Asia/Urumqi'));
    await user.click(within(general).getByRole('button', { name: '保存系统名称与嵌入' }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toMatchObject({
      group: 'general',
      body: { values: { timeZone: 'Asia/Urumqi' } },
    });
    // This window's times follow the saved zone at once.
    await waitFor(() => expect(getCityTimeZone()).toBe('Asia/Urumqi'));
    setCityTimeZone(null);
  });

  it('checks origins before sending them', async () => {
    const { user } = await renderPage(['system:settings:write']);
    const general = await screen.findByRole('form', { name: '系统名称与嵌入' });
    await user.type(
      within(general).getByRole('textbox', { name: '子系统来源' }),
      'javascript:alert(1)',
    );
    await user.click(within(general).getByRole('button', { name: '保存系统名称与嵌入' }));
    expect(await within(general).findByText(/来源须为 http/)).toBeInTheDocument();
    expect(put).toEqual([]);
  });

  it('gives the security administrator the rules, with the server’s refusals beside their fields', async () => {
    const { user } = await renderPage(['system:security:write']);
    const signIn = await screen.findByRole('form', { name: '登录规则' });
    expect(await screen.findByRole('form', { name: '密码规则' })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: '会话规则' })).toBeInTheDocument();
    expect(screen.queryByText('系统名称与嵌入')).toBeNull();
    expect(screen.queryByText('登录规则、密码规则和会话规则由安全管理员设置')).toBeNull();

    const lock = within(signIn).getByRole('spinbutton', { name: '锁定账号的失败次数' });
    await user.clear(lock);
    await user.type(lock, '2');
    await user.click(within(signIn).getByRole('button', { name: '保存登录规则' }));
    expect(
      await within(signIn).findByText('锁定账号的失败次数不能少于出现验证码的失败次数'),
    ).toBeInTheDocument();
    expect(put[0]).toEqual({
      group: 'sign-in',
      body: {
        version: 2,
        values: { challengeAfterFailures: 3, lockAfterFailures: 2, lockMinutes: 15 },
      },
    });
  });

  it('gives the security administrator the password’s least length and the login-name rule; the classes are fixed', async () => {
    const { user } = await renderPage(['system:security:write']);
    const password = await screen.findByRole('form', { name: '密码规则' });
    // The four classes are the platform's, said and not offered.
    expect(within(password).getByText('字符类别：始终必须包含')).toBeInTheDocument();
    expect(
      within(password).getByText(/密码须同时包含大写字母、小写字母、数字和特殊字符/),
    ).toBeInTheDocument();
    const least = within(password).getByRole('spinbutton', { name: '密码最短长度' });
    expect(within(password).getByText('8 至 18 个字符')).toBeInTheDocument();
    await user.clear(least);
    await user.type(least, '12');
    await user.click(within(password).getByRole('switch', { name: '密码不得包含登录账号' }));
    await user.click(within(password).getByRole('button', { name: '保存密码规则' }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toEqual({
      group: 'password',
      body: {
        version: 0,
        values: {
          warnAgeDays: 180,
          maxAgeDays: 365,
          historyCount: 5,
          minLength: 12,
          forbidLoginName: true,
        },
      },
    });
  });

  it('loads what someone else saved first instead of overwriting it', async () => {
    const { user } = await renderPage(['system:security:write']);
    const session = await screen.findByRole('form', { name: '会话规则' });
    stored.session = { version: 4, values: { lifetimeMinutes: 240, idleMinutes: 20 } };
    const idle = within(session).getByRole('spinbutton', { name: '无操作自动退出时间' });
    await user.clear(idle);
    await user.type(idle, '10');
    await user.click(within(session).getByRole('button', { name: '保存会话规则' }));
    // The form is filled again with their values (a new form: nothing of the old one is kept).
    expect(await screen.findByRole('alert')).toHaveTextContent('已被他人修改');
    const reloaded = screen.getByRole('form', { name: '会话规则' });
    expect(within(reloaded).getByRole('spinbutton', { name: '无操作自动退出时间' })).toHaveValue(
      '20',
    );
    await user.click(within(reloaded).getByRole('button', { name: '保存会话规则' }));
    await waitFor(() => expect(put).toHaveLength(2));
    expect(put[1]).toEqual({
      group: 'session',
      body: { version: 4, values: { lifetimeMinutes: 240, idleMinutes: 20 } },
    });
  });

  it('shows nothing but a notice to a user who holds neither right', async () => {
    await renderPage(['system:user:read']);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
