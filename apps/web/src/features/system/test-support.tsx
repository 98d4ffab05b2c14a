import {
  type AdminUser,
  DATA_SCOPES,
  type Role,
  UNIT_LEVEL_PAGE_SIZE,
  type UnitItem,
  type UnitNode,
} from '@cityops/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { useUserStore } from '@/stores/user-store';
import { API } from '@/testing/api-server';
import { okBody, userData } from '@/testing/fixtures';

/** The console's tests: records in the server's shape and the page rendered as the app does. */

/** A user's row; the server's offer follows the status unless the test says otherwise. */
export function adminUser(id: number, patch: Partial<AdminUser> = {}): AdminUser {
  const disabled = patch.disabled ?? false;
  return {
    id,
    username: `user${id}`,
    name: `用户${id}`,
    mobile: '13800138000',
    organizationId: 1,
    organizationName: '市城管局',
    organizationNameEn: 'City bureau',
    departmentId: 11,
    departmentName: '办公室',
    departmentNameEn: 'Office',
    roles: [{ id: 'staff', name: '工作人员', nameEn: 'Staff' }],
    disabled: false,
    locked: false,
    mustChangePassword: false,
    secondFactorEnrolled: false,
    createdAt: '2026-11-01T08:00:00.000Z',
    version: 1,
    actions: [
      'edit',
      disabled ? 'enable' : 'disable',
      'reset-password',
      ...(patch.locked ? (['unlock'] as const) : []),
    ],
    ...patch,
  };
}

export function role(id: string, patch: Partial<Role> = {}): Role {
  return {
    id,
    name: `${id} 角色`,
    nameEn: `${id} role`,
    dataScope: 'all',
    secondFactor: false,
    assignable: false,
    unitIds: [],
    entryIds: [],
    userCount: 0,
    builtIn: false,
    version: 1,
    ...patch,
    holdersInScope: patch.holdersInScope ?? patch.userCount ?? 0,
    actions: patch.actions ?? (id === 'admin' ? [] : patch.builtIn ? ['edit'] : ['edit', 'delete']),
  };
}

export const unitTree = (): UnitNode[] => [
  {
    id: 1,
    name: '市城管局',
    nameEn: 'City bureau',
    parentId: null,
    sortOrder: 10,
    userCount: 3,
    version: 1,
    actions: ['edit', 'add-child', 'add-beside', 'delete'],
    departments: [
      {
        id: 11,
        organizationId: 1,
        name: '办公室',
        nameEn: 'Office',
        sortOrder: 10,
        userCount: 2,
        version: 1,
      },
    ],
    children: [
      {
        id: 2,
        name: '东城区分局',
        nameEn: 'East district',
        parentId: 1,
        sortOrder: 10,
        userCount: 0,
        version: 1,
        actions: ['edit', 'add-child', 'add-beside', 'delete'],
        departments: [],
        children: [],
      },
    ],
  },
];

/** `unitTree` with a street office (id 3) below the district: a tree three levels deep. */
export function deepUnitTree(): UnitNode[] {
  const tree = unitTree();
  tree[0]!.children[0]!.children = [
    {
      id: 3,
      name: '东城一所',
      nameEn: 'East office 1',
      parentId: 2,
      sortOrder: 10,
      userCount: 1,
      version: 1,
      actions: ['edit'],
      departments: [],
      children: [],
    },
  ];
  return tree;
}

/** The tree with `count` street offices below the first district: a level read in pages. */
export function wideUnitTree(count: number): UnitNode[] {
  const tree = unitTree();
  tree[0]!.children[0]!.children = Array.from({ length: count }, (_, index) => ({
    id: 100 + index,
    name: `街道${index + 1}`,
    nameEn: `Street ${index + 1}`,
    parentId: 2,
    sortOrder: index,
    userCount: 0,
    version: 1,
    actions: ['edit'],
    departments: [],
    children: [],
  }));
  return tree;
}

/** Every unit of a tree as the search endpoint gives it, with its path. */
function unitItems(units: readonly UnitNode[], path: UnitItem['path'] = []): UnitItem[] {
  return units.flatMap(({ children, ...unit }) => [
    { ...unit, hasChildren: children.length > 0, path },
    ...unitItems(children, [...path, { id: unit.id, name: unit.name, nameEn: unit.nameEn }]),
  ]);
}

/**
 * The unit endpoints the pickers and the units page read (`/system/units/level` and
 * `/search`), answered from a tree as the server would for a caller who reaches it all.
 */
export function unitEndpoints(treeOf: () => readonly UnitNode[]) {
  return [
    http.get(`${API}/system/units/level`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      const parentId = params.get('parentId');
      const after = params.get('after');
      const tops = new Set(treeOf().map((unit) => unit.id));
      // A level's units carry no path: the caller opened their parent.
      const items = unitItems(treeOf()).map((unit) => ({ ...unit, path: [] }));
      const level = items.filter((unit) =>
        parentId === null ? tops.has(unit.id) : unit.parentId === Number(parentId),
      );
      // Paged as the server pages it: after the unit `after`, in the tree's order.
      const start = after === null ? 0 : level.findIndex((unit) => unit.id === Number(after)) + 1;
      const list = level.slice(start, start + UNIT_LEVEL_PAGE_SIZE);
      return HttpResponse.json(
        okBody({ list, hasMore: start + UNIT_LEVEL_PAGE_SIZE < level.length }),
      );
    }),
    http.get(`${API}/system/units/search`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      const keyword = params.get('keyword');
      const ids = (params.get('ids') ?? '').split(',').filter(Boolean).map(Number);
      const items = unitItems(treeOf());
      return HttpResponse.json(
        okBody(
          keyword
            ? items.filter((unit) => unit.name.includes(keyword) || unit.nameEn.includes(keyword))
            : items.filter((unit) => ids.includes(unit.id)),
        ),
      );
    }),
  ];
}

export const page = <T,>(list: T[]) => ({ total: list.length, pageIndex: 1, pageSize: 20, list });

/** The roles page's answer: the page and the data scopes the caller may give. */
export const rolePage = (list: Role[], dataScopes: Role['dataScope'][] = [...DATA_SCOPES]) => ({
  ...page(list),
  dataScopes,
});

/** Signs in a user holding exactly these permission codes. */
export function signInWith(permissions: string[]) {
  useUserStore.getState().signedIn('token-1', 'admin', userData({ permissions }));
}

export function renderWithClient(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider button={{ autoInsertSpace: false }}>{children}</ConfigProvider>
    </QueryClientProvider>,
  );
}

/**
 * A dialog by its title (rc-util gives every generated id the same value in tests,
 * so `aria-labelledby` cannot name it; the browser tests check the accessible names).
 */
export function findDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].findLast(
      (element) => element.querySelector('.ant-modal-title')?.textContent === title,
    );
    expect(dialog).toBeDefined();
    return dialog!;
  });
}

/** A row's cell texts; plain DOM: role queries over a whole table are slow on a busy machine. */
export const rowTexts = (table: HTMLElement, cells = 3) =>
  [...table.querySelectorAll('tbody tr.ant-table-row')].map((row) =>
    [...row.querySelectorAll('td')].slice(0, cells).map((cell) => cell.textContent),
  );
