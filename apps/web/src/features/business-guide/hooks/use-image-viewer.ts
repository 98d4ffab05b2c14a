import { type RefObject, useEffect } from 'react';
import type Viewer from 'viewerjs';
import { VIEWER_DEFAULTS } from '../lib/viewer-options';

/**
 * Opens the images inside `container` in viewer.js with the spec's defaults.
 * viewer.js (and its styles) load on the first open, so the reader's first
 * screen does not pay for them.
 */
export function useImageViewer(container: RefObject<HTMLElement | null>, html: string) {
  useEffect(() => {
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
        ]);
        if (disposed || !element) return;
        viewer = new ViewerJs(element, {
          ...VIEWER_DEFAULTS,
          filter: (image: Element) => image.tagName === 'IMG',
        });
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
      cleanups.forEach((cleanup) => cleanup());
      viewer?.destroy();
    };
  }, [container, html]);
}
