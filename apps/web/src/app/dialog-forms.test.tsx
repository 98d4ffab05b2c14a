import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PasswordDialog } from '@/features/password/components/password-dialog';
import { ProfileDialog } from '@/features/profile/components/profile-dialog';
import { changeLanguage } from '@/lib/i18n';
import { useUserStore } from '@/stores/user-store';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { okBody, userData } from '@/testing/fixtures';
import { startTestServer } from '@/testing/start-test-server';

// antd's dialogs and a machine shared with other test runs need more than the defaults.
configure({ asyncUtilTimeout: 8_000 });

startTestServer('zh-CN');
beforeEach(() => {
  configureTestApi({ token: 'token-1' });
  const staff = userData({ username: 'operator', roleIds: ['staff'], name: '张伟' });
  useUserStore.setState({ userData: staff, username: 'operator', roles: staff.roleIds });
  testServer.use(
    http.get(`${API}/organization/organ/cascade`, () => HttpResponse.json(okBody([]))),
    http.get(`${API}/organization/user/sessions`, () => HttpResponse.json(okBody([]))),
    // The password dialog reads the security administrator's rules.
    http.post(`${API}/authorization-server/oauth/basic`, () =>
      HttpResponse.json(
        okBody({
          clientId: 'cityops-web',
          smsCodeLength: 6,
          smsCodeTtlSeconds: 300,
          smsResendSeconds: 60,
          passwordRules: { minLength: 8, forbidLoginName: false },
        }),
      ),
    ),
  );
});

function withQueries(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** What a person sees of a dialog form's layout: label place, footer, width. */
async function layoutOf(dialogContent: ReactNode) {
  const view = render(withQueries(dialogContent));
  const dialog = await screen.findByRole('dialog');
  const form = dialog.querySelector('form')!;
  const labelColumns = [...form.querySelectorAll<HTMLElement>('.ant-form-item-label')];
  const layout = {
    vertical: form.classList.contains('ant-form-vertical'),
    labels: labelColumns.length,
    labelAlign: [...new Set(labelColumns.map((label) => label.className.includes('left')))],
    footer: within(dialog.querySelector<HTMLElement>('.ant-modal-footer')!)
      .getAllByRole('button')
      .map((button) => button.textContent?.replace(/\s/g, '')),
    width: dialog.closest<HTMLElement>('.ant-modal')?.style.width,
  };
  view.unmount();
  return layout;
}

describe('the personal-info and password dialogs', () => {
  for (const language of ['zh-CN', 'en'] as const) {
    it(`lay out their forms alike (${language})`, async () => {
      await changeLanguage(language);
      const profile = await layoutOf(
        <ProfileDialog open onClose={() => undefined} onSignOut={() => undefined} />,
      );
      const password = await layoutOf(
        <PasswordDialog
          open
          mode="change"
          onCancel={() => undefined}
          onChanged={() => undefined}
        />,
      );
      // Labels on their own line above their fields, as in every dialog (issue 31).
      expect(profile.vertical).toBe(true);
      expect(profile.labels).toBeGreaterThan(0);
      expect(password.labels).toBeGreaterThan(0);
      expect({ ...password, labels: 0 }).toEqual({ ...profile, labels: 0 });
    }, 40_000);
  }
});
