import { type AuditRecord, SYSTEM_PATHS } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../helpers/test-app.js';
import { call, data } from '../system/system-helpers.js';

/**
 * Guidance articles and map features are changed by editors, not administrators,
 * but the trail keeps them too (issue 21: every route that changes state declares
 * its record; docs/audit.md lists them).
 */
describe('content changes on the audit trail', () => {
  let t: TestApp;
  let editor: string;
  let admin: string;
  let auditor: string;

  beforeAll(async () => {
    t = await createTestApp();
    editor = (await t.login('editor', 'Editor@2026')).access_token;
    admin = (await t.login('admin', 'Admin@2026')).access_token;
    auditor = (await t.login('auditor', 'Auditor@2026')).access_token;
  });
  afterAll(() => t.close());

  /** The trail's records of one target, oldest first. */
  async function trailOf(targetKind: string, targetId: number): Promise<AuditRecord[]> {
    const page = await data<{ list: AuditRecord[] }>(
      t.app,
      auditor,
      'GET',
      `${SYSTEM_PATHS.audit}?targetKind=${targetKind}&target=${targetId}`,
    );
    return page.list.reverse();
  }

  it('records a guidance category and an article through their lives', async () => {
    // Administrators keep the list of categories; editors write the articles.
    const category = await data(t.app, admin, 'POST', '/business-guide/categories', {
      code: 'audit_trail_case',
      name: '审计测试栏目',
      nameEn: 'Audit case',
    });
    await data(t.app, admin, 'PUT', `/business-guide/categories/${category.id}`, {
      code: 'audit_trail_case',
      name: '审计测试栏目（改）',
      nameEn: 'Audit case',
    });
    let article = await data(t.app, editor, 'POST', '/business-guide/articles', {
      categoryId: category.id,
      title: '审计测试文章',
      bodyHtml: '<p>正文</p>',
    });
    article = await data(t.app, editor, 'PUT', `/business-guide/articles/${article.id}`, {
      version: article.version,
      title: '审计测试文章（修订）',
    });
    article = await data(t.app, editor, 'POST', `/business-guide/articles/${article.id}/publish`, {
      version: article.version,
    });
    article = await data(t.app, editor, 'POST', `/business-guide/articles/${article.id}/withdraw`, {
      version: article.version,
    });
    // A change on a stale version is refused and leaves no record.
    const stale = await call(t.app, editor, 'PUT', `/business-guide/articles/${article.id}`, {
      version: article.version - 1,
      title: '不会保存',
    });
    expect(stale.status).toBe(409);
    await data(
      t.app,
      editor,
      'DELETE',
      `/business-guide/articles/${article.id}?version=${article.version}`,
    );
    await data(t.app, admin, 'DELETE', `/business-guide/categories/${category.id}`);

    const articleTrail = await trailOf('article', article.id);
    expect(articleTrail.map((record) => record.action)).toEqual([
      'guide.article.create',
      'guide.article.update',
      'guide.article.publish',
      'guide.article.withdraw',
      'guide.article.delete',
    ]);
    expect(articleTrail.every((record) => record.actorName === 'editor')).toBe(true);
    expect(articleTrail[1]).toMatchObject({
      before: { title: '审计测试文章' },
      after: { title: '审计测试文章（修订）' },
    });
    expect(articleTrail[2]).toMatchObject({
      before: { status: 'draft' },
      after: { status: 'published' },
    });
    const categoryTrail = await trailOf('guide-category', category.id);
    expect(categoryTrail.map((record) => record.action)).toEqual([
      'guide.category.create',
      'guide.category.update',
      'guide.category.delete',
    ]);
    expect(categoryTrail[1]).toMatchObject({
      before: { name: '审计测试栏目' },
      after: { name: '审计测试栏目（改）' },
    });
  });

  it('records a map layer and a feature through their lives', async () => {
    const base = '/base-data/baseGisGeometry';
    const layer = await data(t.app, editor, 'POST', `${base}/createLayer`, {
      name: '审计测试图层',
      nameEn: 'Audit layer',
    });
    const point = (lon: number) => ({ type: 'Point', coordinates: [lon, 30.6] });
    let feature = await data(t.app, editor, 'POST', `${base}/create`, {
      layerId: layer.id,
      name: '井盖 1',
      geometry: point(114.3),
    });
    feature = await data(t.app, editor, 'POST', `${base}/update`, {
      id: feature.id,
      version: feature.version,
      layerId: layer.id,
      name: '井盖 1 号',
      geometry: point(114.31),
    });
    await data(t.app, editor, 'POST', `${base}/delete`, {
      id: feature.id,
      version: feature.version,
    });

    expect((await trailOf('map-layer', layer.id)).map((record) => record.action)).toEqual([
      'map.layer.create',
    ]);
    const featureTrail = await trailOf('map-feature', feature.id);
    expect(featureTrail.map((record) => record.action)).toEqual([
      'map.feature.create',
      'map.feature.update',
      'map.feature.delete',
    ]);
    expect(featureTrail[1]).toMatchObject({
      before: { name: '井盖 1', bbox: [114.3, 30.6, 114.3, 30.6] },
      after: { name: '井盖 1 号', bbox: [114.31, 30.6, 114.31, 30.6] },
    });
  });
});
