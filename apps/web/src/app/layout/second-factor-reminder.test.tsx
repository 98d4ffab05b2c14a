import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSecondFactorDialog } from '@/features/profile/lib/second-factor-dialog-store';
import { initI18n } from '@/lib/i18n';
import { useUserStore } from '@/stores/user-store';
import { userData } from '@/testing/fixtures';
import { SecondFactorReminder } from './second-factor-reminder';

beforeAll(async () => {
  await initI18n('zh-CN');
});

describe('SecondFactorReminder', () => {
  it('asks a user whose role requires a second factor to set it up, and opens the dialog', async () => {
    useUserStore.getState().signedIn('t', 'auditor', userData({ secondFactorDue: true }));
    render(<SecondFactorReminder />);
    expect(screen.getByRole('status')).toHaveTextContent(
      '您的角色要求登录时进行双因素认证，您尚未设置。',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: '立即设置' }));
    expect(useSecondFactorDialog.getState().open).toBe(true);
  });

  it('says nothing once it is set up', () => {
    useUserStore.getState().signedIn('t', 'auditor', userData({ secondFactorDue: false }));
    const { container } = render(<SecondFactorReminder />);
    expect(container).toBeEmptyDOMElement();
  });
});
