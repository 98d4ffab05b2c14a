import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { users } from './users.js';

/** The managed list of guidance categories, named in both languages. */
export const guideCategories = pgTable(
  'guide_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('guide_categories_code_idx').on(table.code)],
);

/** A guidance article. `version` counts saves, for optimistic concurrency. */
export const guideArticles = pgTable(
  'guide_articles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => guideCategories.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    coverImage: text('cover_image'),
    /** Sanitised with the server's allowlist before it is stored. */
    bodyHtml: text('body_html').notNull().default(''),
    issuingAuthority: text('issuing_authority').notNull().default(''),
    documentNumber: text('document_number').notNull().default(''),
    publishDate: date('publish_date', { mode: 'string' }),
    /** The language the article is written in (`zh-CN` or `en`). */
    language: text('language').notNull().default('zh-CN'),
    status: text('status').notNull().default('draft'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: integer('organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    viewCount: integer('view_count').notNull().default(0),
    version: integer('version').notNull().default(1),
    /**
     * Search terms of title, summary and body text: lower-case words with their
     * prefixes, and Chinese single characters and bigrams (see search-terms.ts).
     * A GIN index answers "contains all these terms" on PGlite and PostgreSQL alike.
     */
    searchTerms: text('search_terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Normalised plain text of title, summary and body, to confirm phrase matches. */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (table) => [
    index('guide_articles_status_date_idx').on(table.status, table.publishDate),
    // The list in the reader's language, newest first.
    index('guide_articles_language_status_date_idx').on(
      table.language,
      table.status,
      table.publishDate,
    ),
    index('guide_articles_category_idx').on(table.categoryId),
    index('guide_articles_updated_idx').on(table.updatedAt),
    index('guide_articles_search_idx').using('gin', table.searchTerms),
    check('guide_articles_language_check', sql`${table.language} in ('zh-CN', 'en')`),
    check(
      'guide_articles_status_check',
      sql`${table.status} in ('draft', 'published', 'withdrawn')`,
    ),
  ],
);
