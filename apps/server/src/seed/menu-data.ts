import type { NewMenuEntry } from '../modules/menus/menu.repository.js';

export interface MenuSeed extends Omit<NewMenuEntry, 'parentId' | 'sortOrder'> {
  children?: MenuSeed[];
}

/**
 * The product's own pages: every installation has them. They open in the shell's
 * frame like any subsystem, in embedded mode (the frame address adds embed=true).
 */
export const productMenu: MenuSeed[] = [
  {
    code: 'business_guide',
    name: '业务指导',
    nameEn: 'Business guidance',
    icon: 'book',
    url: '/business_guide/table',
    children: [
      {
        code: 'guide_list',
        name: '指导文件',
        nameEn: 'Guidance documents',
        icon: 'book',
        url: '/business_guide/table',
      },
      {
        code: 'guide_laws',
        name: '法律法规',
        nameEn: 'Laws and regulations',
        icon: 'book',
        url: '/business_guide/table',
        query: { tab: 'laws' },
      },
    ],
  },
  {
    code: 'map_editing',
    name: '地图编辑',
    nameEn: 'Map editing',
    icon: 'environment',
    url: '/amap',
  },
];

/** The subsystems of the demo city's operations platform. */
export const demoMenu: MenuSeed[] = [
  productMenu[0]!,
  {
    code: 'command_coordination',
    name: '指挥协调',
    nameEn: 'Command coordination',
    icon: 'apartment',
    hasTwo: true,
    children: [
      {
        code: 'event_dispatch',
        name: '事件调度',
        nameEn: 'Event dispatch',
        icon: 'alert',
        url: '/demo-subsystem.html',
        query: { system: 'event_dispatch' },
      },
      {
        code: 'video_surveillance',
        name: '视频监控',
        nameEn: 'Video surveillance',
        icon: 'video-camera',
        url: '/demo-subsystem.html',
        query: { system: 'video_surveillance' },
      },
      {
        code: 'emergency_command',
        name: '应急指挥',
        nameEn: 'Emergency command',
        icon: 'thunderbolt',
        url: '/demo-subsystem.html',
        query: { system: 'emergency_command' },
      },
    ],
  },
  {
    code: 'industry_applications',
    name: '行业应用',
    nameEn: 'Industry applications',
    icon: 'appstore',
    children: [
      {
        code: 'city_sanitation',
        name: '市容环卫',
        nameEn: 'City appearance and sanitation',
        icon: 'delete',
        url: '/demo-subsystem.html',
        query: { system: 'city_sanitation' },
      },
      {
        code: 'parks_greening',
        name: '园林绿化',
        nameEn: 'Parks and greening',
        icon: 'environment',
        url: '/demo-subsystem.html',
        query: { system: 'parks_greening' },
      },
      {
        code: 'municipal_facilities',
        name: '市政设施',
        nameEn: 'Municipal facilities',
        icon: 'tool',
        url: '/demo-subsystem.html',
        query: { system: 'municipal_facilities' },
      },
    ],
  },
  {
    code: 'public_service',
    name: '公众服务',
    nameEn: 'Public service',
    icon: 'team',
    children: [
      {
        code: 'hotline_12345',
        name: '12345热线',
        nameEn: '12345 hotline',
        icon: 'phone',
        url: '/demo-subsystem.html',
        query: { system: 'hotline_12345' },
      },
      {
        code: 'public_supervision',
        name: '公众监督',
        nameEn: 'Public supervision',
        icon: 'eye',
        url: '/demo-subsystem.html',
        query: { system: 'public_supervision' },
      },
    ],
  },
  productMenu[1]!,
  {
    code: 'data_exchange',
    name: '数据交换',
    nameEn: 'Data exchange',
    icon: 'swap',
    roleIds: ['admin'],
    children: [
      {
        code: 'data_sharing_platform',
        name: '数据共享交换平台',
        nameEn: 'Data sharing and exchange platform',
        icon: 'cloud-server',
        url: '/demo-subsystem.html',
        query: { system: 'data_sharing_platform' },
        integrated: true,
        // The integrated system's own window; a real one is another site's address.
        externalUrl: '/demo-subsystem.html?system=data_sharing_platform&window=own',
      },
    ],
  },
  {
    code: 'comprehensive_evaluation',
    name: '综合评价',
    nameEn: 'Comprehensive evaluation',
    icon: 'bar-chart',
    roleIds: ['admin'],
    url: '/demo-subsystem.html',
    query: { system: 'comprehensive_evaluation' },
  },
];
