import {
  ARTICLE_LANGUAGES,
  isArticleLanguage,
  ARTICLE_PAGE_SIZE,
  ARTICLE_SORT_KEYS,
  ARTICLE_STATUSES,
  type ArticleListQuery,
  type ArticleSortKey,
  type ArticleStatus,
  type ArticleSummary,
} from '@cityops/contract';
import { PlusOutlined, TagsOutlined } from '@ant-design/icons';
import {
  Button,
  Empty,
  Flex,
  Input,
  Select,
  Space,
  Table,
  type TableProps,
  Typography,
} from 'antd';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useArticles } from '../api/get-articles';
import { useCategories } from '../api/get-categories';
import { useAccess } from '@/lib/access/use-access';
import { guidePaths } from '../lib/article-links';
import { ArticleActions } from './article-actions';
import { ArticleStatusTag } from './article-status-tag';
import styles from './guide-table-page.module.css';
import { GuideTheme } from './guide-theme';
import { businessGuideTexts } from '@/locales/business-guide-texts';
import { registerTexts } from '@/lib/i18n';
import { scaledPx } from '@/lib/root-font-size';
import { useUiScale } from '@/stores/app-store';
import { localName } from '@/lib/local-name';
import { formatDateTime } from '@/lib/date-time';

registerTexts(businessGuideTexts);

// Administrators only, and only when opened: the list page stays light.
const CategoryDialog = lazy(() =>
  import('./category-dialog').then((m) => ({ default: m.CategoryDialog })),
);

/** `language=all` in the address lists every language; no parameter, the reader's own. */
const ALL_LANGUAGES = 'all';

function readQuery(params: URLSearchParams, readerLanguage: string): ArticleListQuery {
  const number = (name: string) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const sortBy = params.get('sortBy');
  const status = params.get('status');
  const language = params.get('language') ?? readerLanguage;
  return {
    keyword: params.get('keyword') ?? undefined,
    categoryId: number('categoryId'),
    language: isArticleLanguage(language) ? language : undefined,
    status: (ARTICLE_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as ArticleStatus)
      : undefined,
    sortBy: (ARTICLE_SORT_KEYS as readonly string[]).includes(sortBy ?? '')
      ? (sortBy as ArticleSortKey)
      : 'publishDate',
    sortOrder: params.get('sortOrder') === 'asc' ? 'asc' : 'desc',
    pageIndex: number('pageIndex') ?? 1,
    pageSize: number('pageSize') ?? ARTICLE_PAGE_SIZE,
  };
}

/**
 * `/business_guide/table`: search, category and status filters, sorting and
 * paging, all kept in the address so a reload or a shared link shows the same
 * page. Writers get the actions; readers get published articles only.
 */
export function GuideTablePage() {
  return (
    <GuideTheme>
      <GuideTablePageContent />
    </GuideTheme>
  );
}

