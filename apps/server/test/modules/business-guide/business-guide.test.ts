import {
  type Article,
  type ArticleSummary,
  ErrorCode,
  type Page,
  hasForbiddenControlCharacter,
} from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp } from '../../helpers/test-app.js';
import { xssCorpus } from './xss-corpus.js';

const base = '/api/business-guide';

describe('business guide', () => {
  let t: TestApp;
  let operator: string;
  let editor: string;
  let editor2: string;
  let admin: string;
  let lawsId: number;
  let experienceId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const tokens = await Promise.all(
      (
        [
          ['operator', 'Operator@2026'],
          ['editor', 'Editor@2026'],
          ['editor2', 'Editor2@2026'],
          ['admin', 'Admin@2026'],
        ] as const
      ).map(async ([name, password]) => (await t.login(name, password)).access_token),
    );
    [operator, editor, editor2, admin] = tokens as [string, string, string, string];
    const categories = (await call('GET', '/categories', operator)).json().data as {
      id: number;
      code: string;
    }[];
    lawsId = categories.find((category) => category.code === 'laws')!.id;
    experienceId = categories.find((category) => category.code === 'experience')!.id;
  });
  afterAll(() => t.close());

  function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
    language = 'en',
  ) {
    return t.app.inject({
      method,
      url: `${base}${url}`,
      headers: { ...bearer(token), 'accept-language': language },
      ...(payload ? { payload } : {}),
    });
  }

  async function list(token: string, query: Record<string, string | number> = {}) {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]) => [key, String(value)]),
    );
    const response = await call('GET', `/articles?${search}`, token);
    expect(response.statusCode).toBe(200);
    return response.json().data as Page<ArticleSummary>;
  }

  async function create(token: string, fields: Record<string, unknown> = {}) {
    const response = await call('POST', '/articles', token, {
      categoryId: experienceId,
      title: '测试文章',
      summary: 'summary',
      bodyHtml: '<p>body</p>',
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Article;
  }

  describe('categories', () => {
    it('seeds the seven categories in both languages', async () => {
      const response = await call('GET', '/categories', operator);
      const categories = response.json().data as { code: string; name: string; nameEn: string }[];
      expect(categories.map((category) => category.code)).toEqual([
        'laws',
        'administrative_regulations',
        'ministry_rules',
        'ministry_policies',
        'local_regulations',
        'standards',
        'experience',
      ]);
      expect(categories[0]).toMatchObject({ name: '法律', nameEn: 'Laws' });
    });

    it('lets administrators manage the list and nobody else', async () => {
      const input = { code: 'case_studies', name: '案例', nameEn: 'Case studies', sortOrder: 80 };
      expect((await call('POST', '/categories', editor, input)).statusCode).toBe(403);
      const created = await call('POST', '/categories', admin, input);
      expect(created.statusCode).toBe(200);
      const id = created.json().data.id as number;
      expect((await call('POST', '/categories', admin, input)).json().code).toBe(
        ErrorCode.CONFLICT,
      );
      const renamed = await call('PUT', `/categories/${id}`, admin, { ...input, name: '典型案例' });
      expect(renamed.json().data.name).toBe('典型案例');
      const inUse = await call('DELETE', `/categories/${lawsId}`, admin);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json().msg).toMatch(/still has \d+ articles/);
      expect((await call('DELETE', `/categories/${id}`, admin)).statusCode).toBe(200);
    });
  });

  describe('search and list', () => {
    it('seeds more than thirty articles and shows staff only the published ones', async () => {
      const all = await list(editor, { pageSize: 100 });
      expect(all.total).toBeGreaterThanOrEqual(30);
      expect(new Set(all.rows.map((row) => row.status))).toEqual(
        new Set(['published', 'draft', 'withdrawn']),
      );
      const staff = await list(operator, { pageSize: 100 });
      expect(staff.rows.every((row) => row.status === 'published')).toBe(true);
      expect(staff.total).toBe(all.rows.filter((row) => row.status === 'published').length);
      // Asking for drafts does not show a reader any.
      const drafts = await list(operator, { status: 'draft' });
      expect(drafts.rows.every((row) => row.status === 'published')).toBe(true);
    });

    it('finds Chinese text in the title, the summary and the body', async () => {
      const byTitle = await list(operator, { keyword: '垃圾分类' });
      expect(byTitle.total).toBeGreaterThanOrEqual(2);
      expect(byTitle.rows.every((row) => /垃圾分类/.test(row.title + row.summary))).toBe(true);

      // Only in a body: "首违不罚清单".
      const byBody = await list(operator, { keyword: '首违不罚清单' });
      expect(byBody.rows.map((row) => row.title)).toEqual(['中华人民共和国行政处罚法要点解读']);

      // Bigrams that occur apart are not a phrase match.
      const apart = await list(operator, { keyword: '罚清垃圾分' });
      expect(apart.total).toBe(0);

      const single = await list(operator, { keyword: '涝' });
      expect(single.total).toBeGreaterThanOrEqual(2);
    });

    it('finds English words and word beginnings, regardless of case', async () => {
      const result = await list(operator, { keyword: 'WASTE sorting' });
      expect(result.rows.map((row) => row.title)).toEqual([
        'Jiangcheng household waste sorting measures',
      ]);
      const prefix = await list(operator, { keyword: 'advertis' });
      expect(prefix.rows.map((row) => row.title)).toContain(
        'Jiangcheng rules on outdoor advertising and shop signs',
      );
      // Body only: "lane wardens" is in a draft, which staff do not see.
      expect((await list(operator, { keyword: 'wardens' })).total).toBe(0);
      expect((await list(editor, { keyword: 'wardens' })).total).toBe(1);
    });

    it('filters by category and status and combines them with a keyword', async () => {
      const laws = await list(operator, { categoryId: lawsId, pageSize: 100 });
      expect(laws.total).toBeGreaterThan(0);
      expect(laws.rows.every((row) => row.categoryCode === 'laws')).toBe(true);
      const withdrawn = await list(editor, { status: 'withdrawn' });
      expect(withdrawn.total).toBe(1);
      expect(withdrawn.rows[0]!.status).toBe('withdrawn');
      const lawsEnglish = await list(operator, { categoryId: lawsId, keyword: 'planning' });
      expect(lawsEnglish.rows.map((row) => row.categoryCode)).toEqual(['laws']);
    });

    it('lists the articles of one language, each seeded in the language it is written in', async () => {
      const all = await list(operator, { pageSize: 100 });
      const chinese = await list(operator, { language: 'zh-CN', pageSize: 100 });
      const english = await list(operator, { language: 'en', pageSize: 100 });
      expect(chinese.total).toBeGreaterThan(0);
      expect(english.total).toBeGreaterThan(0);
      expect(chinese.total + english.total).toBe(all.total);
      const han = /[\u4e00-\u9fff]/;
      expect(chinese.rows.every((row) => row.language === 'zh-CN' && han.test(row.title))).toBe(
        true,
      );
      expect(english.rows.every((row) => row.language === 'en' && !han.test(row.title))).toBe(true);
      const bad = await call('GET', '/articles?language=fr', operator);
      expect(bad.statusCode).toBe(422);
    });

    it('pages and sorts', async () => {
      const first = await list(operator, { pageSize: 5, pageIndex: 1, sortBy: 'viewCount' });
      const second = await list(operator, { pageSize: 5, pageIndex: 2, sortBy: 'viewCount' });
      expect(first.rows).toHaveLength(5);
      expect(first.pages).toBe(Math.ceil(first.total / 5));
      const views = [...first.rows, ...second.rows].map((row) => row.viewCount);
      expect(views).toEqual([...views].sort((a, b) => b - a));
      expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(10);

      const oldest = await list(operator, { sortBy: 'publishDate', sortOrder: 'asc', pageSize: 3 });
      const dates = oldest.rows.map((row) => row.publishDate!);
      expect(dates).toEqual([...dates].sort());
      const beyond = await list(operator, { pageIndex: 999 });
      expect(beyond.rows).toEqual([]);
    });

    it('refuses a malformed query with a validation answer', async () => {
      const response = await call('GET', '/articles?pageSize=1000&sortBy=drop', operator);
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe(ErrorCode.VALIDATION);
    });
  });

  describe('writing', () => {
    it('lets editors and administrators write, and not staff', async () => {
      const refused = await call('POST', '/articles', operator, {
        categoryId: lawsId,
        title: 'x',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(ErrorCode.FORBIDDEN);
      const byAdmin = await create(admin, { title: 'by admin' });
      expect(byAdmin.status).toBe('draft');
      const drafted = await create(editor);
      expect(drafted).toMatchObject({ status: 'draft', version: 1, authorName: '陈静' });
      expect(
        (await call('PUT', `/articles/${drafted.id}`, operator, { version: 1, title: 'y' }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('POST', `/articles/${drafted.id}/publish`, operator, { version: 1 }))
          .statusCode,
      ).toBe(403);
      expect((await call('DELETE', `/articles/${drafted.id}?version=1`, operator)).statusCode).toBe(
        403,
      );
      // A draft is not there for staff at all.
      expect((await call('GET', `/articles/${drafted.id}`, operator)).statusCode).toBe(404);
    });

    it('keeps the language an article is written in, Chinese unless given', async () => {
      const chinese = await create(editor);
      expect(chinese.language).toBe('zh-CN');
      const english = await create(editor, { title: 'Snow clearing duties', language: 'en' });
      expect(english.language).toBe('en');
      const changed = await call('PUT', `/articles/${chinese.id}`, editor, {
        language: 'en',
        version: chinese.version,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((changed.json().data as Article).language).toBe('en');
      const refused = await call('POST', '/articles', editor, {
        categoryId: experienceId,
        title: 'x',
        language: 'fr',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().data.fields).toEqual([
        { field: 'language', message: 'This value is not valid' },
      ]);
    });

    it('validates the fields in the caller language', async () => {
      const en = await call('POST', '/articles', editor, { categoryId: lawsId, title: '  ' });
      expect(en.statusCode).toBe(422);
      expect(en.json().data.fields).toEqual([
        { field: 'title', message: 'Please enter the title' },
      ]);
      const zh = await call(
        'POST',
        '/articles',
        editor,
        { categoryId: lawsId, title: 'ok', publishDate: '2024-13-01' },
        'zh-CN',
      );
      expect(zh.json().data.fields).toEqual([
        { field: 'publishDate', message: '请按 YYYY-MM-DD 格式输入日期' },
      ]);
      const noCategory = await call('POST', '/articles', editor, { categoryId: 9999, title: 'ok' });
      expect(noCategory.json().msg).toBe('The category does not exist');
      const badCover = await call('POST', '/articles', editor, {
        categoryId: lawsId,
        title: 'ok',
        coverImage: 'javascript:alert(1)',
      });
      expect(badCover.statusCode).toBe(422);
      // An uploaded image in the form the upload answers, and in its first form.
      for (const coverImage of [
        '/api/file-go-fastdfs/files/0b7c3c9e-1111-4a1a-9c1e-123456789abc.png',
        '/file-go-fastdfs/files/0b7c3c9e-1111-4a1a-9c1e-123456789abc.png',
      ]) {
        const withCover = await call('POST', '/articles', editor, {
          categoryId: lawsId,
          title: 'ok',
          coverImage,
        });
        expect(withCover.statusCode, coverImage).toBe(200);
        expect(withCover.json().data.coverImage).toBe(coverImage);
      }
    });

    it('publishes, counts views, withdraws and deletes', async () => {
      const draft = await create(editor, { title: '城市桥梁安全检查要点', publishDate: '' });
      const published = await call('POST', `/articles/${draft.id}/publish`, editor, {
        version: draft.version,
      });
      const article = published.json().data as Article;
      expect(article).toMatchObject({ status: 'published', version: 2 });
      expect(article.publishDate).toBe(t.clock.now().toISOString().slice(0, 10));

      const found = await list(operator, { keyword: '桥梁安全' });
      expect(found.rows.map((row) => row.id)).toEqual([draft.id]);

      const read1 = (await call('GET', `/articles/${draft.id}`, operator)).json().data as Article;
      const read2 = (await call('GET', `/articles/${draft.id}`, operator)).json().data as Article;
      expect([read1.viewCount, read2.viewCount]).toEqual([1, 2]);
      // Views do not move the version: an editor's open copy stays current.
      expect(read2.version).toBe(2);
      const forEdit = await call('GET', `/articles/${draft.id}?purpose=edit`, editor);
      expect(forEdit.json().data.viewCount).toBe(2);
      expect((await call('GET', `/articles/${draft.id}?purpose=edit`, operator)).statusCode).toBe(
        403,
      );

      const again = await call('POST', `/articles/${draft.id}/publish`, editor, { version: 2 });
      expect(again.json().msg).toBe('This article is already published');
      const deletePublished = await call('DELETE', `/articles/${draft.id}?version=2`, editor);
      expect(deletePublished.json().msg).toMatch(/withdrawn before it is deleted/);

      const withdrawn = await call('POST', `/articles/${draft.id}/withdraw`, editor2, {
        version: 2,
      });
      expect(withdrawn.json().data).toMatchObject({
        status: 'withdrawn',
        version: 3,
        updatedByName: '刘洋',
      });
      expect((await call('GET', `/articles/${draft.id}`, operator)).statusCode).toBe(404);
      expect((await list(operator, { keyword: '桥梁安全' })).total).toBe(0);

      expect((await call('DELETE', `/articles/${draft.id}?version=3`, editor)).statusCode).toBe(
        200,
      );
      expect((await call('GET', `/articles/${draft.id}`, editor)).statusCode).toBe(404);
    });
  });

  describe('concurrent edits', () => {
    it('refuses a stale save with a conflict and overwrites nothing', async () => {
      const draft = await create(editor, { title: 'Original title', bodyHtml: '<p>original</p>' });
      // Both editors opened version 1.
      const first = await call('PUT', `/articles/${draft.id}`, editor, {
        version: 1,
        bodyHtml: '<p>first editor</p>',
      });
      expect(first.json().data.version).toBe(2);

      const stale = await call('PUT', `/articles/${draft.id}`, editor2, {
        version: 1,
        title: 'Second editor title',
        bodyHtml: '<p>second editor</p>',
      });
      expect(stale.statusCode).toBe(409);
      const body = stale.json();
      expect(body.code).toBe(ErrorCode.CONFLICT);
      expect(body.boolSuccess).toBe(false);
      expect(body.msg).toContain('changed by 陈静');
      expect(body.msg).toContain('version 2');
      expect(body.data).toMatchObject({ currentVersion: 2, updatedByName: '陈静' });

      const stored = (await call('GET', `/articles/${draft.id}?purpose=edit`, editor)).json()
        .data as Article;
      expect(stored).toMatchObject({
        title: 'Original title',
        bodyHtml: '<p>first editor</p>',
        version: 2,
      });

      // Stale publish, withdraw and delete are refused the same way.
      expect(
        (await call('POST', `/articles/${draft.id}/publish`, editor2, { version: 1 })).statusCode,
      ).toBe(409);
      expect((await call('DELETE', `/articles/${draft.id}?version=1`, editor2)).statusCode).toBe(
        409,
      );
      expect((await call('GET', `/articles/${draft.id}?purpose=edit`, editor)).statusCode).toBe(
        200,
      );
    });

    it('lets exactly one of two simultaneous saves win', async () => {
      const draft = await create(editor);
      const results = await Promise.all(
        [editor, editor2].map((token, index) =>
          call('PUT', `/articles/${draft.id}`, token, { version: 1, title: `racer ${index}` }),
        ),
      );
      const statuses = results.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      const winner = results.find((response) => response.statusCode === 200)!.json()
        .data as Article;
      const stored = (await call('GET', `/articles/${draft.id}?purpose=edit`, editor)).json().data;
      expect(stored).toMatchObject({ title: winner.title, version: 2 });
    });
  });

  describe('sanitisation on the way in', () => {
    it('stores the body of every payload without anything executable', async () => {
      // Payloads with control characters never reach the sanitiser: validation refuses them.
      const [withControls, plain] = [
        xssCorpus.filter((payload) => hasForbiddenControlCharacter(payload)),
        xssCorpus.filter((payload) => !hasForbiddenControlCharacter(payload)),
      ];
      for (const payload of withControls) {
        const refused = await call('POST', '/articles', editor, {
          categoryId: experienceId,
          title: 't',
          summary: 's',
          bodyHtml: payload,
        });
        expect(refused.statusCode).toBe(422);
        expect(refused.json().data.fields[0].field).toBe('bodyHtml');
      }
      const body = plain.map((payload) => `<p>x</p>${payload}`).join('');
      const article = await create(editor, {
        bodyHtml: `<h2 style="text-align: center">标题</h2><p><strong>保留</strong></p>${body}`,
      });
      const stored = article.bodyHtml.toLowerCase();
      expect(stored).not.toMatch(
        /<script|\son[a-z]+\s*=|javascript:|vbscript:|data:|expression\s*\(|<iframe|<svg|<style/,
      );
      expect(article.bodyHtml).toContain('<h2 style="text-align:center">标题</h2>');
      expect(article.bodyHtml).toContain('<strong>保留</strong>');

      const updated = await call('PUT', `/articles/${article.id}`, editor, {
        version: article.version,
        bodyHtml: '<p onclick="steal()">text</p><img src="x" onerror="alert(1)">',
      });
      expect(updated.json().data.bodyHtml).toBe('<p>text</p><img src="x" />');
    });
  });
});
