import type { Article } from '@cityops/contract';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Skeleton, Space, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { useUserStore } from '@/stores/user-store';
import { useChangeArticleStatus } from '../api/change-article-status';
import { getArticle, useArticle } from '../api/get-article';
import { useUpdateArticle } from '../api/update-article';
import { useArticleId } from '../hooks/use-article-id';
import { useAccess } from '@/lib/access/use-access';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { failureMessage, isConflict } from '@/lib/forms/api-failure';
import { toDisplayHtml, toStoredHtml } from '../lib/article-html';
import { guidePaths } from '../lib/article-links';
import { type ArticleDraft, draftStore } from '../lib/draft-store';
import { ArticleStatusTag } from './article-status-tag';
import { type RichTextEditorHandle, RichTextEditor } from './rich-text-editor';
import { GuideTheme } from './guide-theme';
import { businessGuideTexts } from '@/locales/business-guide-texts';
import { registerTexts } from '@/lib/i18n';
import { formatDateTime } from '@/lib/date-time';

registerTexts(businessGuideTexts);

/**
 * `/business_guide/guideEditer?id=`: the article's text in the rich-text
 * editor. Every change (throttled) is kept as a draft in this browser until it
 * is saved; saving names the version the text was written on, so a save over
 * someone else's newer version is refused and nothing is lost.
 */
export function GuideEditorPage() {
  return (
    <GuideTheme>
      <GuideEditorPageContent />
    </GuideTheme>
  );
}

function GuideEditorPageContent() {
  const { t } = useTranslation();
  const id = useArticleId();
  const canWrite = useAccess('guide:article:write');
  const article = useArticle(canWrite ? id : null, 'edit');

  if (!canWrite || id === null || article.isError) {
    const message = !canWrite
      ? t('error.forbidden')
      : id === null
        ? t('businessGuide.editor.createFirst')
        : t('businessGuide.details.missing');
    return (
      <section aria-labelledby="guide-editor-title">
        <Typography.Title level={2} id="guide-editor-title">
          {t('businessGuide.editor.heading')}
        </Typography.Title>
        <Alert type="warning" showIcon title={message} style={{ marginBottom: 16 }} />
        <Link to={id === null && canWrite ? guidePaths.edit() : guidePaths.table}>
          {id === null && canWrite
            ? t('businessGuide.list.newArticle')
            : t('businessGuide.action.back')}
        </Link>
      </section>
    );
  }
  if (!article.data) return <Skeleton active />;
  return <ArticleEditor key={article.data.id} article={article.data} />;
}

