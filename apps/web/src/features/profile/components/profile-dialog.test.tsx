import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from '@/stores/user-store';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { okBody, userData } from '@/testing/fixtures';
import { startTestServer } from '@/testing/start-test-server';
import { ProfileDialog } from './profile-dialog';

// antd's dialogs and a machine shared with other test runs need more than the defaults.
configure({ asyncUtilTimeout: 8_000 });

startTestServer('zh-CN');
beforeEach(() => {
  configureTestApi({ token: 'token-1' });
  const staff = userData({ username: 'operator', roleIds: ['staff'], name: '张伟' });
  useUserStore.setState({ userData: staff, username: 'operator', roles: staff.roleIds });
});

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

describe('ProfileDialog', () => {
  it('keeps "Save" disabled while the avatar is still uploading', async () => {
    let finishUpload: () => void = () => undefined;
    testServer.use(
      http.get(`${API}/organization/organ/cascade`, () => HttpResponse.json(okBody([]))),
      http.get(`${API}/organization/user/sessions`, () => HttpResponse.json(okBody([]))),
      http.post(`${API}/file-go-fastdfs/file/upload`, async () => {
        await new Promise<void>((resolve) => {
          finishUpload = resolve;
        });
        return HttpResponse.json(
          okBody({
            id: 'f-1',
            url: '/file-go-fastdfs/files/me.png',
            name: 'me.png',
            contentType: 'image/png',
            size: 4,
            width: 1,
            height: 1,
          }),
        );
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <ProfileDialog open onClose={() => undefined} onSignOut={() => undefined} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: /保\s*存/ });
    expect(save).toBeEnabled();

    await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, png());
    await waitFor(() => expect(save).toBeDisabled());

    finishUpload();
    await waitFor(() => expect(save).toBeEnabled());
  }, 40_000);

  it('shows an administrator every field but the avatar disabled too, and saves them unchanged (issue 21)', async () => {
    const admin = userData({
      username: 'admin',
      roleIds: ['admin'],
      name: '系统管理员',
      organizationId: '1',
      departmentId: '2',
    });
    useUserStore.setState({ userData: admin, username: 'admin', roles: admin.roleIds });
    let sent: Record<string, string> | null = null;
    testServer.use(
      http.get(`${API}/organization/organ/cascade`, () =>
        HttpResponse.json(okBody([{ id: '1', name: '江城市城市管理局', nameEn: 'Bureau' }])),
      ),
      http.get(`${API}/organization/organ/cascade/1`, () =>
        HttpResponse.json(okBody([{ id: '2', name: '办公室', nameEn: 'Office' }])),
      ),
      http.get(`${API}/organization/user/sessions`, () => HttpResponse.json(okBody([]))),
      http.put(`${API}/organization/user/u-1`, async ({ request }) => {
        sent = (await request.json()) as Record<string, string>;
        return HttpResponse.json(okBody({ usernameChanged: false }));
      }),
      http.get(`${API}/organization/user`, () => HttpResponse.json(okBody(admin))),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <ProfileDialog open onClose={() => undefined} onSignOut={() => undefined} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    for (const label of ['用户名', '姓名', '手机号码']) {
      expect(within(dialog).getByLabelText(label)).toBeDisabled();
    }
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toMatchObject({
      username: 'admin',
      name: '系统管理员',
      mobile: '13800138000',
      organizationId: '1',
      departmentId: '2',
    });
  }, 40_000);
});
