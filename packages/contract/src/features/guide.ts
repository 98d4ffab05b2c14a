import { EDITOR_ROLE, STAFF_ROLE } from '../roles.js';
import type { FeatureManifest } from './manifest.js';

const EVERYONE = [EDITOR_ROLE, STAFF_ROLE] as const;

const CATEGORY_FIELDS = ['code', 'name', 'nameEn', 'sortOrder'] as const;
const ARTICLE_FIELDS = [
  'title',
  'categoryId',
  'language',
  'summary',
  'coverImage',
  'issuingAuthority',
  'documentNumber',
  'publishDate',
  'bodyLength',
  'status',
] as const;

/** The business guide: categories and articles. */
export const GUIDE_PATHS = {
  categories: '/business-guide/categories',
  category: '/business-guide/categories/:id',
  articles: '/business-guide/articles',
  article: '/business-guide/articles/:id',
  publish: '/business-guide/articles/:id/publish',
  withdraw: '/business-guide/articles/:id/withdraw',
} as const;

/** The business guide (业务指导): categories and articles. */
export const guideFeature = {
  feature: 'guide',
  permissions: {
    /** Create, edit, publish, withdraw and delete guidance articles; read every status. */
    'guide:article:write': {
      name: { en: 'Write articles', 'zh-CN': '编写文章' },
      entry: 'guide_list',
      sortOrder: 10,
      grantedTo: [EDITOR_ROLE],
    },
    /** Add, change and delete guidance categories. */
    'guide:category:write': {
      name: { en: 'Manage categories', 'zh-CN': '管理分类' },
      entry: 'guide_list',
      sortOrder: 20,
    },
  },
  auditActions: {
    'guide.category.create': {
      name: { en: 'Guidance category created', 'zh-CN': '新增业务指导栏目' },
      fields: CATEGORY_FIELDS,
    },
    'guide.category.update': {
      name: { en: 'Guidance category changed', 'zh-CN': '修改业务指导栏目' },
      fields: CATEGORY_FIELDS,
    },
    'guide.category.delete': {
      name: { en: 'Guidance category deleted', 'zh-CN': '删除业务指导栏目' },
      fields: CATEGORY_FIELDS,
    },
    'guide.article.create': {
      name: { en: 'Guidance article created', 'zh-CN': '新建业务指导文章' },
      fields: ARTICLE_FIELDS,
    },
    'guide.article.update': {
      name: { en: 'Guidance article changed', 'zh-CN': '修改业务指导文章' },
      fields: ARTICLE_FIELDS,
    },
    'guide.article.publish': {
      name: { en: 'Guidance article published', 'zh-CN': '发布业务指导文章' },
      fields: ARTICLE_FIELDS,
    },
    'guide.article.withdraw': {
      name: { en: 'Guidance article withdrawn', 'zh-CN': '撤回业务指导文章' },
      fields: ARTICLE_FIELDS,
    },
    'guide.article.delete': {
      name: { en: 'Guidance article deleted', 'zh-CN': '删除业务指导文章' },
      fields: ARTICLE_FIELDS,
    },
  },
  auditTargets: {
    'guide-category': { en: 'Guidance category', 'zh-CN': '业务指导栏目' },
    article: { en: 'Guidance article', 'zh-CN': '业务指导文章' },
  },
  auditFields: {
    code: { label: { en: 'Code', 'zh-CN': '栏目编码' }, value: 'code' },
    name: { label: { en: 'Name', 'zh-CN': '栏目名称' }, value: 'text' },
    nameEn: { label: { en: 'English name', 'zh-CN': '英文名称' }, value: 'text' },
    sortOrder: { label: { en: 'Order', 'zh-CN': '排序' }, value: 'number' },
    title: { label: { en: 'Title', 'zh-CN': '标题' }, value: 'text' },
    categoryId: { label: { en: 'Category', 'zh-CN': '栏目' }, value: 'categories' },
    language: {
      label: { en: 'Language', 'zh-CN': '语言' },
      value: {
        enum: {
          'zh-CN': { en: 'Chinese', 'zh-CN': '中文' },
          en: { en: 'English', 'zh-CN': '英文' },
        },
      },
    },
    summary: { label: { en: 'Summary', 'zh-CN': '摘要' }, value: 'text' },
    coverImage: { label: { en: 'Cover image', 'zh-CN': '封面图片' }, value: 'url' },
    issuingAuthority: { label: { en: 'Issuing authority', 'zh-CN': '发文机关' }, value: 'text' },
    documentNumber: { label: { en: 'Document number', 'zh-CN': '文号' }, value: 'text' },
    publishDate: { label: { en: 'Publication date', 'zh-CN': '发布日期' }, value: 'text' },
    bodyLength: {
      label: { en: 'Body length in characters', 'zh-CN': '正文字符数' },
      value: 'count',
    },
    status: {
      label: { en: 'Status', 'zh-CN': '状态' },
      value: {
        enum: {
          draft: { en: 'Draft', 'zh-CN': '草稿' },
          published: { en: 'Published', 'zh-CN': '已发布' },
          withdrawn: { en: 'Withdrawn', 'zh-CN': '已撤回' },
        },
      },
    },
  },
  paths: {
    GUIDE_PATHS,
  },
  menu: [
    {
      code: 'business_guide',
      name: { en: 'Business guidance', 'zh-CN': '业务指导' },
      kind: 'directory',
      icon: 'book',
      url: '/business_guide/table',
      sortOrder: 10,
      grantedTo: EVERYONE,
    },
    {
      code: 'guide_list',
      name: { en: 'Guidance documents', 'zh-CN': '指导文件' },
      kind: 'page',
      icon: 'book',
      url: '/business_guide/table',
      sortOrder: 10,
      parent: 'business_guide',
      grantedTo: EVERYONE,
    },
    {
      code: 'guide_laws',
      name: { en: 'Laws and regulations', 'zh-CN': '法律法规' },
      kind: 'page',
      icon: 'book',
      url: '/business_guide/table',
      query: { tab: 'laws' },
      sortOrder: 20,
      parent: 'business_guide',
      grantedTo: EVERYONE,
    },
  ],
} as const satisfies FeatureManifest;
