import type { ArticleLanguage, ArticleSortKey, ArticleStatus } from '@cityops/contract';
import { type SQL, type SQLWrapper, and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { guideArticles, guideCategories, organizations, users } from '../../db/schema/index.js';
import { deleteVersioned, updateVersioned, type VersionedOutcome } from '../../db/versioned.js';

export interface CategoryRecord {
  id: number;
  code: string;
  name: string;
  nameEn: string;
  sortOrder: number;
  articleCount: number;
}

export interface ArticleRecord {
  id: number;
  categoryId: number;
  categoryCode: string;
  categoryName: string;
  categoryNameEn: string;
  title: string;
  language: ArticleLanguage;
  summary: string;
  coverImage: string | null;
  issuingAuthority: string;
  documentNumber: string;
  publishDate: string | null;
  status: ArticleStatus;
  authorId: number | null;
  authorName: string | null;
  organizationName: string | null;
  organizationNameEn: string | null;
  updatedByName: string | null;
  viewCount: number;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
}

export interface ArticleWithBody extends ArticleRecord {
  bodyHtml: string;
}

export interface ArticleSearch {
  statuses: readonly ArticleStatus[];
  categoryId?: number | undefined;
  language?: ArticleLanguage | undefined;
  terms: string[];
  phrases: string[];
  sortBy: ArticleSortKey;
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** Stored columns a create or an update writes. */
export interface ArticleColumns {
  categoryId: number;
  title: string;
  language: ArticleLanguage;
  summary: string;
  coverImage: string | null;
  bodyHtml: string;
  issuingAuthority: string;
  documentNumber: string;
  publishDate: string | null;
  searchTerms: string[];
  searchText: string;
}

export interface NewArticle extends ArticleColumns {
  status: ArticleStatus;
  authorId: number | null;
  organizationId: number | null;
  createdAt: Date;
  publishedAt: Date | null;
  viewCount?: number;
}

const author = alias(users, 'author');
const editor = alias(users, 'editor');

const articleColumns = {
  id: guideArticles.id,
  categoryId: guideArticles.categoryId,
  categoryCode: guideCategories.code,
  categoryName: guideCategories.name,
  categoryNameEn: guideCategories.nameEn,
  title: guideArticles.title,
  language: sql<ArticleLanguage>`${guideArticles.language}`,
  summary: guideArticles.summary,
  coverImage: guideArticles.coverImage,
  issuingAuthority: guideArticles.issuingAuthority,
  documentNumber: guideArticles.documentNumber,
  publishDate: guideArticles.publishDate,
  status: sql<ArticleStatus>`${guideArticles.status}`,
  authorId: guideArticles.authorId,
  authorName: author.name,
  organizationName: organizations.name,
  organizationNameEn: organizations.nameEn,
  updatedByName: editor.name,
  viewCount: guideArticles.viewCount,
  version: guideArticles.version,
  createdAt: guideArticles.createdAt,
  updatedAt: guideArticles.updatedAt,
  publishedAt: guideArticles.publishedAt,
};

function textArray(values: string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

export class BusinessGuideRepository {
  constructor(private readonly db: Executor) {}

  // ---- categories ----

  async listCategories(statuses: readonly ArticleStatus[]): Promise<CategoryRecord[]> {
    return this.db
      .select({
        id: guideCategories.id,
        code: guideCategories.code,
        name: guideCategories.name,
        nameEn: guideCategories.nameEn,
        sortOrder: guideCategories.sortOrder,
        articleCount: sql<number>`(select count(*)::int from ${guideArticles}
          where ${guideArticles.categoryId} = ${guideCategories.id}
            and ${inArray(guideArticles.status, [...statuses])})`,
      })
      .from(guideCategories)
      .orderBy(asc(guideCategories.sortOrder), asc(guideCategories.id));
  }

  async findCategory(id: number): Promise<{ id: number; code: string } | null> {
    const rows = await this.db
      .select({ id: guideCategories.id, code: guideCategories.code })
      .from(guideCategories)
      .where(eq(guideCategories.id, id));
    return rows[0] ?? null;
  }

  async findCategoryByCode(code: string): Promise<{ id: number } | null> {
    const rows = await this.db
      .select({ id: guideCategories.id })
      .from(guideCategories)
      .where(eq(guideCategories.code, code));
    return rows[0] ?? null;
  }

  async insertCategory(values: {
    code: string;
    name: string;
    nameEn: string;
    sortOrder: number;
  }): Promise<number> {
    const rows = await this.db
      .insert(guideCategories)
      .values(values)
      .onConflictDoNothing({ target: guideCategories.code })
      .returning({ id: guideCategories.id });
    return rows[0]?.id ?? 0;
  }

  async updateCategory(
    id: number,
    values: { code: string; name: string; nameEn: string; sortOrder: number },
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(guideCategories)
      .set({ ...values, updatedAt: now })
      .where(eq(guideCategories.id, id))
      .returning({ id: guideCategories.id });
    return rows.length > 0;
  }

  async deleteCategory(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(guideCategories)
      .where(eq(guideCategories.id, id))
      .returning({ id: guideCategories.id });
    return rows.length > 0;
  }

  async countArticlesIn(categoryId: number): Promise<number> {
    const rows = await this.db
      .select({ value: count() })
      .from(guideArticles)
      .where(eq(guideArticles.categoryId, categoryId));
    return rows[0]?.value ?? 0;
  }

  // ---- articles ----

  async search(search: ArticleSearch): Promise<{ rows: ArticleRecord[]; total: number }> {
    const conditions: SQL[] = [inArray(guideArticles.status, [...search.statuses])];
    if (search.categoryId !== undefined) {
      conditions.push(eq(guideArticles.categoryId, search.categoryId));
    }
    if (search.language !== undefined) {
      conditions.push(eq(guideArticles.language, search.language));
    }
    if (search.terms.length > 0) {
      conditions.push(sql`${guideArticles.searchTerms} @> ${textArray(search.terms)}`);
    }
    for (const phrase of search.phrases) {
      conditions.push(sql`${guideArticles.searchText} like ${likePattern(phrase)}`);
    }
    const where = and(...conditions);
    const direction = search.sortOrder === 'asc' ? asc : desc;
    const sortColumn = {
      publishDate: guideArticles.publishDate,
      updatedAt: guideArticles.updatedAt,
      createdAt: guideArticles.createdAt,
      viewCount: guideArticles.viewCount,
      title: guideArticles.title,
    }[search.sortBy];
    // Ordered with the sort key as `orderedBy` gives it: the page's own select
    // and the outer one must agree, nulls included.
    const orderedBy = (key: SQLWrapper, id: SQLWrapper) => [
      search.sortBy === 'publishDate'
        ? sql`${key} ${sql.raw(search.sortOrder)} nulls last`
        : direction(key),
      direction(id),
    ];
    /*
     * The page is chosen from the articles alone and only its rows are joined
     * to their category, authors and organisation: joined before the limit,
     * PostgreSQL joined every match of the keyword (and, misjudging how few
     * they were, scanned the organisations once per match) before sorting.
     */
    const page = this.db
      .select({ id: guideArticles.id, sortKey: sql`${sortColumn}`.as('sort_key') })
      .from(guideArticles)
      .where(where)
      .orderBy(...orderedBy(sortColumn, guideArticles.id))
      .limit(search.limit)
      .offset(search.offset)
      .as('page');

    const [rows, totals] = await Promise.all([
      this.db
        .select(articleColumns)
        .from(page)
        .innerJoin(guideArticles, eq(guideArticles.id, page.id))
        .innerJoin(guideCategories, eq(guideCategories.id, guideArticles.categoryId))
        .leftJoin(author, eq(author.id, guideArticles.authorId))
        .leftJoin(editor, eq(editor.id, guideArticles.updatedBy))
        .leftJoin(organizations, eq(organizations.id, guideArticles.organizationId))
        .orderBy(...orderedBy(page.sortKey, page.id)),
      this.db.select({ value: count() }).from(guideArticles).where(where),
    ]);
    return { rows, total: totals[0]?.value ?? 0 };
  }

  async findArticle(id: number): Promise<ArticleWithBody | null> {
    const rows = await this.db
      .select({ ...articleColumns, bodyHtml: guideArticles.bodyHtml })
      .from(guideArticles)
      .innerJoin(guideCategories, eq(guideCategories.id, guideArticles.categoryId))
      .leftJoin(author, eq(author.id, guideArticles.authorId))
      .leftJoin(editor, eq(editor.id, guideArticles.updatedBy))
      .leftJoin(organizations, eq(organizations.id, guideArticles.organizationId))
      .where(eq(guideArticles.id, id))
      .limit(1);
    return rows[0] ?? null;
  }

  async insertArticle(article: NewArticle): Promise<number> {
    const rows = await this.db
      .insert(guideArticles)
      .values({
        ...article,
        updatedBy: article.authorId,
        updatedAt: article.createdAt,
      })
      .returning({ id: guideArticles.id });
    return rows[0]!.id;
  }

  /**
   * Applies a change only if the stored version is still `expectedVersion`, and
   * counts one more version. False when the row is gone or has moved on.
   */
  async updateIfVersion(
    id: number,
    expectedVersion: number,
    changes: Partial<ArticleColumns> & {
      status?: ArticleStatus;
      publishedAt?: Date | null;
    },
    updatedBy: number,
    now: Date,
  ): Promise<VersionedOutcome> {
    return updateVersioned(this.db, guideArticles, id, expectedVersion, {
      ...changes,
      updatedBy,
      updatedAt: now,
    });
  }

  async deleteIfVersion(id: number, expectedVersion: number): Promise<VersionedOutcome> {
    return deleteVersioned(this.db, guideArticles, id, expectedVersion);
  }

  /** One more view of a published article; does not touch its version. */
  async countView(id: number): Promise<void> {
    await this.db
      .update(guideArticles)
      .set({ viewCount: sql`${guideArticles.viewCount} + 1` })
      .where(and(eq(guideArticles.id, id), eq(guideArticles.status, 'published')));
  }
}
