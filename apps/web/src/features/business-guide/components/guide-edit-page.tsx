import {
  ARTICLE_AUTHORITY_MAX,
  ARTICLE_DOCUMENT_NUMBER_MAX,
  ARTICLE_LANGUAGES,
  isArticleLanguage,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE_MAX,
  type Article,
  type ArticleLanguage,
  GUIDE_UPLOAD_BUCKET,
} from '@cityops/contract';
import { Alert, Button, Form, Input, Modal, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateField } from '@/components/date-field/date-field';
import { ImageUpload } from '@/components/image-upload/image-upload';
import { toast } from '@/lib/toast';
import { useCreateArticle } from '../api/create-article';
import { useArticle } from '../api/get-article';
import { useCategories } from '../api/get-categories';
import { useUpdateArticle } from '../api/update-article';
import { useArticleId } from '../hooks/use-article-id';
import { useAccess } from '@/lib/access/use-access';
import { failureMessage, isConflict, showFieldErrors } from '@/lib/forms/api-failure';
import { guidePaths } from '../lib/article-links';
import { GuideTheme } from './guide-theme';
import { businessGuideTexts } from '@/locales/business-guide-texts';
import { registerTexts } from '@/lib/i18n';
import { localName } from '@/lib/local-name';

registerTexts(businessGuideTexts);

interface MetadataValues {
  categoryId?: number;
  title: string;
  language: ArticleLanguage;
  summary: string;
  coverImage: string;
  issuingAuthority: string;
  documentNumber: string;
  publishDate: string;
}

/** A new article is written in the writer's interface language unless they choose another. */
function valuesOf(article: Article | undefined, writerLanguage?: string): MetadataValues {
  return {
    categoryId: article?.categoryId,
    title: article?.title ?? '',
    language: article?.language ?? (isArticleLanguage(writerLanguage) ? writerLanguage : 'zh-CN'),
    summary: article?.summary ?? '',
    coverImage: article?.coverImage ?? '',
    issuingAuthority: article?.issuingAuthority ?? '',
    documentNumber: article?.documentNumber ?? '',
    publishDate: article?.publishDate ?? '',
  };
}

/**
 * `/business_guide/government_edit`: the article's details (category, title,
 * summary, cover, issuing authority, document number, publish date). Without an
 * `id` it creates a draft; with one it saves on the version it loaded.
 */
export function GuideEditPage() {
  return (
    <GuideTheme>
      <GuideEditPageContent />
    </GuideTheme>
  );
}