function ArticleEditor({ article }: { article: Article }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const updateArticle = useUpdateArticle();
  const changeStatus = useChangeArticleStatus();
  const [modal, modalHolder] = Modal.useModal();
  const userId = useUserStore((state) => state.userData?.id ?? state.username);
  const editorRef = useRef<RichTextEditorHandle>(null);

  const [current, setCurrent] = useState(article);
  /** The editor HTML that matches what the server holds. */
  const savedHtml = useRef<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState<ArticleDraft | null>(() => {
    const stored = draftStore.read(userId, article.id);
    return stored && stored.html !== article.bodyHtml ? stored : null;
  });
  const leaveHolder = useLeaveGuard(dirty);
  const [initialHtml] = useState(() => toDisplayHtml(article.bodyHtml));

  const onChange = useCallback(
    (html: string) => {
      // The first event after loading tells what the server's text looks like in the editor.
      savedHtml.current ??= html;
      const changed = html !== savedHtml.current;
      setDirty(changed);
      if (changed) {
        draftStore.write(userId, article.id, {
          html: toStoredHtml(html),
          version: current.version,
          savedAt: new Date().toISOString(),
        });
      } else {
        draftStore.clear(userId, article.id);
      }
    },
    [userId, article.id, current.version],
  );

  // The editor normalises the stored HTML; that normal form is the saved state.
  useEffect(() => {
    savedHtml.current = editorRef.current?.getHtml() ?? null;
  }, []);

  async function save(): Promise<Article | null> {
    const html = editorRef.current!.getHtml();
    setBusy(true);
    try {
      const saved = await updateArticle.mutateAsync({
        id: current.id,
        input: { bodyHtml: toStoredHtml(html), version: current.version },
      });
      savedHtml.current = html;
      setCurrent(saved);
      setDirty(false);
      draftStore.clear(userId, current.id);
      setDraft(null);
      toast.success({ content: t('businessGuide.editor.saved') });
      return saved;
    } catch (error) {
      if (isConflict(error)) {
        modal.confirm({
          title: t('businessGuide.editor.conflictTitle'),
          content: (
            <>
              <p>{failureMessage(error, '')}</p>
              <p>{t('businessGuide.editor.conflictKeep')}</p>
            </>
          ),
          okText: t('businessGuide.editor.reload'),
          cancelText: t('common.close'),
          onOk: reload,
        });
      } else {
        toast.error({ content: failureMessage(error, t('error.server')) });
      }
      return null;
    } finally {
      setBusy(false);
    }
  }

  /** Loads the newest version; the unsaved text stays available as a draft. */
  async function reload() {
    const fresh = await getArticle(current.id, 'edit');
    const kept = draftStore.read(userId, current.id);
    editorRef.current?.setHtml(toDisplayHtml(fresh.bodyHtml));
    savedHtml.current = editorRef.current?.getHtml() ?? null;
    setCurrent(fresh);
    setDirty(false);
    setDraft(kept && kept.html !== fresh.bodyHtml ? kept : null);
  }

  async function publish() {
    const saved = dirty ? await save() : current;
    if (!saved) return;
    setBusy(true);
    try {
      await changeStatus.mutateAsync({ id: saved.id, action: 'publish', version: saved.version });
      toast.success({ content: t('businessGuide.action.published') });
      navigate(guidePaths.details(saved.id));
    } finally {
      setBusy(false);
    }
  }

  function restoreDraft() {
    if (!draft) return;
    editorRef.current?.setHtml(toDisplayHtml(draft.html));
    setDirty(true);
    setDraft(null);
  }

  function discardDraft() {
    draftStore.clear(userId, article.id);
    setDraft(null);
  }

  return (
    <section aria-labelledby="guide-editor-title">
      {modalHolder}
      {leaveHolder}
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <div>
          <Typography.Title level={2} id="guide-editor-title" style={{ margin: 0 }}>
            {t('businessGuide.editor.heading')}
          </Typography.Title>
          <Space wrap>
            <Typography.Text type="secondary">
              {t('businessGuide.editor.editing', {
                title: current.title,
                version: current.version,
              })}
            </Typography.Text>
            <ArticleStatusTag status={current.status} />
            <Typography.Text
              type="secondary"
              role="status"
              style={dirty ? { color: '#8a4b00', fontWeight: 600 } : undefined}
            >
              {dirty ? t('businessGuide.editor.unsaved') : t('businessGuide.editor.saved')}
            </Typography.Text>
          </Space>
        </div>
        <Space wrap>
          <Button
            icon={<ArrowLeftOutlined aria-hidden />}
            onClick={() => navigate(guidePaths.table)}
          >
            {t('businessGuide.action.back')}
          </Button>
          <Button onClick={() => navigate(guidePaths.edit(current.id))}>
            {t('businessGuide.action.editDetails')}
          </Button>
          <Button type="primary" loading={busy} onClick={() => void save()}>
            {t('businessGuide.editor.save')}
          </Button>
          {current.status !== 'published' && (
            <Button loading={busy} onClick={() => void publish()}>
              {t('businessGuide.editor.publish')}
            </Button>
          )}
        </Space>
      </Flex>
      {draft && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('businessGuide.editor.draftFound', {
            time: formatDateTime(draft.savedAt),
          })}
          action={
            <Space>
              <Button size="small" type="primary" onClick={restoreDraft}>
                {t('businessGuide.editor.restoreDraft')}
              </Button>
              <Button size="small" onClick={discardDraft}>
                {t('businessGuide.editor.discardDraft')}
              </Button>
            </Space>
          }
        />
      )}
      <RichTextEditor
        initialHtml={initialHtml}
        onChange={onChange}
        label={t('businessGuide.editor.content')}
        handleRef={editorRef}
      />
    </section>
  );
}
