/** The names of the viewer's controls, in the UI's language. */
export interface ViewerLabels {
  toolbar: string;
  list: string;
  close: string;
  /** By viewer.js's action names: zoom-in, zoom-out, one-to-one, reset, prev, play, next, ... */
  actions: Record<string, string>;
}

/** viewer.js's toolbar actions, as the classes of its controls name them. */
export const VIEWER_ACTIONS = [
  'zoom-in',
  'zoom-out',
  'one-to-one',
  'reset',
  'prev',
  'play',
  'next',
  'rotate-left',
  'rotate-right',
  'flip-horizontal',
  'flip-vertical',
] as const;

/**
 * viewer.js 1.x builds controls that screen readers and axe find wanting: its
 * toolbar is a `ul` of `li role="button"` without names, the thumbnail of the
 * image shown carries `aria-selected` (not allowed on a button), and the few
 * names it has are English. This names every control in the UI's language, makes
 * the toolbar a toolbar (not a list of buttons) and marks the shown thumbnail
 * `aria-current`. Idempotent: it runs again whenever viewer.js redraws.
 */
export function labelViewer(viewer: HTMLElement, labels: ViewerLabels): void {
  const toolbar = viewer.querySelector('.viewer-toolbar > ul');
  // Every write below is conditional: each one would wake the observer again.
  if (toolbar && toolbar.getAttribute('role') !== 'toolbar')
    toolbar.setAttribute('role', 'toolbar');
  if (toolbar && toolbar.getAttribute('aria-label') !== labels.toolbar) {
    toolbar.setAttribute('aria-label', labels.toolbar);
  }
  for (const action of VIEWER_ACTIONS) {
    const name = labels.actions[action];
    if (!name) continue;
    viewer
      .querySelectorAll(`.viewer-toolbar .viewer-${action}, .viewer-navigation .viewer-${action}`)
      .forEach((control) => {
        if (control.getAttribute('aria-label') !== name) control.setAttribute('aria-label', name);
      });
  }
  const close = viewer.querySelector('.viewer-button');
  if (close && close.getAttribute('aria-label') !== labels.close) {
    close.setAttribute('aria-label', labels.close);
  }
  const list = viewer.querySelector('.viewer-list');
  if (list && list.getAttribute('aria-label') !== labels.list) {
    list.setAttribute('aria-label', labels.list);
  }
  viewer.querySelectorAll('.viewer-list > li').forEach((item) => {
    if (item.hasAttribute('aria-selected')) item.removeAttribute('aria-selected');
    const current = item.classList.contains('viewer-active');
    if (current && item.getAttribute('aria-current') !== 'true') {
      item.setAttribute('aria-current', 'true');
    } else if (!current && item.hasAttribute('aria-current')) {
      item.removeAttribute('aria-current');
    }
  });
}

/** Keeps `labelViewer` applied while viewer.js changes its controls; returns the stop. */
export function keepViewerLabelled(viewer: HTMLElement, labels: ViewerLabels): () => void {
  labelViewer(viewer, labels);
  const observer = new MutationObserver(() => labelViewer(viewer, labels));
  observer.observe(viewer, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-selected', 'class', 'aria-label'],
  });
  return () => observer.disconnect();
}
