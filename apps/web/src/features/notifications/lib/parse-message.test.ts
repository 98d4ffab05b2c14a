import type { Message } from '@cityops/contract';
import { describe, expect, it } from 'vitest';
import { avatarLabel, avatarLines, stripTags, toMessageView } from './parse-message';

const message = (patch: Partial<Message>): Message => ({
  id: '1',
  title: '事件调度：新派遣任务',
  content: '',
  type: 'json',
  boolRead: false,
  createdTime: '2026-06-01T08:00:00.000Z',
  updatedTime: '2026-06-01T08:00:00.000Z',
  ...patch,
});

describe('json messages', () => {
  it('parses a JSON string: content without tags, link = pcUrl + pcRoute, oneType', () => {
    const view = toMessageView(
      message({
        content: JSON.stringify({
          content: '<p>江城大道<b>占道经营</b>&nbsp;请处置</p>',
          pcUrl: '/demo-subsystem.html',
          pcRoute: '?system=event_dispatch',
          oneType: 'command_coordination',
        }),
      }),
    );
    expect(view).toMatchObject({
      content: '江城大道占道经营 请处置',
      link: '/demo-subsystem.html?system=event_dispatch',
      oneType: 'command_coordination',
    });
  });

  it('parses the list form split on semicolons, keeping colons inside values', () => {
    const view = toMessageView(
      message({
        content:
          'content:<b>3号摄像头</b>离线;pcUrl:https://video.example.gov/app;pcRoute:#/camera/3;oneType:command_coordination',
      }),
    );
    expect(view).toMatchObject({
      content: '3号摄像头离线',
      link: 'https://video.example.gov/app#/camera/3',
      oneType: 'command_coordination',
    });
  });

  it('parses the list form split on commas, with = too', () => {
    const view = toMessageView(
      message({
        content: 'content=设备告警, pcUrl=/demo-subsystem.html, oneType=industry_applications',
      }),
    );
    expect(view).toMatchObject({
      content: '设备告警',
      link: '/demo-subsystem.html',
      oneType: 'industry_applications',
    });
  });

  it('parses a double-encoded JSON string', () => {
    const inner = JSON.stringify({ content: 'x', pcUrl: '/a', pcRoute: '/b', oneType: 'c' });
    expect(toMessageView(message({ content: JSON.stringify(inner) }))).toMatchObject({
      content: 'x',
      link: '/a/b',
      oneType: 'c',
    });
  });

  it('a json message without link fields has no link; unparseable content shows as text', () => {
    expect(toMessageView(message({ content: '{"content":"<i>hello</i>"}' }))).toMatchObject({
      content: 'hello',
      link: '',
      oneType: '',
    });
    expect(toMessageView(message({ content: '{broken <b>json</b>' }))).toMatchObject({
      content: '{broken json',
      link: '',
    });
  });

  it('other types are text with tags stripped, never parsed for links', () => {
    expect(
      toMessageView(
        message({ type: 'text', content: '<script>alert(1)</script>pcUrl:/x;<b>维护</b>' }),
      ),
    ).toMatchObject({ content: 'pcUrl:/x;维护', link: '', oneType: '' });
  });
});

describe('helpers', () => {
  it('the avatar label is the first 4 characters of the title, or the fallback', () => {
    expect(avatarLabel('系统维护通知', 'message notification')).toBe('系统维护');
    expect(avatarLabel('Hi', 'x')).toBe('Hi');
    expect(avatarLabel('😀😀😀😀😀', 'x')).toBe('😀😀😀😀');
    expect(avatarLabel('  ', 'message notification')).toBe('message notification');
  });

  it('lays a label out in at most two lines that fit the circle', () => {
    expect(avatarLines('系统维护')).toEqual(['系统', '维护']);
    expect(avatarLines('停水通知')).toEqual(['停水', '通知']);
    expect(avatarLines('会议')).toEqual(['会议']);
    expect(avatarLines('Hi')).toEqual(['Hi']);
    expect(avatarLines('Road')).toEqual(['Ro', 'ad']);
    expect(avatarLines('😀😀😀😀')).toEqual(['😀😀', '😀😀']);
    expect(avatarLines('Message notification')).toEqual(['Message', 'notification']);
  });

  it('strips tags and decodes entities', () => {
    expect(stripTags('<p>a &amp; b &lt;c&gt;</p><style>p{}</style>')).toBe('a & b <c>');
  });
});
