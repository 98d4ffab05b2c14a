import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, registerTexts } from '@/lib/i18n';
import { mapTexts } from '@/locales/map-texts';
import type { SelectedInfo } from '../lib/map-editor';
import { AttributePanel } from './attribute-panel';

registerTexts(mapTexts);

const district: SelectedInfo = {
  key: 'f-1',
  id: 1,
  name: '滨江区',
  kind: 'district',
  properties: { nameEn: 'Binjiang District' },
  layerId: 1,
  geometryType: 'Polygon',
  vertices: 5,
  length: null,
  area: 12_000_000,
  editable: false,
};

const incident: SelectedInfo = {
  ...district,
  key: 'f-2',
  id: 2,
  name: '井盖缺失',
  kind: 'incident',
  properties: { status: '待处理', level: 2 },
  geometryType: 'Point',
  vertices: 1,
  area: null,
  editable: true,
};

beforeAll(async () => {
  await initI18n('zh-CN');
});

describe('AttributePanel', () => {
  it("shows a read-only feature in the person's words, not the data's keys", () => {
    render(<AttributePanel selected={district} onApply={() => undefined} />);
    const panel = screen.getByRole('region', { name: '属性' });
    expect(within(panel).getByLabelText('类型')).toHaveValue('行政区');
    expect(within(panel).getByLabelText('英文名称')).toHaveValue('Binjiang District');
    expect(panel).not.toHaveTextContent('district');
    expect(panel).not.toHaveTextContent('nameEn');
    // The geometry facts: a heading and a label that say different things.
    expect(within(panel).getByRole('heading', { name: '图形信息' })).toBeInTheDocument();
    expect(within(panel).getByText('图形类型')).toBeInTheDocument();
    expect(within(panel).getByText('面 · 5 个节点')).toBeInTheDocument();
  });

  it('edits a known kind by its name and keeps the code in the data', async () => {
    const onApply = vi.fn();
    render(<AttributePanel selected={incident} onApply={onApply} />);
    const kind = screen.getByLabelText('类型');
    expect(kind).toHaveValue('事件');
    await userEvent.clear(kind);
    await userEvent.type(kind, '巡查路线');
    // A known property is labelled by its name; another keeps its own key.
    await userEvent.clear(screen.getByLabelText('处理状态'));
    await userEvent.type(screen.getByLabelText('处理状态'), '处理中');
    await userEvent.click(screen.getByRole('button', { name: /应\s*用/ }));
    expect(onApply).toHaveBeenCalledWith({
      name: '井盖缺失',
      kind: 'patrol_route',
      properties: { status: '处理中', level: 2 },
    });
  });

  it('reads in English too', async () => {
    await i18n.changeLanguage('en');
    render(<AttributePanel selected={district} onApply={() => undefined} />);
    expect(screen.getByLabelText('Type')).toHaveValue('District');
    expect(screen.getByLabelText('English name')).toHaveValue('Binjiang District');
    await i18n.changeLanguage('zh-CN');
  });
});
