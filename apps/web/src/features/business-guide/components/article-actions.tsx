import type { ArticleSummary } from '@cityops/contract';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { useChangeArticleStatus } from '../api/change-article-status';
import { useDeleteArticle } from '../api/delete-article';
import { guidePaths } from '../lib/article-links';

/** The writer's actions on one article of the list. */
export function ArticleActions({ article }: { article: ArticleSummary }) {
  const { t } = useTranslation();
  const status = useChangeArticleStatus();
  const remove = useDeleteArticle();
  const published = article.status === 'published';
  const action = published ? 'withdraw' : 'publish';
  const done = published ? 'withdrawn' : 'published';

  return (
    <Space size={4} wrap>
      <Link
        to={guidePaths.edit(article.id)}
        aria-label={`${t('businessGuide.action.editDetails')}: ${article.title}`}
      >
        {t('businessGuide.action.editDetails')}
      </Link>
      <Link
        to={guidePaths.editor(article.id)}
        aria-label={`${t('businessGuide.action.editBody')}: ${article.title}`}
      >
        {t('businessGuide.action.editBody')}
      </Link>
      <Popconfirm
        title={t(`businessGuide.action.${action}Confirm`, { title: article.title })}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onConfirm={() =>
          status
            .mutateAsync({ id: article.id, action, version: article.version })
            .then(() => toast.success({ content: t(`businessGuide.action.${done}`) }))
        }
      >
        <Button
          type="link"
          size="small"
          aria-label={`${t(`businessGuide.action.${action}`)}: ${article.title}`}
        >
          {t(`businessGuide.action.${action}`)}
        </Button>
      </Popconfirm>
      {!published && (
        <Popconfirm
          title={t('businessGuide.action.deleteConfirm', { title: article.title })}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            remove
              .mutateAsync(article)
              .then(() => toast.success({ content: t('businessGuide.action.deleted') }))
          }
        >
          <Button
            type="link"
            size="small"
            danger
            aria-label={`${t('businessGuide.action.delete')}: ${article.title}`}
          >
            {t('businessGuide.action.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
