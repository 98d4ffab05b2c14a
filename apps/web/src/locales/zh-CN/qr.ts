import type * as en from '../en/qr';
import type { LocaleShape } from '../types';

export const qr: LocaleShape<typeof en.qr> = {
  title: '扫码登录',
  hint: '请用手机扫描二维码，按提示登录后确认。',
  image: '手机扫码登录的二维码',
  loading: '正在生成二维码…',
  failed: '二维码生成失败。',
  waiting: '等待扫码',
  scanned: '已扫码，请在手机上确认',
  expired: '二维码已过期',
  refused: '已在手机上拒绝登录',
  refresh: '刷新二维码',
  mobile: {
    title: '确认登录',
    signInFirst: '请先在手机上登录，再确认电脑端的登录。',
    checking: '正在读取二维码…',
    ask: '有浏览器请求以 {{username}} 的身份登录。',
    browser: '登录设备',
    device: '{{os}} 上的 {{browser}}',
    unknownDevice: '无法识别的浏览器',
    ipAddress: 'IP 地址',
    requestedAt: '请求时间',
    confirm: '确认登录',
    refuse: '拒绝',
    confirmed: '电脑端已登录，可以关闭本页。',
    refused: '已拒绝登录。',
    noTicket: '此地址中没有二维码信息，请重新扫描电脑上的二维码。',
    unavailable: '此二维码已不可用，请在电脑上刷新后重新扫描。',
  },
};
