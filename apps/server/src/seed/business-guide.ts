import { articleContent } from '../modules/business-guide/business-guide.service.js';
import type { Repositories, WithTransaction } from '../repositories.js';
import { articleBodyHtml, guideArticleSeed, guideCategorySeed } from './business-guide-data.js';
import { ensureDemoAccounts, hashDemoPasswords } from './demo-accounts.js';
import { daysAgo, demoEditors } from './demo-data.js';
import type { PersonalDataSeal } from '../modules/organization/personal-data-seal.js';

/** The seeded categories; run on every start, adds what is missing. */
export async function seedGuideCategories({ businessGuide: guide }: Repositories): Promise<void> {
  for (const [index, category] of guideCategorySeed.entries()) {
    await guide.insertCategory({ ...category, sortOrder: (index + 1) * 10 });
  }
}

/** The demo editors and the demo city's guidance articles (first demo start only). */
export async function seedGuideDemo(
  withTransaction: WithTransaction,
  now: Date,
  personalData: PersonalDataSeal,
): Promise<void> {
  const editors = await hashDemoPasswords(demoEditors, personalData);
  await withTransaction(async (repositories) => {
    const { users, businessGuide: guide } = repositories;
    const editorIds = await ensureDemoAccounts(repositories, editors, now);
    const categories = await guide.listCategories([]);
    const categoryId = new Map(categories.map((category) => [category.code, category.id]));
    const author = await users.findById(editorIds[0]!);
    for (const [index, article] of guideArticleSeed.entries()) {
      const status = article.status ?? 'published';
      const createdAt = daysAgo(now, 400 - index * 10);
      await guide.insertArticle({
        ...articleContent({
          categoryId: categoryId.get(article.category)!,
          title: article.title,
          language: article.language ?? 'zh-CN',
          summary: article.summary,
          coverImage: null,
          bodyHtml: articleBodyHtml(article),
          issuingAuthority: article.authority,
          documentNumber: article.documentNumber,
          publishDate: article.publishDate,
        }),
        status,
        authorId: author?.id ?? null,
        organizationId: author?.organizationId ?? null,
        createdAt,
        publishedAt: status === 'draft' ? null : createdAt,
        viewCount: article.views,
      });
    }
  });
}
