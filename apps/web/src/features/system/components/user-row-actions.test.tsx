import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, registerTexts } from '@/lib/i18n';
import { systemTexts } from '@/locales/system-texts';
import { configureTestApi } from '@/testing/api-server';
import { adminUser, renderWithClient, signInWith } from '../test-support';
import { UserRowActions } from './user-row-actions';

beforeAll(async () => {
  await initI18n('zh-CN');
  // The users page registers the console's texts; the row is tried alone here.
  registerTexts(systemTexts);
  configureTestApi();
});

describe('a user row the policy refuses', () => {
  it('says why nothing is offered, to the mouse and the keyboard', async () => {
    signInWith(['system:user:read', 'system:user:update']);
    const user = userEvent.setup();
    renderWithClient(
      <UserRowActions
        user={adminUser(7, {
          actions: [],
          refusal: {
            key: 'system.user.stronger',
            values: { role: { 'zh-CN': '工作人员', en: 'Staff' } },
          },
        })}
        onEdit={() => undefined}
        onPasswordIssued={() => undefined}
      />,
    );
    const cell = screen.getByText('无权操作');
    expect(cell).toHaveAccessibleName(
      '该账号持有“工作人员”角色，您无权分配该角色，因此不能对该账号进行操作',
    );
    await user.tab();
    expect(cell).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('该账号持有“工作人员”角色');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
