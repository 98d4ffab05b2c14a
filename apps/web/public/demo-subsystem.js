/* global window, document */
// The demo subsystem: shows what the shell's frame address gave it, in the
// product's language. A plain script (no build step), as an outside system would be.
(function () {
  'use strict';
  var texts = {
    'zh-CN': {
      kicker: '演示子系统',
      intro:
        '这是平台自带的演示页面，代表一个接入外壳的业务子系统。它显示外壳通过地址传给它的内容。',
      ownWindow: '此页面在独立窗口中打开（集成系统的外部地址）。',
      received: '收到的参数',
      user: '用户',
      userId: '用户编号',
      roles: '角色',
      embed: '嵌入模式',
      token: '访问令牌',
      work: '工作区',
      notes: '工作记录',
      loadedAt: '页面加载时间',
      instance: '页面实例',
      yes: '是',
      no: '否',
      tokenReceived: '已收到',
      tokenMissing: '未收到',
      none: '无',
      fallbackTitle: '演示子系统',
      links: '平台链接',
      openMap: '在平台中打开地图编辑',
      callHotline: '拨打 12345 热线',
    },
    en: {
      kicker: 'Demo subsystem',
      intro:
        'This is the demo page the platform ships with; it stands for a business subsystem inside the shell. It shows what the shell passed to it in its address.',
      ownWindow:
        'This page was opened in its own window (the external address of an integrated system).',
      received: 'Received parameters',
      user: 'User',
      userId: 'User id',
      roles: 'Roles',
      embed: 'Embedded',
      token: 'Access token',
      work: 'Work area',
      notes: 'Work notes',
      loadedAt: 'Page loaded at',
      instance: 'Page instance',
      yes: 'yes',
      no: 'no',
      tokenReceived: 'received',
      tokenMissing: 'not received',
      none: 'none',
      fallbackTitle: 'Demo subsystem',
      links: 'Platform links',
      openMap: 'Open the map editor in the platform',
      callHotline: 'Call the 12345 hotline',
    },
  };
  var systems = {
    event_dispatch: ['事件调度', 'Event dispatch'],
    video_surveillance: ['视频监控', 'Video surveillance'],
    emergency_command: ['应急指挥', 'Emergency command'],
    city_sanitation: ['市容环卫', 'City appearance and sanitation'],
    parks_greening: ['园林绿化', 'Parks and greening'],
    municipal_facilities: ['市政设施', 'Municipal facilities'],
    hotline_12345: ['12345热线', '12345 hotline'],
    public_supervision: ['公众监督', 'Public supervision'],
    data_sharing_platform: ['数据共享交换平台', 'Data sharing and exchange platform'],
    comprehensive_evaluation: ['综合评价', 'Comprehensive evaluation'],
  };

  var query = new URLSearchParams(window.location.search);
  var loadedAt = new Date();
  var instance = Math.random().toString(36).slice(2, 10);

  function language() {
    var stored;
    try {
      stored = window.localStorage.getItem('language');
    } catch {
      // Storage refused (privacy settings): fall back to the browser's language.
      stored = null;
    }
    if (stored === 'en' || stored === 'zh-CN') return stored;
    return /^zh/i.test(navigator.language || '') ? 'zh-CN' : 'en';
  }

  function render() {
    var lang = language();
    var t = texts[lang];
    document.documentElement.lang = lang;
    document.querySelectorAll('[data-text]').forEach(function (node) {
      node.textContent = t[node.getAttribute('data-text')];
    });
    var system = systems[query.get('system') || ''];
    var title = system ? system[lang === 'en' ? 1 : 0] : t.fallbackTitle;
    document.getElementById('title').textContent = title;
    document.title = title;
    var token = query.get('token');
    document.getElementById('value-user').textContent = query.get('user') || t.none;
    document.getElementById('value-id').textContent = query.get('id') || t.none;
    document.getElementById('value-roles').textContent = query.get('roleIds') || t.none;
    document.getElementById('value-embed').textContent =
      query.get('embed') === 'true' ? t.yes : t.no;
    // Only the fact and a short tail: the token itself is never shown whole.
    document.getElementById('value-token').textContent = token
      ? t.tokenReceived + ' (…' + token.slice(-4) + ')'
      : t.tokenMissing;
    var time = document.getElementById('loaded-at');
    time.dateTime = loadedAt.toISOString();
    time.textContent = loadedAt.toLocaleTimeString(lang);
    document.getElementById('instance').textContent = instance;
    document.getElementById('own-window').hidden = query.get('window') !== 'own';
  }

  // Inside the platform's frame, links go through the platform: it opens internal
  // pages as its own tabs and external ones (tel:, https:) in a new tab.
  function askShell(url) {
    window.parent.postMessage({ type: 'cityops:open-link', url: url }, window.location.origin);
  }

  document.addEventListener('DOMContentLoaded', function () {
    render();
    if (window.parent !== window) {
      document.getElementById('shell-links').hidden = false;
      document.getElementById('open-map').addEventListener('click', function () {
        askShell('/amap');
      });
      document.getElementById('call-hotline').addEventListener('click', function () {
        askShell('tel:12345');
      });
    }
  });
  // The shell's language switch writes the shared setting: follow it without a reload.
  window.addEventListener('storage', function (event) {
    if (event.key === 'language') render();
  });
})();
