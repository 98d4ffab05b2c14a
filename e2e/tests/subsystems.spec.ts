import { type Browser, type Page, expect as baseExpect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { savedSession } from '../support/auth';
import { appPath } from '../support/session';

// Sign-in hashes passwords (argon2) and the console loads antd's tables: slow on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

/** The subsystem registry (issue 22): register a confidential subsystem, see its secret once, edit it. */
const text = {
  'zh-CN': {
    userMenu: '用户菜单',
    heading: '子系统接入',
    register: '登记子系统',
    edit: '编辑子系统',
    clientId: '客户端标识',
    name: '中文名称',
    origins: '允许的来源',
    redirectUris: '回调地址',
    lifetime: '令牌有效期（秒）',
    save: '保存',
    secretTitle: '客户端密钥',
    once: /密钥仅显示这一次/,
    done: '我已保存',
    confidential: '机密客户端',
    demo: '演示子系统',
    results: '已登记的子系统',
    editOf: (name: string) => `编辑${name}`,
    saved: '子系统已保存。',
  },
  en: {
    userMenu: 'User menu',
    heading: 'Subsystems',
    register: 'Register a subsystem',
    edit: 'Edit subsystem',
    clientId: 'Client id',
    name: 'Name (Chinese)',
    origins: 'Allowed origins',
    redirectUris: 'Redirect URIs',
    lifetime: 'Token lifetime (seconds)',
    save: 'Save',
    secretTitle: 'Client secret',
    once: /Shown only this once/,
    done: 'I have saved it',
    confidential: 'Confidential client',
    demo: 'Demo subsystem',
    results: 'Registered subsystems',
    editOf: (name: string) => `Edit ${name}`,
    saved: 'The subsystem has been saved.',
  },
} as const;

type Language = keyof typeof text;

async function session(
  browser: Browser,
  baseURL: string | undefined,
  _mode: string,
  language: Language,
): Promise<Page> {
  // The administrator's saved sign-in (support/auth.ts): a blank page to go from.
  return savedSession(browser, baseURL, 'admin', language);
}

for (const language of ['zh-CN', 'en'] as const) {
  const t = text[language];

  test(`an administrator registers a confidential subsystem, sees its secret once and edits it (${language})`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const mode = testInfo.project.name;
    const admin = await session(browser, testInfo.project.use.baseURL, mode, language);
    await admin.goto(appPath(mode, '/system/subsystems'));
    await expect(admin.getByRole('heading', { name: t.heading })).toBeVisible();
    const table = admin.getByRole('table', { name: t.results });
    // The demo subsystem is registered by the product.
    await expect(table.getByText(t.demo)).toBeVisible();
    await expectAccessible(admin, `subsystems (${language})`);

    const clientId = `e2e-${language.toLowerCase()}-${mode}-${Date.now().toString(36)}`;
    const name = language === 'en' ? '测试子系统E' : '测试子系统';
    await admin.getByRole('button', { name: t.register }).click();
    const dialog = admin.getByRole('dialog', { name: t.register });
    await expect(dialog).toBeVisible();
    await expectAccessible(admin, `subsystem dialog (${language})`);
    await dialog.getByLabel(t.clientId, { exact: true }).fill(clientId);
    await dialog.getByLabel(t.name, { exact: true }).fill(name);
    await dialog.getByLabel(t.origins, { exact: true }).fill('https://e2e.example.gov.cn');
    await dialog
      .getByLabel(t.redirectUris, { exact: true })
      .fill('https://e2e.example.gov.cn/callback');
    await dialog.getByRole('button', { name: t.save }).click();

    const issued = admin.getByRole('dialog', { name: t.secretTitle });
    await expect(issued).toBeVisible();
    await expect(issued.getByText(t.once)).toBeVisible();
    await expectAccessible(admin, `subsystem secret (${language})`);
    const secret = (await issued.getByTestId('issued-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await issued.getByRole('button', { name: t.done }).click();
    await expect(issued).toBeHidden();
    // Never shown again.
    const row = table.getByRole('row').filter({ hasText: clientId });
    await expect(row).toContainText(t.confidential);
    await expect(admin.getByText(secret)).toHaveCount(0);

    // Edited: a shorter token lifetime, no new secret.
    await row.getByRole('button', { name: t.editOf(name) }).click();
    const edit = admin.getByRole('dialog', { name: t.edit });
    await expect(edit).toBeVisible();
    await edit.getByLabel(t.lifetime, { exact: true }).fill('120');
    await edit.getByRole('button', { name: t.save }).click();
    await expect(admin.getByText(t.saved).first()).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(admin.getByRole('dialog', { name: t.secretTitle })).toBeHidden();
    await admin.context().close();
  });
}
