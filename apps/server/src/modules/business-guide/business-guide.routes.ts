import {
  articleCreateSchema,
  articleListQuerySchema,
  articleReadQuerySchema,
  articleSchema,
  articleSummarySchema,
  articleUpdateSchema,
  articleVersionSchema,
  envelopeSchema,
  guideCategoryInputSchema,
  guideCategorySchema,
  recordParamsSchema,
  ok,
  pageSchema,
} from '@cityops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth.js';
import type { Services } from '../../services.js';
import { policy, routeInput } from '../access/policy-targets.js';

type RecordParams = z.output<typeof recordParamsSchema>;
type CategoryInput = z.output<typeof guideCategoryInputSchema>;
type ArticleInput = z.output<typeof articleCreateSchema>;

/** Article bodies with tables and long Chinese text outgrow the default 1 MB. */
const ARTICLE_BODY_LIMIT = 4 * 1024 * 1024;
const tags = ['business-guide'];

/** Below `/api/business-guide` (business-guide.module.ts). */
const businessGuideRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const guide = services.businessGuide;
  /** A category or an article as the policy weighs it: 404 when it is gone. */
  const category = policy('content.write', async (request) => {
    const { id, name } = await guide.category(
      authOf(request),
      routeInput<RecordParams>(request).params.id,
    );
    return { kind: 'guide-category', id, name };
  });
  const article = policy('content.write', async (request) => {
    const { id, title } = await guide.article(routeInput<RecordParams>(request).params.id);
    return { kind: 'article', id, name: title };
  });

  app.get(
    '/categories',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The guidance categories, with the number of articles the caller may read',
        response: { 200: envelopeSchema(z.array(guideCategorySchema)) },
      },
    },
    async (request) => ok(await guide.categories(authOf(request))),
  );

  app.post(
    '/categories',
    {
      config: {
        access: { permission: 'guide:category:write' },
        audit: 'guide.category.create',
        policy: policy('content.write', async (request) => ({
          kind: 'guide-category',
          id: null,
          name: routeInput<unknown, CategoryInput>(request).body.name,
        })),
      },
      schema: {
        tags,
        summary: 'Add a category (administrators)',
        body: guideCategoryInputSchema,
        response: { 200: envelopeSchema(guideCategorySchema) },
      },
    },
    async (request) => ok(await guide.createCategory(authOf(request), request.body)),
  );

  app.put(
    '/categories/:id',
    {
      config: {
        access: { permission: 'guide:category:write' },
        audit: 'guide.category.update',
        policy: category,
      },
      schema: {
        tags,
        summary: 'Rename or reorder a category (administrators)',
        params: recordParamsSchema,
        body: guideCategoryInputSchema,
        response: { 200: envelopeSchema(guideCategorySchema) },
      },
    },
    async (request) =>
      ok(await guide.updateCategory(authOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/categories/:id',
    {
      config: {
        access: { permission: 'guide:category:write' },
        audit: 'guide.category.delete',
        policy: category,
      },
      schema: {
        tags,
        summary: 'Delete an empty category (administrators)',
        params: recordParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await guide.deleteCategory(authOf(request), request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/articles',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Search articles: keyword (Chinese or English), category, status, sort, page',
        description:
          'Staff see published articles only; editors and administrators see every status.',
        querystring: articleListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(articleSummarySchema)) },
      },
    },
    async (request) => ok(await guide.list(authOf(request), request.query)),
  );

  app.get(
    '/articles/:id',
    {
      config: {
        access: 'signed-in',
        // Counting a view writes the article: which statuses a reader sees is the service's.
        policy: policy('guide.article.read', async (request) => ({
          id: routeInput<RecordParams>(request).params.id,
        })),
      },
      schema: {
        tags,
        summary: 'One article; reading a published article counts a view',
        params: recordParamsSchema,
        querystring: articleReadQuerySchema,
        response: { 200: envelopeSchema(articleSchema) },
      },
    },
    async (request) =>
      ok(await guide.read(authOf(request), request.params.id, request.query.purpose)),
  );

  app.post(
    '/articles',
    {
      config: {
        access: { permission: 'guide:article:write' },
        audit: 'guide.article.create',
        policy: policy('content.write', async (request) => ({
          kind: 'article',
          id: null,
          name: routeInput<unknown, ArticleInput>(request).body.title,
        })),
      },
      bodyLimit: ARTICLE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Create a draft (editors and administrators); the body HTML is sanitised',
        body: articleCreateSchema,
        response: { 200: envelopeSchema(articleSchema) },
      },
    },
    async (request) => ok(await guide.create(authOf(request), request.body)),
  );

  app.put(
    '/articles/:id',
    {
      config: {
        access: { permission: 'guide:article:write' },
        audit: 'guide.article.update',
        policy: article,
      },
      bodyLimit: ARTICLE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Change an article made on `version`; a stale version answers 040009',
        params: recordParamsSchema,
        body: articleUpdateSchema,
        response: { 200: envelopeSchema(articleSchema) },
      },
    },
    async (request) => ok(await guide.update(authOf(request), request.params.id, request.body)),
  );

  app.post(
    '/articles/:id/publish',
    {
      config: {
        access: { permission: 'guide:article:write' },
        audit: 'guide.article.publish',
        policy: article,
      },
      schema: {
        tags,
        summary: 'Publish a draft or withdrawn article',
        params: recordParamsSchema,
        body: articleVersionSchema,
        response: { 200: envelopeSchema(articleSchema) },
      },
    },
    async (request) =>
      ok(await guide.publish(authOf(request), request.params.id, request.body.version)),
  );

  app.post(
    '/articles/:id/withdraw',
    {
      config: {
        access: { permission: 'guide:article:write' },
        audit: 'guide.article.withdraw',
        policy: article,
      },
      schema: {
        tags,
        summary: 'Withdraw a published article',
        params: recordParamsSchema,
        body: articleVersionSchema,
        response: { 200: envelopeSchema(articleSchema) },
      },
    },
    async (request) =>
      ok(await guide.withdraw(authOf(request), request.params.id, request.body.version)),
  );

  app.delete(
    '/articles/:id',
    {
      config: {
        access: { permission: 'guide:article:write' },
        audit: 'guide.article.delete',
        policy: article,
      },
      schema: {
        tags,
        summary: 'Delete a draft or withdrawn article',
        params: recordParamsSchema,
        querystring: articleVersionSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await guide.remove(authOf(request), request.params.id, request.query.version);
      return ok(null);
    },
  );
};

export default businessGuideRoutes;