function GuideTablePageContent() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const canWrite = useAccess('guide:article:write');
  const canManageCategories = useAccess('guide:category:write');
  const scale = useUiScale();
  const categories = useCategories();
  // Mounted on the first open and kept, so closing animates and gives focus back.
  const [categoriesOpened, setCategoriesOpened] = useState(false);
  const [categoriesOpen, setCategoriesOpen] = useState(false);

  // The menu may open the list on a category by its code (`tab=laws`).
  const tab = params.get('tab');
  const tabCategory = tab ? categories.data?.find((category) => category.code === tab) : undefined;
  const query = readQuery(params, i18n.language);
  if (query.categoryId === undefined && tabCategory) query.categoryId = tabCategory.id;
  const articles = useArticles(query);

  function update(changes: Record<string, string | number | undefined>, resetPage = true) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (resetPage) next.delete('pageIndex');
    setParams(next, { replace: true });
  }

  const categoryOptions = useMemo(
    () =>
      (categories.data ?? []).map((category) => ({
        value: category.id,
        label: localName(category, i18n.language),
      })),
    [categories.data, i18n.language],
  );

  const sortOrderOf = (key: ArticleSortKey) =>
    query.sortBy === key ? (query.sortOrder === 'asc' ? 'ascend' : 'descend') : null;

  // Fits 1366 px screens beside the sidebar: the title and the actions stay in view
  // (fixed) when a narrower window scrolls, long texts are cut with their full text
  // on hover, and a writer's list leaves the authority and number to wider screens.
  const wideOnly = canWrite ? { responsive: ['xxl' as const] } : {};
  // Column widths grow with the interface on big screens (lib/root-font-size.ts).
  const px = (width: number) => Math.round(width * scale);
  const columns: TableProps<ArticleSummary>['columns'] = [
    {
      key: 'title',
      dataIndex: 'title',
      title: t('businessGuide.column.title'),
      sorter: true,
      sortOrder: sortOrderOf('title'),
      fixed: 'left',
      width: px(250),
      // The link carries the full title; a second one on the cell would repeat it.
      ellipsis: { showTitle: false },
      render: (title: string, article) => (
        <Link to={guidePaths.details(article.id)} title={title}>
          {title}
        </Link>
      ),
    },
    {
      key: 'category',
      title: t('businessGuide.column.category'),
      width: px(130),
      render: (_, article) =>
        localName({ name: article.categoryName, nameEn: article.categoryNameEn }, i18n.language),
    },
    {
      key: 'authority',
      dataIndex: 'issuingAuthority',
      title: t('businessGuide.column.authority'),
      width: px(170),
      ellipsis: true,
      ...wideOnly,
    },
    {
      key: 'documentNumber',
      dataIndex: 'documentNumber',
      title: t('businessGuide.column.documentNumber'),
      width: px(150),
      ellipsis: true,
      ...wideOnly,
    },
    {
      key: 'publishDate',
      dataIndex: 'publishDate',
      title: t('businessGuide.column.publishDate'),
      sorter: true,
      sortOrder: sortOrderOf('publishDate'),
      width: px(120),
    },
    {
      key: 'viewCount',
      dataIndex: 'viewCount',
      title: t('businessGuide.column.views'),
      sorter: true,
      sortOrder: sortOrderOf('viewCount'),
      align: 'right',
      width: px(100),
    },
    ...(canWrite
      ? ([
          {
            key: 'status',
            dataIndex: 'status',
            title: t('businessGuide.column.status'),
            render: (status: ArticleStatus) => <ArticleStatusTag status={status} />,
            width: px(100),
          },
          {
            key: 'updatedAt',
            dataIndex: 'updatedAt',
            title: t('businessGuide.column.updatedAt'),
            sorter: true,
            sortOrder: sortOrderOf('updatedAt'),
            render: (value: string) => formatDateTime(value),
            width: px(150),
          },
          {
            key: 'actions',
            title: t('businessGuide.column.actions'),
            render: (_, article) => <ArticleActions article={article} />,
            fixed: 'right',
            width: px(200),
          },
        ] satisfies TableProps<ArticleSummary>['columns'])
      : []),
  ];

  // The columns' own widths; a wider screen spreads them, a narrower one scrolls. The
  // columns kept for wide screens are left out: where they show, there is room.
  const minimumWidth = columns.reduce(
    (sum, column) => sum + (column.responsive ? 0 : Number(column.width ?? 0)),
    0,
  );

  return (
    <section aria-labelledby="guide-list-title">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={2} id="guide-list-title" style={{ margin: 0 }}>
          {t('businessGuide.list.heading')}
        </Typography.Title>
        <Space wrap>
          {canManageCategories && (
            <Button
              icon={<TagsOutlined aria-hidden />}
              aria-haspopup="dialog"
              onClick={() => {
                setCategoriesOpened(true);
                setCategoriesOpen(true);
              }}
            >
              {t('businessGuide.categories.manage')}
            </Button>
          )}
          {canWrite && (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => navigate(guidePaths.edit())}
            >
              {t('businessGuide.list.newArticle')}
            </Button>
          )}
        </Space>
      </Flex>
      {canManageCategories && categoriesOpened && (
        <Suspense fallback={null}>
          <CategoryDialog open={categoriesOpen} onClose={() => setCategoriesOpen(false)} />
        </Suspense>
      )}
      <div role="search" aria-label={t('businessGuide.list.search')}>
        <Flex wrap gap={12} style={{ marginBottom: 16 }}>
          <Input.Search
            key={query.keyword ?? ''}
            defaultValue={query.keyword}
            aria-label={t('businessGuide.list.search')}
            placeholder={t('businessGuide.list.searchPlaceholder')}
            allowClear
            enterButton={t('businessGuide.list.search')}
            style={{ maxWidth: scaledPx(420) }}
            onSearch={(value) => update({ keyword: value.trim() })}
          />
          <Select
            aria-label={t('businessGuide.list.category')}
            style={{ minWidth: scaledPx(200) }}
            value={query.categoryId ?? ''}
            options={[
              { value: '', label: t('businessGuide.list.allCategories') },
              ...categoryOptions,
            ]}
            onChange={(value: number | '') => update({ categoryId: value, tab: undefined })}
          />
          <Select
            aria-label={t('businessGuide.list.language')}
            style={{ minWidth: scaledPx(140) }}
            value={query.language ?? ALL_LANGUAGES}
            options={[
              { value: ALL_LANGUAGES, label: t('businessGuide.list.allLanguages') },
              ...ARTICLE_LANGUAGES.map((language) => ({
                value: language,
                label: t(`businessGuide.language.${language}`),
              })),
            ]}
            onChange={(value: string) => update({ language: value })}
          />
          {canWrite && (
            <Select
              aria-label={t('businessGuide.list.status')}
              style={{ minWidth: scaledPx(140) }}
              value={query.status ?? ''}
              options={[
                { value: '', label: t('businessGuide.list.allStatuses') },
                ...ARTICLE_STATUSES.map((status) => ({
                  value: status,
                  label: t(`businessGuide.status.${status}`),
                })),
              ]}
              onChange={(value: ArticleStatus | '') => update({ status: value })}
            />
          )}
        </Flex>
      </div>
      <Table<ArticleSummary>
        className={styles.table}
        rowKey="id"
        aria-label={t('businessGuide.list.results')}
        columns={columns}
        dataSource={articles.data?.rows ?? []}
        loading={articles.isFetching}
        locale={{ emptyText: <Empty description={t('businessGuide.list.empty')} /> }}
        tableLayout="fixed"
        scroll={{ x: minimumWidth }}
        pagination={{
          current: query.pageIndex,
          pageSize: query.pageSize,
          total: articles.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('businessGuide.list.total', { count: total }),
        }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'paginate') {
            update(
              { pageIndex: pagination.current, pageSize: pagination.pageSize },
              pagination.pageSize !== query.pageSize,
            );
            return;
          }
          if (extra.action === 'sort' && !Array.isArray(sorter)) {
            const key = sorter.columnKey as ArticleSortKey | undefined;
            update({
              sortBy: sorter.order && key ? key : undefined,
              sortOrder: sorter.order === 'ascend' ? 'asc' : undefined,
            });
          }
        }}
      />
    </section>
  );
}
