import fs from 'node:fs/promises';
import { type Page, expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { type SavedAccount, savedState } from '../support/auth';
import { appPath } from '../support/session';

/** The map editor's demo account (seeded by apps/server/src/seed/gis.ts). */
const editor = 'editor';

/**
 * Every load of the page opens on an empty corner of the demo city at zoom 14,
 * so points clicked on the map land on the same coordinates after a reload.
 */
async function openMap(page: Page, mode: string, account: SavedAccount) {
  await page.addInitScript(() => {
    sessionStorage.setItem(
      'cityops-map-view',
      JSON.stringify({ center: [114.45, 30.5], zoom: 14 }),
    );
  });
  // Signed in: the account's saved sign-in (support/auth.ts).
  await page.context().setStorageState(savedState(account));
  await page.goto(appPath(mode, '/amap'));
  // The only application on the page; its name follows the language.
  const map = page.getByRole('application');
  await expect(map).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('toolbar', { name: '编辑工具' })).toBeVisible({ timeout: 30_000 });
  /**
   * A point given relative to the map's centre, in page pixels now: focusing a
   * field can scroll the page, so positions are read again before each gesture.
   */
  const at = async (dx: number, dy: number) => {
    const box = (await map.boundingBox())!;
    return { x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 + dy };
  };
  return { map, at };
}

test.describe('map editing', () => {
  test.describe.configure({ timeout: 120_000 });

  test('draw a polygon, name it, save, reload, move a vertex, delete it', async ({
    page,
  }, testInfo) => {
    const mode = testInfo.project.name;
    const name = `清扫区-${mode}-${Date.now()}`;
    const { at } = await openMap(page, mode, editor);
    const corners: [number, number][] = [
      [-150, -80],
      [20, -90],
      [40, 70],
      [-130, 60],
    ];

    await page.getByRole('button', { name: '绘制面' }).click();
    await expect(page.getByText('在地图上单击添加节点')).toBeVisible();
    for (const [dx, dy] of corners) {
      const point = await at(dx, dy);
      await page.mouse.click(point.x, point.y);
    }
    // Clicking the first corner again closes the ring.
    const first = await at(...corners[0]!);
    await page.mouse.click(first.x, first.y);

    const attributes = page.getByRole('region', { name: '属性' });
    await expect(attributes.getByText('新要素（未保存）')).toBeVisible();
    await expect(attributes.getByText('面 · 5 个节点')).toBeVisible();
    await attributes.getByLabel('名称').fill(name);
    await attributes.getByRole('button', { name: '应用' }).click();
    await expect(page.getByText('1 处未保存的修改')).toBeVisible();
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('已保存 1 处修改')).toBeVisible();
    await expect(page.getByText('没有未保存的修改')).toBeVisible();

    // Move the second corner outwards: the saved feature is updated with its version.
    const area = attributes.locator('.ant-descriptions-item-content').last();
    const areaBefore = await area.innerText();
    const vertex = await at(...corners[1]!);
    await page.mouse.move(vertex.x, vertex.y);
    await page.mouse.down();
    await page.mouse.move(vertex.x + 30, vertex.y - 25, { steps: 6 });
    await page.mouse.up();
    await expect(page.getByText('1 处未保存的修改')).toBeVisible();
    await expect(area).not.toHaveText(areaBefore);
    const areaAfter = await area.innerText();
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('没有未保存的修改')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('toolbar', { name: '编辑工具' })).toBeVisible({ timeout: 30_000 });
    // Clicking inside the polygon selects the saved feature, moved vertex and all.
    await expect(async () => {
      const inside = await at(-60, 0);
      await page.mouse.click(inside.x, inside.y);
      await expect(attributes.getByLabel('名称')).toHaveValue(name, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(area).toHaveText(areaAfter);

    // Search finds it by name and shows it.
    await page.getByRole('searchbox', { name: '按名称搜索要素' }).fill(name);
    await page.getByRole('searchbox', { name: '按名称搜索要素' }).press('Enter');
    const results = page.getByRole('region', { name: '搜索结果' });
    await results.getByRole('button', { name }).click();
    await expect(attributes.getByLabel('名称')).toHaveValue(name);

    await page.getByRole('button', { name: '删除要素' }).click();
    await page.getByRole('button', { name: '删除', exact: true }).click();
    await expect(attributes.getByText('在地图上选择一个要素')).toBeVisible();
    await expect(page.getByText('1 处未保存的修改')).toBeVisible();
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('没有未保存的修改')).toBeVisible();

    // Saving refreshes the search: the deleted feature is gone from the server.
    await expect(results.getByText('没有该名称的要素')).toBeVisible();
  });

  test('import a GeoJSON file and export it back', async ({ page }, testInfo) => {
    const mode = testInfo.project.name;
    const tag = `${mode}-${Date.now()}`;
    const imported = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: `巡查点-${tag}`, kind: 'incident', level: 2 },
          geometry: { type: 'Point', coordinates: [114.41, 30.49] },
        },
        {
          type: 'Feature',
          properties: { name: `巡查线-${tag}` },
          geometry: {
            type: 'LineString',
            coordinates: [
              [114.4, 30.48],
              [114.42, 30.5],
            ],
          },
        },
        {
          type: 'Feature',
          properties: { name: 'bow tie' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, 1],
                [1, 0],
                [0, 1],
                [0, 0],
              ],
            ],
          },
        },
      ],
    };
    const file = testInfo.outputPath('import.geojson');
    await fs.writeFile(file, JSON.stringify(imported));

    await openMap(page, mode, editor);
    await page.getByRole('radio', { name: '巡查路线' }).check();
    await page.getByLabel('导入 GeoJSON').setInputFiles(file);
    await expect(page.getByText('已导入 2 个要素')).toBeVisible();
    await expect(page.getByText('有 1 个要素的几何图形无效，未导入。')).toBeVisible();
    await expect(page.getByText('2 处未保存的修改')).toBeVisible();
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('已保存 2 处修改')).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 GeoJSON' }).click();
    const exported = JSON.parse(await fs.readFile(await (await download).path(), 'utf8')) as {
      type: string;
      features: { id: number; geometry: unknown; properties: Record<string, unknown> }[];
    };
    expect(exported.type).toBe('FeatureCollection');
    const byName = new Map(exported.features.map((feature) => [feature.properties.name, feature]));
    expect(byName.get(`巡查点-${tag}`)).toMatchObject({
      id: expect.any(Number),
      geometry: { type: 'Point', coordinates: [114.41, 30.49] },
      properties: { kind: 'incident', level: 2 },
    });
    expect(byName.get(`巡查线-${tag}`)?.geometry).toEqual(imported.features[1]!.geometry);
    // The seeded route of the layer is exported too.
    expect(byName.has('中山路夜间巡查路线')).toBe(true);
  });

  test('a staff member views the map, measures and passes the accessibility check in both languages', async ({
    page,
  }, testInfo) => {
    const mode = testInfo.project.name;
    const { at } = await openMap(page, mode, 'operator');
    await expect(page.getByRole('button', { name: '绘制面' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '保存' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: '显示行政区划' })).toBeChecked();
    await expectAccessible(page, 'map (zh-CN)');

    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Map editing' })).toBeVisible();
    await page.getByRole('button', { name: 'Measure length' }).click();
    const start = await at(-100, 0);
    await page.mouse.click(start.x, start.y);
    const end = await at(100, 0);
    await page.mouse.dblclick(end.x, end.y);
    await expect(page.getByText(/^Length: \d/)).toBeVisible();
    await expectAccessible(page, 'map (en)');
  });
});
