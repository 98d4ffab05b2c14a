import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { departments, organizations } from '../schema/index.js';
import { hashPassword } from '../../lib/passwords.js';
import { BusinessGuideRepository } from '../../modules/business-guide/business-guide.repository.js';
import { articleContent } from '../../modules/business-guide/business-guide.service.js';
import { UserRepository } from '../../modules/organization/user.repository.js';
import {
  articleBodyHtml,
  guideArticleSeed,
  guideCategorySeed,
  guideDemoEditors,
} from './business-guide-data.js';
import { daysAgo } from './demo-data.js';

/** The seeded categories; run on every start, adds what is missing. */
export async function seedGuideCategories(db: Db): Promise<void> {
  const guide = new BusinessGuideRepository(db);
  for (const [index, category] of guideCategorySeed.entries()) {
    await guide.insertCategory({ ...category, sortOrder: (index + 1) * 10 });
  }
}

/** The demo editors and the demo city's guidance articles (first demo start only). */
export async function seedGuideDemo(db: Db, now: Date): Promise<void> {
  const hashes = await Promise.all(guideDemoEditors.map((editor) => hashPassword(editor.password)));
  await db.transaction(async (tx) => {
    const users = new UserRepository(tx);
    const organisationRows = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .orderBy(organizations.sortOrder, organizations.id);
    const editorIds: number[] = [];
    for (const [index, editor] of guideDemoEditors.entries()) {
      const existing = await users.findByUsername(editor.username);
      if (existing) {
        editorIds.push(existing.id);
        continue;
      }
      const organizationId = organisationRows[editor.organisation]?.id ?? null;
      const departmentRows = organizationId
        ? await tx
            .select({ id: departments.id })
            .from(departments)
            .where(eq(departments.organizationId, organizationId))
            .orderBy(departments.sortOrder, departments.id)
        : [];
      editorIds.push(
        await users.insert({
          username: editor.username,
          name: editor.name,
          mobile: editor.mobile,
          organizationId,
          departmentId: departmentRows[editor.department]?.id ?? null,
          passwordHash: hashes[index]!,
          passwordChangedAt: daysAgo(now, 15),
          mustChangePassword: false,
          roleIds: ['editor'],
        }),
      );
    }

    const guide = new BusinessGuideRepository(tx);
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
