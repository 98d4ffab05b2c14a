import { act, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { useLeaveConfirm } from './use-leave-confirm';

// antd's modal renders slowly on a busy machine: wait longer than 1 s.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(async () => {
  await initI18n('en');
});

function renderGuarded(onLeave = vi.fn()) {
  function Page() {
    const holder = useLeaveConfirm(
      ({ nextLocation }) => nextLocation.pathname === '/login',
      { title: 'guard.leaveConfirm', ok: 'guard.confirmExit', cancel: 'guard.close' },
      onLeave,
    );
    return (
      <>
        {holder}
        <Link to="/login">out</Link>
        <Link to="/other">elsewhere</Link>
      </>
    );
  }
  const router = createMemoryRouter(
    [
      { path: '/', element: <Page /> },
      { path: '/other', element: <p>other page</p> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, onLeave };
}

describe('useLeaveConfirm', { timeout: 30_000 }, () => {
  it('asks before a blocked navigation; cancel stays where the user was', async () => {
    const { router, onLeave } = renderGuarded();
    await userEvent.click(screen.getByRole('link', { name: 'out' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'The current operation will return to the login page, continue?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect([...router.state.blockers.values()].map((b) => b.state)).toEqual(['unblocked']),
    );
    expect(router.state.location.pathname).toBe('/');
    expect(onLeave).not.toHaveBeenCalled();
  });

  it('OK runs onLeave, then goes on', async () => {
    const { router, onLeave } = renderGuarded();
    await userEvent.click(screen.getByRole('link', { name: 'out' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm exit' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(onLeave).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets other navigations through without asking', async () => {
    const { router } = renderGuarded();
    await act(() => userEvent.click(screen.getByRole('link', { name: 'elsewhere' })));
    expect(await screen.findByText('other page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/other');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
