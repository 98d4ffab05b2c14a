import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useImageViewer } from '../hooks/use-image-viewer';
import { toDisplayHtml } from '../lib/article-html';
import styles from './article-body.module.css';

/** The article's text as a reader sees it; its images open in the image viewer. */
export function ArticleBody({ html }: { html: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const display = useMemo(() => {
    const document = new DOMParser().parseFromString(
      `<body>${toDisplayHtml(html)}</body>`,
      'text/html',
    );
    document.body.querySelectorAll('img').forEach((image, index) => {
      // The accessible name says what the image is and that it opens.
      const alt = image.getAttribute('alt');
      image.setAttribute(
        'aria-label',
        `${alt ? `${alt} – ` : ''}${t('businessGuide.details.openImage', { index: index + 1 })}`,
      );
    });
    return document.body.innerHTML;
  }, [html, t]);
  useImageViewer(ref, display);
  return (
    <div
      ref={ref}
      className={styles.body}
      aria-label={t('businessGuide.details.body')}
      role="region"
      // Sanitised twice: by the server's allowlist when stored, by DOMPurify here.
      dangerouslySetInnerHTML={{ __html: display }}
    />
  );
}
