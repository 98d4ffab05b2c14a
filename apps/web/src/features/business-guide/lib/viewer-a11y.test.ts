import Viewer from 'viewerjs';
import { afterEach, describe, expect, it } from 'vitest';
import { VIEWER_ACTIONS, keepViewerLabelled } from './viewer-a11y';

const labels = {
  toolbar: '图片工具',
  list: '图片列表',
  close: '关闭',
  actions: Object.fromEntries(VIEWER_ACTIONS.map((action) => [action, `名称-${action}`])),
};

afterEach(() => {
  document.body.innerHTML = '';
});

/** viewer.js itself, built around two images as on the details page. */
function openViewer(): Promise<{ viewer: Viewer; container: HTMLElement }> {
  const gallery = document.createElement('div');
  gallery.innerHTML = '<img src="/a.png" alt="桥梁全景"><img src="/b.png" alt="伸缩缝">';
  document.body.append(gallery);
  return new Promise((resolve) => {
    const viewer: Viewer = new Viewer(gallery, {
      ready() {
        resolve({ viewer, container: (viewer as unknown as { viewer: HTMLElement }).viewer });
      },
    });
    viewer.show();
  });
}

describe('keepViewerLabelled', () => {
  it('names the controls, makes the toolbar a toolbar and marks the shown image current', async () => {
    const { viewer, container } = await openViewer();
    const stop = keepViewerLabelled(container, labels);

    const toolbar = container.querySelector('.viewer-toolbar > ul')!;
    expect(toolbar).toHaveAttribute('role', 'toolbar');
    expect(toolbar).toHaveAttribute('aria-label', '图片工具');
    for (const button of toolbar.querySelectorAll('[role="button"]')) {
      expect(button.getAttribute('aria-label')).toMatch(/^名称-/);
    }
    expect(container.querySelector('.viewer-zoom-in')).toHaveAttribute(
      'aria-label',
      '名称-zoom-in',
    );
    expect(container.querySelector('.viewer-navigation .viewer-prev')).toHaveAttribute(
      'aria-label',
      '名称-prev',
    );
    expect(container.querySelector('.viewer-button')).toHaveAttribute('aria-label', '关闭');

    // viewer.js marks the shown thumbnail aria-selected (not allowed on a button) each time
    // it shows an image; jsdom loads no image, so do what it does.
    const item = document.createElement('li');
    item.setAttribute('role', 'button');
    item.className = 'viewer-active';
    container.querySelector('.viewer-list')!.append(item);
    item.setAttribute('aria-selected', 'true');
    await new Promise((resolve) => setTimeout(resolve));
    expect(item).not.toHaveAttribute('aria-selected');
    expect(item).toHaveAttribute('aria-current', 'true');
    stop();
    viewer.destroy();
  });
});