function GuideEditPageContent() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const createArticle = useCreateArticle();
  const updateArticle = useUpdateArticle();
  const [modal, modalHolder] = Modal.useModal();
  const id = useArticleId();
  const canWrite = useAccess('guide:article:write');
  const categories = useCategories();
  const article = useArticle(canWrite ? id : null, 'edit');
  const [form] = Form.useForm<MetadataValues>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (article.data) form.setFieldsValue(valuesOf(article.data));
  }, [article.data, form]);

  const max = (limit: number) => ({
    max: limit,
    message: t('businessGuide.form.tooLong', { max: limit }),
  });

  async function save(next: 'stay' | 'editor') {
    let values: MetadataValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    const fields = {
      categoryId: values.categoryId!,
      title: values.title,
      language: values.language,
      summary: values.summary ?? '',
      coverImage: values.coverImage || null,
      issuingAuthority: values.issuingAuthority ?? '',
      documentNumber: values.documentNumber ?? '',
      publishDate: values.publishDate || null,
    };
    try {
      const saved =
        id && article.data
          ? await updateArticle.mutateAsync({
              id,
              input: { ...fields, version: article.data.version },
            })
          : await createArticle.mutateAsync({ ...fields, bodyHtml: '' });
      toast.success({ content: t('businessGuide.action.saved') });
      navigate(next === 'editor' ? guidePaths.editor(saved.id) : guidePaths.edit(saved.id), {
        replace: next === 'stay',
      });
    } catch (error) {
      if (isConflict(error)) {
        modal.confirm({
          title: t('businessGuide.editor.conflictTitle'),
          content: failureMessage(error, ''),
          okText: t('businessGuide.editor.reload'),
          cancelText: t('common.close'),
          onOk: () => article.refetch(),
        });
      } else if (!showFieldErrors(form, error)) {
        toast.error({ content: failureMessage(error, t('error.server')) });
      }
    } finally {
      setSaving(false);
    }
  }

  const heading = id ? t('businessGuide.form.heading') : t('businessGuide.form.newHeading');
  if (!canWrite) {
    return (
      <section aria-labelledby="guide-edit-title">
        <Typography.Title level={2} id="guide-edit-title">
          {heading}
        </Typography.Title>
        <Alert type="warning" showIcon title={t('error.forbidden')} />
      </section>
    );
  }
  if (id && article.isError) {
    return (
      <section aria-labelledby="guide-edit-title">
        <Typography.Title level={2} id="guide-edit-title">
          {heading}
        </Typography.Title>
        <Alert type="warning" showIcon title={t('businessGuide.details.missing')} />
      </section>
    );
  }
  if (id && !article.data) return <Skeleton active />;

  return (
    <section aria-labelledby="guide-edit-title" style={{ maxWidth: 820 }}>
      {modalHolder}
      <Typography.Title level={2} id="guide-edit-title">
        {heading}
      </Typography.Title>
      <Form<MetadataValues>
        form={form}
        layout="vertical"
        initialValues={valuesOf(article.data, i18n.language)}
        requiredMark
        onFinish={() => void save('stay')}
      >
        <Form.Item
          name="categoryId"
          label={t('businessGuide.form.category')}
          rules={[{ required: true, message: t('businessGuide.form.categoryRequired') }]}
        >
          <Select
            loading={categories.isPending}
            options={(categories.data ?? []).map((category) => ({
              value: category.id,
              label: localName(category, i18n.language),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('businessGuide.form.title')}
          rules={[
            { required: true, whitespace: true, message: t('businessGuide.form.titleRequired') },
            max(ARTICLE_TITLE_MAX),
          ]}
        >
          <Input maxLength={ARTICLE_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item name="language" label={t('businessGuide.form.language')}>
          <Select
            style={{ width: 180 }}
            options={ARTICLE_LANGUAGES.map((language) => ({
              value: language,
              label: t(`businessGuide.language.${language}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="summary"
          label={t('businessGuide.form.summary')}
          rules={[max(ARTICLE_SUMMARY_MAX)]}
        >
          <Input.TextArea rows={3} maxLength={ARTICLE_SUMMARY_MAX} showCount />
        </Form.Item>
        <Form.Item name="coverImage" label={t('businessGuide.form.cover')}>
          <ImageUpload
            bucketName={GUIDE_UPLOAD_BUCKET}
            aria-label={t('businessGuide.form.coverUpload')}
          />
        </Form.Item>
        <Space wrap size="large" align="start">
          <Form.Item
            name="issuingAuthority"
            label={t('businessGuide.form.authority')}
            rules={[max(ARTICLE_AUTHORITY_MAX)]}
          >
            <Input maxLength={ARTICLE_AUTHORITY_MAX} style={{ width: 320 }} />
          </Form.Item>
          <Form.Item
            name="documentNumber"
            label={t('businessGuide.form.documentNumber')}
            rules={[max(ARTICLE_DOCUMENT_NUMBER_MAX)]}
          >
            <Input maxLength={ARTICLE_DOCUMENT_NUMBER_MAX} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item
            name="publishDate"
            label={t('businessGuide.form.publishDate')}
            extra={t('businessGuide.form.publishDateHint')}
          >
            <DateField style={{ width: 180 }} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('businessGuide.form.save')}
          </Button>
          <Button onClick={() => void save('editor')} disabled={saving}>
            {t('businessGuide.form.saveAndWrite')}
          </Button>
          <Button onClick={() => navigate(id ? guidePaths.details(id) : guidePaths.table)}>
            {t('businessGuide.form.cancel')}
          </Button>
        </Space>
      </Form>
    </section>
  );
}
