import { type RefObject, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type Viewer from 'viewerjs';
import { VIEWER_ACTIONS, type ViewerLabels, keepViewerLabelled } from '../lib/viewer-a11y';
import { VIEWER_DEFAULTS } from '../lib/viewer-options';

/**
 * Opens the images inside `container` in viewer.js with the spec's defaults.
 * viewer.js (and its styles) load on the first open, so the reader's first
 * screen does not pay for them.
 */
export function useImageViewer(container: RefObject<HTMLElement | null>, html: string) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const labels: ViewerLabels = {
      toolbar: t('businessGuide.viewer.toolbar'),
      list: t('businessGuide.viewer.list'),
      close: t('businessGuide.viewer.close'),
      actions: Object.fromEntries(
        VIEWER_ACTIONS.map((action) => [action, t(`businessGuide.viewer.actions.${action}`)]),
      ),
    };
    let stopLabelling: (() => void) | null = null;
    const element = container.current;
    if (!element) return;
    let viewer: Viewer | null = null;
    let disposed = false;
    const images = [...element.querySelectorAll('img')];

    async function open(index: number) {
      if (!viewer) {
        const [{ default: ViewerJs }] = await Promise.all([
          import('viewerjs'),
          import('viewerjs/dist/viewer.css'),
          import('../lib/viewer-overrides.css'),
        ]);
        if (disposed || !element) return;
        const created: Viewer = new ViewerJs(element, {
          ...VIEWER_DEFAULTS,
          filter: (image: Element) => image.tagName === 'IMG',
          // Its controls get names in the UI's language and valid roles (lib/viewer-a11y.ts).
          ready: () => {
            // viewer.js keeps its root element on the instance; its typings do not say so.
            const root = (created as unknown as { viewer?: HTMLElement }).viewer;
            if (root) stopLabelling = keepViewerLabelled(root, labels);
          },
        });
        viewer = created;
      }
      viewer.view(index);
    }

    const cleanups = images.map((image, index) => {
      // Images become buttons: reachable and openable from the keyboard too.
      image.setAttribute('tabindex', '0');
      image.setAttribute('role', 'button');
      const onClick = (event: Event) => {
        event.preventDefault();
        void open(index);
      };
      const onKey = (event: KeyboardEvent) => {
        if (event.key === 'Enter' || event.key === ' ') onClick(event);
      };
      image.addEventListener('click', onClick);
      image.addEventListener('keydown', onKey);
      return () => {
        image.removeEventListener('click', onClick);
        image.removeEventListener('keydown', onKey);
      };
    });
    return () => {
      disposed = true;
      stopLabelling?.();
      cleanups.forEach((cleanup) => cleanup());
      viewer?.destroy();
    };
    // A language change rebuilds the viewer, so its names follow.
  }, [container, html, t, i18n.language]);
}
