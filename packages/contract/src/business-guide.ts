import { z } from 'zod';
import {
  ARTICLE_AUTHORITY_MAX,
  ARTICLE_BODY_MAX,
  ARTICLE_DOCUMENT_NUMBER_MAX,
  ARTICLE_LANGUAGES,
  ARTICLE_MAX_PAGE_SIZE,
  ARTICLE_PAGE_SIZE,
  ARTICLE_SORT_KEYS,
  ARTICLE_STATUSES,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE_MAX,
  GUIDE_KEYWORD_MAX,
  ISO_DATE_PATTERN,
} from './business-guide-rules.js';
import { DATABASE_INT_MAX } from './security-rules.js';
import { idSchema, pageIndexSchema, requiredIdSchema } from './validation.js';

const articleStatusSchema = z.enum(ARTICLE_STATUSES);
const articleLanguageSchema = z.enum(ARTICLE_LANGUAGES, { error: 'validation.invalid' });

/** A guidance category: a managed list, named in both languages. */
export const guideCategorySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  sortOrder: z.number().int(),
  /** Articles in the category the caller may read. */
  articleCount: z.number().int(),
});
export type GuideCategory = z.infer<typeof guideCategorySchema>;

export const guideCategoryInputSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(64, 'validation.tooLong')
    .regex(/^[a-z][a-z0-9_]*$/, 'validation.invalid'),
  name: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  nameEn: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  sortOrder: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type GuideCategoryInput = z.infer<typeof guideCategoryInputSchema>;

/** `GET /business-guide/articles` */
export const articleListQuerySchema = z.object({
  keyword: z.string().trim().max(GUIDE_KEYWORD_MAX, 'validation.tooLong').optional(),
  categoryId: idSchema.optional(),
  /** Articles written in this language; every language when absent. */
  language: articleLanguageSchema.optional(),
  /** Ignored for readers: they see published articles only. */
  status: articleStatusSchema.optional(),
  sortBy: z.enum(ARTICLE_SORT_KEYS).default('publishDate'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  pageIndex: pageIndexSchema,
  pageSize: z.coerce.number().int().min(1).max(ARTICLE_MAX_PAGE_SIZE).default(ARTICLE_PAGE_SIZE),
});
export type ArticleListQuery = z.output<typeof articleListQuerySchema>;

export const articleSummarySchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryCode: z.string(),
  categoryName: z.string(),
  categoryNameEn: z.string(),
  title: z.string(),
  language: articleLanguageSchema,
  summary: z.string(),
  coverImage: z.string().nullable(),
  issuingAuthority: z.string(),
  documentNumber: z.string(),
  /** `YYYY-MM-DD` */
  publishDate: z.string().nullable(),
  status: articleStatusSchema,
  authorName: z.string().nullable(),
  organizationName: z.string().nullable(),
  organizationNameEn: z.string().nullable(),
  viewCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleSchema = articleSummarySchema.extend({
  bodyHtml: z.string(),
  updatedByName: z.string().nullable(),
});
export type Article = z.infer<typeof articleSchema>;

/** `GET /business-guide/articles/:id?purpose=edit` reads without counting a view. */
export const articleReadQuerySchema = z.object({
  purpose: z.enum(['read', 'edit']).default('read'),
});

const dateSchema = z.string().regex(ISO_DATE_PATTERN, 'validation.guide.dateInvalid');

/**
 * An uploaded file's address (below the API base as the upload answers it, or
 * relative to it as it answered before), or an absolute http(s) address.
 */
const imageUrlSchema = z
  .string()
  .trim()
  .max(500, 'validation.tooLong')
  .regex(
    /^((?:\/[\w.~-]+)*\/file-go-fastdfs\/files\/[\w.-]+|https?:\/\/\S+)$/,
    'guide.coverInvalid',
  );

const articleFields = {
  categoryId: requiredIdSchema('validation.guide.categoryRequired'),
  title: z
    .string({ error: 'validation.guide.titleRequired' })
    .trim()
    .min(1, 'validation.guide.titleRequired')
    .max(ARTICLE_TITLE_MAX, 'validation.tooLong'),
  language: articleLanguageSchema,
  summary: z.string().trim().max(ARTICLE_SUMMARY_MAX, 'validation.tooLong'),
  coverImage: z.union([imageUrlSchema, z.literal('').transform(() => null), z.null()]),
  /** Sanitised on the server before it is stored. */
  bodyHtml: z.string().max(ARTICLE_BODY_MAX * 2, 'guide.bodyTooLong'),
  issuingAuthority: z.string().trim().max(ARTICLE_AUTHORITY_MAX, 'validation.tooLong'),
  documentNumber: z.string().trim().max(ARTICLE_DOCUMENT_NUMBER_MAX, 'validation.tooLong'),
  publishDate: z.union([dateSchema, z.literal('').transform(() => null), z.null()]),
};

/** `POST /business-guide/articles`: a new draft. */
export const articleCreateSchema = z.object({
  ...articleFields,
  language: articleFields.language.default('zh-CN'),
  summary: articleFields.summary.default(''),
  coverImage: articleFields.coverImage.default(null),
  bodyHtml: articleFields.bodyHtml.default(''),
  issuingAuthority: articleFields.issuingAuthority.default(''),
  documentNumber: articleFields.documentNumber.default(''),
  publishDate: articleFields.publishDate.default(null),
});
export type ArticleCreate = z.output<typeof articleCreateSchema>;

/**
 * `PUT /business-guide/articles/:id`: the fields to change and the version the
 * change was made on. A stale version is refused with `040009`.
 */
export const articleUpdateSchema = z
  .object(articleFields)
  .partial()
  .extend({ version: z.coerce.number().int().positive().max(DATABASE_INT_MAX) });
export type ArticleUpdate = z.output<typeof articleUpdateSchema>;

/** Publish, withdraw and delete name the version they act on too. */
export const articleVersionSchema = z.object({
  version: z.coerce.number().int().positive().max(DATABASE_INT_MAX),
});

/** `data` of a `040009` answer: who changed the article, and when. */
export const articleConflictSchema = z.object({
  currentVersion: z.number().int(),
  updatedAt: z.string(),
  updatedByName: z.string().nullable(),
});
export type ArticleConflict = z.infer<typeof articleConflictSchema>;
