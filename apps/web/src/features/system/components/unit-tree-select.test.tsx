import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { API, configureTestApi, testServer } from '@/testing/api-server';
import { ID_LIST_LIMIT, UNIT_LEVEL_PAGE_SIZE } from '@cityops/contract';
import { deepUnitTree, renderWithClient, unitEndpoints, wideUnitTree } from '../test-support';
import { UnitTreeSelect } from './unit-tree-select';

configure({ asyncUtilTimeout: 15_000 });

let requests: string[] = [];

beforeAll(async () => {
  testServer.listen({ onUnhandledRequest: 'error' });
  await initI18n('zh-CN');
});
afterAll(() => testServer.close());
afterEach(() => testServer.resetHandlers());
beforeEach(() => {
  configureTestApi();
  requests = [];
  testServer.use(...unitEndpoints(deepUnitTree));
  testServer.events.removeAllListeners();
  testServer.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.href.startsWith(API)) requests.push(`${url.pathname.split('/').pop()}${url.search}`);
  });
});

describe('the unit picker', { timeout: 60_000 }, () => {
  it('labels a unit deep in the tree from its path, reading only the levels on the way', async () => {
    renderWithClient(<UnitTreeSelect value={3} aria-label="单位" />);
    expect(await screen.findByTitle('东城一所')).toBeInTheDocument();
    expect(requests.sort()).toEqual([
      'level',
      'level?parentId=1',
      'level?parentId=2',
      'search?ids=3',
    ]);
  });

  it('reads a level when a unit is opened, and leaves out the excluded branch', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithClient(<UnitTreeSelect onChange={onChange} exclude={3} aria-label="单位" />);
    await user.click(screen.getByRole('combobox', { name: '单位' }));
    const switcher = document.querySelector('.ant-select-tree-switcher_close');
    await user.click(switcher!);
    expect(await screen.findByTitle('东城区分局')).toBeInTheDocument();
    expect(requests).toContain('level?parentId=1');
    // The district opens onto nothing: its one office is the excluded branch.
    await user.click(document.querySelector('.ant-select-tree-switcher_close')!);
    await waitFor(() => expect(requests).toContain('level?parentId=2'));
    expect(screen.queryByTitle('东城一所')).toBeNull();
    await user.click(screen.getByTitle('东城区分局'));
    expect(onChange).toHaveBeenLastCalledWith(2);
  });

  it('offers the next page of a wide level, chosen like a unit, and keeps the list open', async () => {
    testServer.use(...unitEndpoints(() => wideUnitTree(UNIT_LEVEL_PAGE_SIZE + 2)));
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithClient(<UnitTreeSelect onChange={onChange} aria-label="单位" />);
    await user.click(screen.getByRole('combobox', { name: '单位' }));
    await user.click(document.querySelector('.ant-select-tree-switcher_close')!);
    await user.click(
      await waitFor(() => document.querySelector('.ant-select-tree-switcher_close')!),
    );
    expect(await screen.findByTitle(`街道${UNIT_LEVEL_PAGE_SIZE}`)).toBeInTheDocument();
    await user.click(screen.getByTitle('显示更多单位'));
    expect(await screen.findByTitle(`街道${UNIT_LEVEL_PAGE_SIZE + 2}`)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: '单位' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByTitle('显示更多单位')).toBeNull();
    expect(requests).toContain(`level?parentId=2&after=${100 + UNIT_LEVEL_PAGE_SIZE - 1}`);
    await user.click(screen.getByTitle(`街道${UNIT_LEVEL_PAGE_SIZE + 2}`));
    expect(onChange).toHaveBeenLastCalledWith(100 + UNIT_LEVEL_PAGE_SIZE + 1);
  });

  it('shows more in a multiple picker too, which then closes at once when asked', async () => {
    testServer.use(...unitEndpoints(() => wideUnitTree(UNIT_LEVEL_PAGE_SIZE + 2)));
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithClient(<UnitTreeSelect multiple value={[]} onChange={onChange} aria-label="单位" />);
    const picker = screen.getByRole('combobox', { name: '单位' });
    await user.click(picker);
    await user.click(document.querySelector('.ant-select-tree-switcher_close')!);
    await user.click(
      await waitFor(() => document.querySelector('.ant-select-tree-switcher_close')!),
    );
    await user.click(await screen.findByTitle('显示更多单位'));
    expect(await screen.findByTitle(`街道${UNIT_LEVEL_PAGE_SIZE + 2}`)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    // One click away closes it: no close is left pending to be ignored.
    await user.click(document.body);
    await waitFor(() => expect(picker).toHaveAttribute('aria-expanded', 'false'));
  });

  it('names a role’s hundreds of chosen units in reads of at most ID_LIST_LIMIT', async () => {
    testServer.use(...unitEndpoints(() => wideUnitTree(ID_LIST_LIMIT + 50)));
    const chosen = Array.from({ length: ID_LIST_LIMIT + 50 }, (_, index) => 100 + index);
    renderWithClient(<UnitTreeSelect multiple value={chosen} aria-label="单位" />);
    expect(await screen.findByTitle(`街道${ID_LIST_LIMIT + 50}`)).toBeInTheDocument();
    const reads = requests.filter((request) => request.startsWith('search?ids='));
    expect(reads).toHaveLength(2);
    expect(reads.map((read) => decodeURIComponent(read).split(',').length)).toEqual([
      ID_LIST_LIMIT,
      50,
    ]);
  });

  it('finds units by a keyword on the server, each named with its path', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithClient(<UnitTreeSelect onChange={onChange} aria-label="单位" />);
    await user.type(screen.getByRole('combobox', { name: '单位' }), '一所');
    const option = await screen.findByTitle('市城管局 / 东城区分局 / 东城一所');
    expect(requests).toContain('search?keyword=%E4%B8%80%E6%89%80');
    await user.click(option);
    expect(onChange).toHaveBeenLastCalledWith(3);
  });
});
