import { type APIRequestContext, expect } from '@playwright/test';

let counter = 0;

/** A fresh account through the test-only hook (NODE_ENV=test), so parallel tests never share one. */
export async function createAccount(
  request: APIRequestContext,
  options: {
    prefix: string;
    password?: string;
    mobile?: string;
    mustChangePassword?: boolean;
    passwordAgeDays?: number;
    /** Roles of the account (staff when not given). */
    roleIds?: string[];
  },
): Promise<{ username: string; password: string; mobile: string }> {
  counter += 1;
  const username = `${options.prefix}${Date.now().toString(36)}${process.pid % 1000}${counter}`;
  const password = options.password ?? 'Start#2026ab';
  const mobile = options.mobile ?? '';
  const response = await request.post('/api/test-hooks/users', {
    data: {
      username,
      password,
      mobile,
      mustChangePassword: options.mustChangePassword ?? false,
      passwordAgeDays: options.passwordAgeDays ?? 1,
      ...(options.roleIds ? { roleIds: options.roleIds } : {}),
    },
  });
  expect(response.ok()).toBe(true);
  return { username, password, mobile };
}

/** A mobile number no other test uses (1 + 3-9 + 9 digits). */
export function uniqueMobile(): string {
  counter += 1;
  const tail = `${Date.now() % 1_000_000}${process.pid % 100}${counter % 10}`
    .padStart(9, '0')
    .slice(-9);
  return `15${tail}`;
}
