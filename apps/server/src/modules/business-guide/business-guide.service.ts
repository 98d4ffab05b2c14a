import {
  ARTICLE_BODY_MAX,
  ARTICLE_STATUSES,
  type Article,
  type ArticleConflict,
  type ArticleStatus,
  type ArticleSummary,
  ErrorCode,
  type GuideCategory,
  type GuideCategoryInput,
  type Page,
  hasPermission,
  type articleCreateSchema,
  type articleListQuerySchema,
  type articleUpdateSchema,
} from '@cityops/contract';
import type { z } from 'zod';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { VersionedOutcome } from '../../db/versioned.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { CommandRunner } from '../access/command.js';
import type { UserRepository } from '../organization/user.repository.js';
import type {
  ArticleColumns,
  ArticleRecord,
  ArticleWithBody,
  BusinessGuideRepository,
} from './business-guide.repository.js';
import { articleText, sanitizeArticleHtml } from './sanitize-article-html.js';
import { documentTerms, keywordQuery, normaliseText } from './search-terms.js';

type ListQuery = z.output<typeof articleListQuerySchema>;
type CreateInput = z.output<typeof articleCreateSchema>;
type UpdateInput = z.output<typeof articleUpdateSchema>;

const PUBLISHED_ONLY: readonly ArticleStatus[] = ['published'];

function toSummary(record: ArticleRecord): ArticleSummary {
  return {
    id: record.id,
    categoryId: record.categoryId,
    categoryCode: record.categoryCode,
    categoryName: record.categoryName,
    categoryNameEn: record.categoryNameEn,
    title: record.title,
    language: record.language,
    summary: record.summary,
    coverImage: record.coverImage,
    issuingAuthority: record.issuingAuthority,
    documentNumber: record.documentNumber,
    publishDate: record.publishDate,
    status: record.status,
    authorName: record.authorName,
    organizationName: record.organizationName,
    organizationNameEn: record.organizationNameEn,
    viewCount: record.viewCount,
    version: record.version,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    publishedAt: record.publishedAt?.toISOString() ?? null,
  };
}

function toArticle(record: ArticleWithBody): Article {
  return { ...toSummary(record), bodyHtml: record.bodyHtml, updatedByName: record.updatedByName };
}

function categorySnapshot(category: GuideCategory): Record<string, unknown> {
  const { code, name, nameEn, sortOrder } = category;
  return { code, name, nameEn, sortOrder };
}

/** The stored form of an article's content: sanitised body and its search terms. */
export function articleContent(
  fields: Omit<ArticleColumns, 'searchTerms' | 'searchText'>,
): ArticleColumns {
  const bodyHtml = sanitizeArticleHtml(fields.bodyHtml);
  if (bodyHtml.length > ARTICLE_BODY_MAX) {
    throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, { messageKey: 'guide.bodyTooLong' });
  }
  const text = [
    fields.title,
    fields.summary,
    fields.issuingAuthority,
    fields.documentNumber,
    articleText(bodyHtml),
  ].join('\n');
  return {
    ...fields,
    bodyHtml,
    searchTerms: documentTerms(text),
    searchText: normaliseText(text),
  };
}

/** What the trail keeps of an article: its fields, the body by its length only. */
function articleSnapshot(
  record: Omit<ArticleColumns, 'searchTerms' | 'searchText'> & { status?: ArticleStatus },
) {
  return {
    title: record.title,
    categoryId: record.categoryId,
    language: record.language,
    summary: record.summary,
    coverImage: record.coverImage,
    issuingAuthority: record.issuingAuthority,
    documentNumber: record.documentNumber,
    publishDate: record.publishDate,
    bodyLength: record.bodyHtml.length,
    ...(record.status === undefined ? {} : { status: record.status }),
  };
}

