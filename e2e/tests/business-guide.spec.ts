import { deflateSync } from 'node:zlib';
import { type Browser, type Page, expect as baseExpect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { type SavedAccount, savedSession } from '../support/auth';
import { appPath } from '../support/session';

// Seven engineers share two cores: screens that load an editor can take a while.
const expect = baseExpect.configure({ timeout: 15_000 });

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let crc = 0xffffffff;
  for (const byte of body) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return Buffer.concat([length, body, trailer]);
}

/** A real PNG of one colour, so the upload service's content checks accept it. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3)]);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A demo account's saved sign-in (support/auth.ts): a blank page to go from. */
async function newSession(
  browser: Browser,
  baseURL: string | undefined,
  _mode: string,
  account: SavedAccount,
  language: 'zh-CN' | 'en' = 'zh-CN',
): Promise<Page> {
  return savedSession(browser, baseURL, account, language);
}

test.describe('business guide', () => {
  test('an editor writes an illustrated article with a table and publishes it; staff find it by a Chinese keyword and read it', async ({
    browser,
  }, testInfo) => {
    // Two sessions and four accessibility checks, the open image viewer's among them.
    test.setTimeout(300_000);
    const mode = testInfo.project.name;
    const baseURL = testInfo.project.use.baseURL;
    // A retry writes an article of its own; the one of the attempt before may be published.
    const title = `城市桥梁汛期安全巡查指引（${mode}${testInfo.retry ? ` ${testInfo.retry}` : ''}）`;
    const resultRows = 2 + testInfo.retry;

    const editor = await newSession(browser, baseURL, mode, 'editor');
    await editor.goto(appPath(mode, '/business_guide/table'));
    await expect(editor.getByRole('heading', { name: '业务指导列表' })).toBeVisible();
    await expect(
      editor.getByRole('link', {
        name: '江城市城市管理综合执法程序规定（征求意见稿）',
        exact: true,
      }),
    ).toBeVisible();
    await expectAccessible(editor, 'guide list as editor (zh-CN)');

    await editor.getByRole('button', { name: '新建文章' }).click();
    await expect(editor.getByRole('heading', { name: '新建业务指导文章' })).toBeVisible();
    // Validation before anything is sent.
    await editor.getByRole('button', { name: '保存', exact: true }).click();
    await expect(editor.getByText('请输入标题')).toBeVisible();
    await expect(editor.getByText('请选择分类')).toBeVisible();
    await expectAccessible(editor, 'guide metadata form with errors (zh-CN)');

    // The shell may keep the list page alive in a hidden tab: act on what is shown.
    await editor.getByLabel('分类').filter({ visible: true }).click();
    await editor.getByTitle('经验交流', { exact: true }).click();
    await editor.locator('input#title').fill(title);
    await editor
      .getByRole('textbox', { name: '摘要', exact: true })
      .fill('汛期前对城市桥梁开展全面安全检查的做法。');
    await editor.locator('input#issuingAuthority').fill('江城市城市管理局');
    await editor.getByRole('button', { name: '保存并编辑正文' }).click();

    await expect(editor.getByRole('heading', { name: '业务指导正文' })).toBeVisible();
    const body = editor.getByRole('textbox', { name: '文章正文' });
    await body.click();
    await editor.keyboard.type('汛期桥梁巡查每周不少于两次，发现隐患立即上报。');
    await editor.keyboard.press('Enter');
    await editor.getByRole('button', { name: '插入表格' }).click();
    await editor.keyboard.type('检查项目');
    await editor.keyboard.press('Tab');
    await editor.keyboard.type('频次');
    await expect(body.locator('table th')).toHaveCount(3);

    await body.locator('p').first().click();
    await editor.keyboard.press('End');
    await editor
      .getByRole('toolbar', { name: '格式工具栏' })
      .locator('input[type="file"]')
      .setInputFiles([
        { name: '桥梁全景.png', mimeType: 'image/png', buffer: png(120, 80, [30, 110, 200]) },
        { name: '伸缩缝.png', mimeType: 'image/png', buffer: png(90, 90, [200, 90, 30]) },
      ]);
    await expect(body.locator('img')).toHaveCount(2);
    await expect(editor.getByRole('status').filter({ hasText: '有未保存的修改' })).toBeVisible();
    await expectAccessible(editor, 'guide editor (zh-CN)');

    await editor.getByRole('button', { name: '保存', exact: true }).click();
    await expect(editor.getByRole('status').filter({ hasText: '已保存' })).toBeVisible();
    await editor.getByRole('button', { name: '保存并发布' }).click();
    await expect(editor.getByRole('heading', { name: title })).toBeVisible();
    await editor.context().close();

    const reader = await newSession(browser, baseURL, mode, 'operator');
    await reader.goto(appPath(mode, '/business_guide/table'));
    // Staff see neither drafts nor writing actions.
    await expect(reader.getByRole('button', { name: '新建文章' })).toHaveCount(0);
    await expect(reader.getByRole('link', { name: /征求意见稿/ })).toHaveCount(0);
    const search = async (keyword: string) => {
      const answered = reader.waitForResponse(
        (response) =>
          new URL(response.url()).pathname.endsWith('/business-guide/articles') &&
          new URL(response.url()).searchParams.get('keyword') === keyword,
      );
      await reader.getByRole('searchbox', { name: '搜索业务指导' }).fill(keyword);
      await reader.getByRole('searchbox', { name: '搜索业务指导' }).press('Enter');
      await answered;
      // The header and this article's row (and, on a retry, the earlier attempt's).
      await expect.poll(() => reader.getByRole('row').count()).toBeLessThanOrEqual(resultRows);
      await expect(reader.getByRole('cell', { name: title })).toBeVisible();
    };
    // A word only in an image's text alternative finds it, as do words of the title.
    await search('伸缩缝');
    await search('桥梁汛期');
    await expectAccessible(reader, 'guide list as staff (zh-CN)');
    await reader.getByRole('link', { name: title, exact: true }).click();

    await expect(reader.getByRole('heading', { name: title })).toBeVisible();
    const article = reader.getByRole('region', { name: '文章正文' });
    await expect(article.getByRole('table')).toBeVisible();
    await expect(article.getByRole('columnheader', { name: '检查项目' })).toBeVisible();
    await expect(article.getByRole('button', { name: /打开第 \d 张图片/ })).toHaveCount(2);
    await expect(reader.getByText(/浏览 \d+ 次/)).toBeVisible();
    await expectAccessible(reader, 'guide details (zh-CN)');

    await article.getByRole('button', { name: /桥梁全景/ }).click();
    const viewer = reader.locator('.viewer-container');
    await expect(viewer).toBeVisible();
    await expect(viewer).toHaveCSS('z-index', '2015');
    await expect(viewer.locator('.viewer-canvas img')).toHaveAttribute(
      'src',
      /file-go-fastdfs\/files\//,
    );
    // The open viewer too: named controls in the UI's language, a toolbar, no aria-selected.
    await expect(viewer.getByRole('toolbar', { name: '图片工具' })).toBeVisible();
    await expect(viewer.getByRole('button', { name: '放大' })).toBeVisible();
    await expectAccessible(reader, 'guide details, image viewer open (zh-CN)');
    await reader.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await reader.context().close();
  });

  test('the list fits 1366 and 1920 px screens, keeps the title and actions in view when narrower, and dates are picked in the product language', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const mode = testInfo.project.name;
    const editor = await newSession(browser, testInfo.project.use.baseURL, mode, 'editor');
    const firstTitle = editor
      .getByRole('link', { name: '江城市城市管理综合执法程序规定（征求意见稿）', exact: true })
      .filter({ visible: true });
    for (const width of [1366, 1920]) {
      await editor.setViewportSize({ width, height: 900 });
      await editor.goto(appPath(mode, '/business_guide/table'));
      await expect(firstTitle).toBeVisible();
      for (const column of ['标题', '最后修改', '操作']) {
        await expect(editor.getByRole('columnheader', { name: column })).toBeInViewport({
          ratio: 1,
        });
      }
    }

    // The Chinese desk lists the articles written in Chinese; the others are one choice away.
    const results = editor.getByRole('table').filter({ visible: true });
    await expect(results.getByRole('link', { name: /^[^\u4e00-\u9fff]+$/ })).toHaveCount(0);
    await editor.getByRole('combobox', { name: '文章语言' }).filter({ visible: true }).click();
    await editor.getByTitle('全部语言', { exact: true }).click();
    await expect(results.getByRole('link', { name: /^[^\u4e00-\u9fff]+$/ }).first()).toBeVisible();

    await editor.setViewportSize({ width: 1024, height: 800 });
    await editor.goto(appPath(mode, '/business_guide/table'));
    await expect(firstTitle).toBeVisible();
    await editor
      .locator('.ant-table-content')
      .filter({ visible: true })
      .evaluate((scroller) => scroller.scrollTo({ left: scroller.scrollWidth }));
    await expect(editor.getByRole('columnheader', { name: '最后修改' })).toBeInViewport();
    await expect(firstTitle).toBeInViewport();
    await expect(
      editor.getByRole('link', { name: '编辑信息: 江城市城市管理综合执法程序规定（征求意见稿）' }),
    ).toBeInViewport();

    // The publish date is the UI kit's picker in the product's language, not the
    // browser's native date input (whose format follows the browser).
    await editor.setViewportSize({ width: 1366, height: 900 });
    await editor.getByRole('button', { name: '新建文章' }).click();
    await expect(editor.getByRole('heading', { name: '新建业务指导文章' })).toBeVisible();
    const publishDate = editor.getByRole('textbox', { name: '发布日期' });
    await expect(publishDate).not.toHaveAttribute('type', 'date');
    await publishDate.click();
    await editor.getByText('今天', { exact: true }).click();
    await expect(publishDate).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await editor.context().close();
  });

  test("a second editor's stale save is refused and nothing is overwritten", async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const mode = testInfo.project.name;
    const baseURL = testInfo.project.use.baseURL;

    const first = await newSession(browser, baseURL, mode, 'editor');
    await first.goto(appPath(mode, '/business_guide/table?status=draft'));
    await first.getByRole('link', { name: /^编辑正文: 江城市城市管理综合执法程序规定/ }).click();
    await expect(first.getByRole('heading', { name: '业务指导正文' })).toBeVisible();
    const address = first.url().replace(/^https?:\/\/[^/]+/, '');

    const second = await newSession(browser, baseURL, mode, 'editor2');
    await second.goto(address);
    await expect(second.getByRole('textbox', { name: '文章正文' })).toContainText('立案');

    const firstBody = first.getByRole('textbox', { name: '文章正文' });
    await firstBody.locator('p').first().click();
    await first.keyboard.press('End');
    await first.keyboard.type('（第一位编辑的修改）');
    // Leaving with unsaved changes asks first; staying keeps the text.
    await first.getByRole('button', { name: '返回列表' }).click();
    await expect(first.getByRole('dialog', { name: '不保存就离开吗？' })).toBeVisible();
    await first.getByRole('button', { name: '留下' }).click();
    await first.getByRole('button', { name: '保存', exact: true }).click();
    await expect(first.getByRole('status').filter({ hasText: '已保存' })).toBeVisible();

    const secondBody = second.getByRole('textbox', { name: '文章正文' });
    await secondBody.locator('p').first().click();
    await second.keyboard.press('End');
    await second.keyboard.type('（第二位编辑的修改）');
    await second.getByRole('button', { name: '保存', exact: true }).click();
    const dialog = second.getByRole('dialog', { name: '该文章已被他人修改' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('陈静');
    await expectAccessible(second, 'stale save refused (zh-CN)');
    await dialog.getByRole('button', { name: '重新加载文章' }).click();
    await expect(secondBody).toContainText('第一位编辑的修改');
    await expect(secondBody).not.toContainText('第二位编辑的修改');
    // The refused text is not lost: it waits as a draft.
    await expect(second.getByRole('button', { name: '恢复草稿' })).toBeVisible();

    // The draft survives a closed tab too.
    await second.reload();
    await expect(second.getByRole('button', { name: '恢复草稿' })).toBeVisible();
    await second.getByRole('button', { name: '恢复草稿' }).click();
    await expect(secondBody).toContainText('第二位编辑的修改');
    await first.context().close();
    await second.context().close();
  });

  test('an administrator adds, renames and deletes a category; one with articles is refused; editors cannot manage them', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const mode = testInfo.project.name;
    const baseURL = testInfo.project.use.baseURL;
    // A code and names no other test looks for; the category is deleted at the end.
    const suffix = `${Date.now().toString(36)}${testInfo.workerIndex}`;
    const code = `e2e_${suffix}`;
    const name = `端到端分类${suffix}`;
    const renamed = `端到端分类改名${suffix}`;

    const admin = await newSession(browser, baseURL, mode, 'admin');
    await admin.goto(appPath(mode, '/business_guide/table'));
    await expect(admin.getByRole('heading', { name: '业务指导列表' })).toBeVisible();
    // Opened from the keyboard.
    await admin.getByRole('button', { name: '管理分类' }).focus();
    await admin.keyboard.press('Enter');
    const dialog = admin.getByRole('dialog', { name: '业务指导分类' });
    await expect(dialog).toBeVisible();
    const table = dialog.getByRole('table', { name: '分类列表' });
    await expect(table.getByRole('row', { name: /经验交流/ })).toBeVisible();
    await expectAccessible(admin, 'category dialog (zh-CN)');

    // Add: the contract's checks first, then the server.
    await dialog.getByRole('button', { name: '新增分类' }).click();
    const addForm = dialog.getByRole('region', { name: '新增分类' });
    await expect(addForm.getByRole('textbox', { name: '编码' })).toBeFocused();
    await addForm.getByRole('button', { name: '保存' }).click();
    await expect(addForm.getByText('此项为必填项')).toHaveCount(3);
    await addForm.getByRole('textbox', { name: '编码' }).fill('Not A Code');
    await expect(addForm.getByText('此项的值无效')).toBeVisible();
    await expectAccessible(admin, 'category form with errors (zh-CN)');
    await addForm.getByRole('textbox', { name: '编码' }).fill(code);
    await addForm.getByRole('textbox', { name: '中文名称' }).fill(name);
    await addForm.getByRole('textbox', { name: '英文名称' }).fill(`E2E category ${suffix}`);
    await addForm.getByRole('button', { name: '保存' }).click();
    await expect(addForm).toHaveCount(0);
    await expect(table.getByRole('row', { name: new RegExp(code) })).toContainText(name);

    // Rename, saved with Enter.
    await table.getByRole('button', { name: `编辑分类 ${code}` }).click();
    const editForm = dialog.getByRole('region', { name: `编辑分类“${code}”` });
    await editForm.getByRole('textbox', { name: '中文名称' }).fill(renamed);
    await editForm.getByRole('textbox', { name: '中文名称' }).press('Enter');
    await expect(editForm).toHaveCount(0);
    await expect(table.getByRole('row', { name: new RegExp(code) })).toContainText(renamed);

    // The list page's category filter offers the new name.
    await admin.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await admin.getByRole('combobox', { name: '分类' }).click();
    await expect(admin.getByTitle(renamed, { exact: true })).toBeVisible();
    await admin.getByTitle(renamed, { exact: true }).click();
    await expect(admin.getByText('没有符合条件的业务指导。')).toBeVisible();

    // A category with articles is refused, with the server's reason.
    await admin.getByRole('button', { name: '管理分类' }).click();
    await expect(dialog).toBeVisible();
    await table.getByRole('button', { name: '删除分类 laws' }).click();
    const refuse = admin.getByRole('dialog', { name: '确定删除分类“法律”吗？' });
    await refuse.getByRole('button', { name: '确定' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('分类未删除');
    await expect(alert).toContainText(/该分类下还有 \d+ 篇文章，无法删除/);
    await expect(table.getByRole('row', { name: /^laws/ })).toBeVisible();
    await expectAccessible(admin, 'category delete refused (zh-CN)');

    // The empty one goes.
    await table.getByRole('button', { name: `删除分类 ${code}` }).click();
    const confirm = admin.getByRole('dialog', { name: `确定删除分类“${renamed}”吗？` });
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(table.getByRole('row', { name: new RegExp(code) })).toHaveCount(0);
    await expect(confirm).toBeHidden();
    // The deleted row's button is gone; the focus stays in the dialog.
    await expect(dialog.getByRole('button', { name: '新增分类' })).toBeFocused();
    await admin.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await admin.context().close();

    const editor = await newSession(browser, baseURL, mode, 'editor');
    await editor.goto(appPath(mode, '/business_guide/table'));
    await expect(editor.getByRole('button', { name: '新建文章' })).toBeVisible();
    await expect(editor.getByRole('button', { name: '管理分类' })).toHaveCount(0);
    await editor.context().close();
  });

  test('every screen passes the accessibility check in English, and works embedded', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const mode = testInfo.project.name;
    const baseURL = testInfo.project.use.baseURL;
    const page = await newSession(browser, baseURL, mode, 'editor', 'en');

    await page.goto(appPath(mode, '/business_guide/table'));
    await expect(page.getByRole('heading', { name: 'Guidance list' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search guidance' }).fill('waste sorting');
    await page.getByRole('searchbox', { name: 'Search guidance' }).press('Enter');
    await expect(
      page.getByRole('link', { name: 'Jiangcheng household waste sorting measures', exact: true }),
    ).toBeVisible();
    await expectAccessible(page, 'guide list (en)');

    await page
      .getByRole('link', { name: 'Jiangcheng household waste sorting measures', exact: true })
      .click();
    await expect(
      page.getByRole('heading', { name: 'Jiangcheng household waste sorting measures' }),
    ).toBeVisible();
    await expect(
      page.getByText('Local regulations and rules').filter({ visible: true }).first(),
    ).toBeVisible();
    await expectAccessible(page, 'guide details (en)');

    await page.getByRole('button', { name: 'Edit details' }).click();
    await expect(page.getByRole('heading', { name: 'Guidance details' })).toBeVisible();
    await expect(page.locator('input#title')).toHaveValue(
      'Jiangcheng household waste sorting measures',
    );
    await expectAccessible(page, 'guide metadata form (en)');

    await page.getByRole('button', { name: 'Save and write the text' }).click();
    await expect(page.getByRole('heading', { name: 'Guidance text' })).toBeVisible();
    await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
    await expectAccessible(page, 'guide editor (en)');

    // Embedded, as the seeded menu opens it: no shell around the list.
    await page.goto(appPath(mode, '/business_guide/table?embed=true'));
    await expect(page.getByRole('heading', { name: 'Guidance list' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await expectAccessible(page, 'guide list embedded (en)');
    await page.context().close();

    // The administrators' category dialog, in English too.
    const admin = await newSession(browser, baseURL, mode, 'admin', 'en');
    await admin.goto(appPath(mode, '/business_guide/table'));
    await admin.getByRole('button', { name: 'Manage categories' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Guidance categories' });
    await expect(dialog.getByRole('table', { name: 'Categories' })).toBeVisible();
    await expect(dialog.getByRole('row', { name: /Experience exchange/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Add category' }).click();
    await expect(dialog.getByRole('textbox', { name: 'English name' })).toBeVisible();
    await expectAccessible(admin, 'category dialog (en)');
    await admin.context().close();
  });
});
