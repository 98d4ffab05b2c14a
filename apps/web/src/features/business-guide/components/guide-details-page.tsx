import { ArrowLeftOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Flex, Image, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resolveFileUrl } from '@/lib/file-url';
import { useArticle } from '../api/get-article';
import { useArticleId } from '../hooks/use-article-id';
import { useAccess } from '@/lib/access/use-access';
import { guidePaths } from '../lib/article-links';
import { ArticleBody } from './article-body';
import { ArticleStatusTag } from './article-status-tag';
import { GuideTheme } from './guide-theme';
import { businessGuideTexts } from '@/locales/business-guide-texts';
import { registerTexts } from '@/lib/i18n';
import { scaledPx } from '@/lib/root-font-size';
import { localName } from '@/lib/local-name';

registerTexts(businessGuideTexts);

/** `/business_guide/details?id=`: the article as a reader sees it. */
export function GuideDetailsPage() {
  return (
    <GuideTheme>
      <GuideDetailsPageContent />
    </GuideTheme>
  );
}

function GuideDetailsPageContent() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const id = useArticleId();
  const canWrite = useAccess('guide:article:write');
  const article = useArticle(id, 'read');

  const back = (
    <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(guidePaths.table)}>
      {t('businessGuide.action.back')}
    </Button>
  );

  if (id === null || article.isError) {
    return (
      <section aria-labelledby="guide-details-title">
        <Typography.Title level={2} id="guide-details-title">
          {t('route.guideDetails')}
        </Typography.Title>
        <Alert
          type="warning"
          showIcon
          title={t(id === null ? 'businessGuide.details.noId' : 'businessGuide.details.missing')}
          style={{ marginBottom: 16 }}
        />
        {back}
      </section>
    );
  }
  if (!article.data) return <Skeleton active aria-busy="true" />;

  const data = article.data;
  return (
    <article aria-labelledby="guide-details-title" style={{ maxWidth: 960 }}>
      <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 12 }}>
        {back}
        {canWrite && (
          <Space wrap>
            <Button
              icon={<EditOutlined aria-hidden />}
              onClick={() => navigate(guidePaths.edit(data.id))}
            >
              {t('businessGuide.action.editDetails')}
            </Button>
            <Button
              icon={<EditOutlined aria-hidden />}
              onClick={() => navigate(guidePaths.editor(data.id))}
            >
              {t('businessGuide.action.editBody')}
            </Button>
          </Space>
        )}
      </Flex>
      {/* The article's own language, so a screen reader reads it with the right voice. */}
      <Typography.Title level={2} id="guide-details-title" lang={data.language}>
        {data.title}
      </Typography.Title>
      <Space wrap size="middle" style={{ marginBottom: 16 }}>
        {canWrite && <ArticleStatusTag status={data.status} />}
        <Typography.Text type="secondary">
          <EyeOutlined aria-hidden /> {t('businessGuide.details.views', { count: data.viewCount })}
        </Typography.Text>
      </Space>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        title={<span className="visually-hidden">{t('businessGuide.details.meta')}</span>}
        items={[
          {
            key: 'category',
            label: t('businessGuide.column.category'),
            children: localName(
              { name: data.categoryName, nameEn: data.categoryNameEn },
              i18n.language,
            ),
          },
          {
            key: 'authority',
            label: t('businessGuide.column.authority'),
            children: data.issuingAuthority || '—',
          },
          {
            key: 'number',
            label: t('businessGuide.column.documentNumber'),
            children: data.documentNumber || '—',
          },
          {
            key: 'date',
            label: t('businessGuide.column.publishDate'),
            children: data.publishDate ?? '—',
          },
          {
            key: 'author',
            label: t('businessGuide.details.author'),
            children: data.authorName ?? '—',
          },
          {
            key: 'organization',
            label: t('businessGuide.details.organization'),
            children:
              data.organizationName == null
                ? '—'
                : localName(
                    { name: data.organizationName, nameEn: data.organizationNameEn },
                    i18n.language,
                  ),
          },
        ]}
      />
      {data.coverImage && (
        <div style={{ margin: '16px 0' }}>
          <Image
            src={resolveFileUrl(data.coverImage)}
            alt={t('businessGuide.details.cover', { title: data.title })}
            style={{ maxHeight: 320, objectFit: 'contain' }}
          />
        </div>
      )}
      {data.summary && (
        <Typography.Paragraph
          type="secondary"
          style={{ marginTop: 16, fontSize: scaledPx(15) }}
          lang={data.language}
        >
          {data.summary}
        </Typography.Paragraph>
      )}
      <div lang={data.language}>
        <ArticleBody html={data.bodyHtml} />
      </div>
    </article>
  );
}