function isoMinute(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export interface BusinessGuideServiceOptions {
  guide: BusinessGuideRepository;
  users: UserRepository;
  clock: Clock;
  /** Every change is a command: one transaction with its trail record (docs/architecture.md). */
  commands: CommandRunner;
}

/**
 * Guidance articles: staff read what is published; writers (the routes declare
 * `guide:article:write`) see and change every status. Every change names the version it was made on, and a change made on a
 * version that has moved on is refused with `040009`, overwriting nothing. The routes
 * ask the access policy first (business-guide.routes.ts); the rules of an article's
 * status are here.
 */
export class BusinessGuideService {
  constructor(private readonly options: BusinessGuideServiceOptions) {}

  private readableStatuses(auth: AuthContext): readonly ArticleStatus[] {
    return hasPermission(auth, 'guide:article:write') ? ARTICLE_STATUSES : PUBLISHED_ONLY;
  }

  // ---- categories ----

  async categories(auth: AuthContext): Promise<GuideCategory[]> {
    return this.options.guide.listCategories(this.readableStatuses(auth));
  }

  /** A category as the policy weighs it (plugins/command-pipeline.ts); 404 when it is gone. */
  async category(auth: AuthContext, id: number): Promise<GuideCategory> {
    const category = (await this.categories(auth)).find((entry) => entry.id === id);
    if (!category) throw notFound();
    return category;
  }

  async createCategory(auth: AuthContext, input: GuideCategoryInput): Promise<GuideCategory> {
    const id = await this.options.commands.run(auth, async ({ businessGuide }) => {
      const created = await businessGuide.insertCategory(input);
      if (!created) {
        throw new AppError(ErrorCode.CONFLICT, { messageKey: 'guide.categoryCodeTaken' });
      }
      return {
        target: { kind: 'guide-category', id: created, name: input.name },
        after: { ...input },
        value: created,
      };
    });
    return this.category(auth, id);
  }

  async updateCategory(
    auth: AuthContext,
    id: number,
    input: GuideCategoryInput,
  ): Promise<GuideCategory> {
    const sameCode = await this.options.guide.findCategoryByCode(input.code);
    if (sameCode && sameCode.id !== id) {
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'guide.categoryCodeTaken' });
    }
    const before = await this.category(auth, id);
    const now = this.options.clock.now();
    await this.options.commands.run(auth, async ({ businessGuide }) => ({
      outcome: (await businessGuide.updateCategory(id, input, now)) ? 'ok' : 'missing',
      target: { kind: 'guide-category', id, name: input.name },
      before: categorySnapshot(before),
      after: { ...input },
      value: id,
    }));
    return this.category(auth, id);
  }

  async deleteCategory(auth: AuthContext, id: number): Promise<void> {
    const before = await this.category(auth, id);
    const inUse = await this.options.guide.countArticlesIn(id);
    if (inUse > 0) {
      throw new AppError(ErrorCode.CONFLICT, {
        messageKey: 'guide.categoryInUse',
        values: { count: inUse },
      });
    }
    await this.options.commands.run(auth, async ({ businessGuide }) => ({
      outcome: (await businessGuide.deleteCategory(id)) ? 'ok' : 'missing',
      target: { kind: 'guide-category', id, name: before.name },
      before: categorySnapshot(before),
      value: id,
    }));
  }

  // ---- articles ----

  async list(auth: AuthContext, query: ListQuery): Promise<Page<ArticleSummary>> {
    const readable = this.readableStatuses(auth);
    // Readers see published articles whatever they ask for.
    const statuses = query.status && readable.includes(query.status) ? [query.status] : readable;
    const { terms, phrases } = keywordQuery(query.keyword ?? '');
    const { rows, total } = await this.options.guide.search({
      statuses,
      categoryId: query.categoryId,
      language: query.language,
      terms,
      phrases,
      sortBy: query.sortBy,
      sortOrder: query.sortOrder,
      limit: query.pageSize,
      offset: (query.pageIndex - 1) * query.pageSize,
    });
    return {
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
      pages: Math.ceil(total / query.pageSize),
      total,
      rows: rows.map(toSummary),
    };
  }

  /** Reading a published article counts a view; opening it to edit does not. */
  async read(auth: AuthContext, id: number, purpose: 'read' | 'edit'): Promise<Article> {
    // Opening to edit is a writer's call; the route lets every reader read.
    if (purpose === 'edit' && !hasPermission(auth, 'guide:article:write')) throw forbidden();
    const record = await this.options.guide.findArticle(id);
    if (!record || !this.readableStatuses(auth).includes(record.status)) throw notFound();
    if (purpose === 'read' && record.status === 'published') {
      await this.options.guide.countView(id);
      record.viewCount += 1;
    }
    return toArticle(record);
  }

  private async requireCategory(categoryId: number): Promise<void> {
    if (!(await this.options.guide.findCategory(categoryId))) {
      throw new AppError(ErrorCode.VALIDATION, {
        messageKey: 'guide.categoryMissing',
        fields: [{ field: 'categoryId', message: 'guide.categoryMissing' }],
      });
    }
  }

  async create(auth: AuthContext, input: CreateInput): Promise<Article> {
    await this.requireCategory(input.categoryId);
    const user = await this.options.users.findById(auth.userId);
    const content = articleContent(input);
    const now = this.options.clock.now();
    const id = await this.options.commands.run(auth, async ({ businessGuide }) => {
      const created = await businessGuide.insertArticle({
        ...content,
        status: 'draft',
        authorId: auth.userId,
        organizationId: user?.organizationId ?? null,
        createdAt: now,
        publishedAt: null,
      });
      return {
        target: { kind: 'article', id: created, name: content.title },
        after: articleSnapshot({ ...content, status: 'draft' }),
        value: created,
      };
    });
    return toArticle((await this.options.guide.findArticle(id))!);
  }

  /** An article as the policy weighs it (plugins/command-pipeline.ts); 404 when it is gone. */
  async article(id: number): Promise<ArticleWithBody> {
    const record = await this.options.guide.findArticle(id);
    if (!record) throw notFound();
    return record;
  }

  /** The current article, or `040009` with who changed it when the version is stale. */
  private async current(id: number, version: number): Promise<ArticleWithBody> {
    const record = await this.options.guide.findArticle(id);
    if (!record) throw notFound();
    if (record.version !== version) throw this.conflict(record, version);
    return record;
  }

  private conflict(record: ArticleWithBody, yours: number): AppError {
    const data: ArticleConflict = {
      currentVersion: record.version,
      updatedAt: record.updatedAt.toISOString(),
      updatedByName: record.updatedByName,
    };
    return new AppError(ErrorCode.CONFLICT, {
      messageKey: 'guide.conflict',
      values: {
        name: record.updatedByName ?? '-',
        time: isoMinute(record.updatedAt),
        current: record.version,
        yours,
      },
      data,
    });
  }

  /**
   * A write that found the article at another version: the `040009` that names who
   * changed it, read in the write's own transaction (so nothing is written); an
   * article that is gone is the command's not-found.
   */
  private async overtaken(
    guide: BusinessGuideRepository,
    id: number,
    version: number,
    outcome: VersionedOutcome,
  ): Promise<VersionedOutcome> {
    if (outcome === 'ok' || outcome === 'missing') return outcome;
    const record = await guide.findArticle(id);
    if (!record) return 'missing';
    throw this.conflict(record, version);
  }

  /**
   * Writes `changes` if the article is still at `version`, under the route's declared
   * action. The check and the write are one conditional UPDATE, so two editors racing
   * cannot both win.
   */
  private async applyChange(
    auth: AuthContext,
    change: {
      record: ArticleWithBody;
      version: number;
      changes: Parameters<BusinessGuideRepository['updateIfVersion']>[2];
    },
  ): Promise<Article> {
    const { record, version, changes } = change;
    const id = record.id;
    const now = this.options.clock.now();
    await this.options.commands.run(auth, async ({ businessGuide }) => ({
      outcome: await this.overtaken(
        businessGuide,
        id,
        version,
        await businessGuide.updateIfVersion(id, version, changes, auth.userId, now),
      ),
      target: { kind: 'article', id, name: changes.title ?? record.title },
      before: articleSnapshot(record),
      after: articleSnapshot({ ...record, ...changes }),
      value: id,
    }));
    return toArticle((await this.options.guide.findArticle(id))!);
  }

  async update(auth: AuthContext, id: number, input: UpdateInput): Promise<Article> {
    const { version, ...fields } = input;
    const record = await this.current(id, version);
    if (fields.categoryId !== undefined) await this.requireCategory(fields.categoryId);
    const content = articleContent({
      categoryId: fields.categoryId ?? record.categoryId,
      title: fields.title ?? record.title,
      language: fields.language ?? record.language,
      summary: fields.summary ?? record.summary,
      coverImage: fields.coverImage === undefined ? record.coverImage : fields.coverImage,
      bodyHtml: fields.bodyHtml ?? record.bodyHtml,
      issuingAuthority: fields.issuingAuthority ?? record.issuingAuthority,
      documentNumber: fields.documentNumber ?? record.documentNumber,
      publishDate: fields.publishDate === undefined ? record.publishDate : fields.publishDate,
    });
    return this.applyChange(auth, {
      record,
      version,
      changes: content,
    });
  }

  async publish(auth: AuthContext, id: number, version: number): Promise<Article> {
    const record = await this.current(id, version);
    if (record.status === 'published') {
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'guide.alreadyPublished' });
    }
    const now = this.options.clock.now();
    return this.applyChange(auth, {
      record,
      version,
      changes: {
        status: 'published',
        publishedAt: now,
        publishDate: record.publishDate ?? now.toISOString().slice(0, 10),
      },
    });
  }

  async withdraw(auth: AuthContext, id: number, version: number): Promise<Article> {
    const record = await this.current(id, version);
    if (record.status !== 'published') {
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'guide.notPublished' });
    }
    return this.applyChange(auth, {
      record,
      version,
      changes: { status: 'withdrawn' },
    });
  }

  async remove(auth: AuthContext, id: number, version: number): Promise<void> {
    const record = await this.current(id, version);
    if (record.status === 'published') {
      throw new AppError(ErrorCode.CONFLICT, { messageKey: 'guide.withdrawFirst' });
    }
    await this.options.commands.run(auth, async ({ businessGuide }) => ({
      outcome: await this.overtaken(
        businessGuide,
        id,
        version,
        await businessGuide.deleteIfVersion(id, version),
      ),
      target: { kind: 'article', id, name: record.title },
      before: articleSnapshot(record),
      value: id,
    }));
  }
}
