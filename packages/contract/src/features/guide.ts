import { EDITOR_ROLE, STAFF_ROLE } from '../roles.js';
import type { FeatureManifest } from './manifest.js';

const EVERYONE = [EDITOR_ROLE, STAFF_ROLE] as const;

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
    'guide.category.create': { en: 'Guidance category created', 'zh-CN': '新增业务指导栏目' },
    'guide.category.update': { en: 'Guidance category changed', 'zh-CN': '修改业务指导栏目' },
    'guide.category.delete': { en: 'Guidance category deleted', 'zh-CN': '删除业务指导栏目' },
    'guide.article.create': { en: 'Guidance article created', 'zh-CN': '新建业务指导文章' },
    'guide.article.update': { en: 'Guidance article changed', 'zh-CN': '修改业务指导文章' },
    'guide.article.publish': { en: 'Guidance article published', 'zh-CN': '发布业务指导文章' },
    'guide.article.withdraw': { en: 'Guidance article withdrawn', 'zh-CN': '撤回业务指导文章' },
    'guide.article.delete': { en: 'Guidance article deleted', 'zh-CN': '删除业务指导文章' },
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
