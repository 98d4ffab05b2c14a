import { DEMO_SUBSYSTEM_CLIENT_ID } from '@cityops/contract';
import type { NewMenuEntry } from '../modules/menus/menu.repository.js';

/**
 * A demo entry; its roles default to its parent's (the top level's to every role
 * but `admin`, which holds all). The product's own entries are not here: they are
 * built in (modules/menus/built-in-menu.ts) and placed among these by sort order.
 */
export interface MenuSeed extends Omit<NewMenuEntry, 'parentId' | 'subsystemId'> {
  /** The client id of the registered subsystem the entry opens (its frame gets that subsystem's token). */
  subsystem?: string;
  children?: MenuSeed[];
}

/** The subsystems of the demo city's operations platform, around the built-in entries. */
export const demoMenu: MenuSeed[] = [
  {
    code: 'command_coordination',
    kind: 'directory',
    sortOrder: 20,
    name: '指挥协调',
    nameEn: 'Command coordination',
    icon: 'apartment',
    hasTwo: true,
    children: [
      {
        code: 'event_dispatch',
        kind: 'page',
        sortOrder: 10,
        name: '事件调度',
        nameEn: 'Event dispatch',
        icon: 'alert',
        url: '/demo-subsystem.html',
        subsystem: DEMO_SUBSYSTEM_CLIENT_ID,
        query: { system: 'event_dispatch' },
      },
      {
        code: 'video_surveillance',
        kind: 'page',
        sortOrder: 20,
        name: '视频监控',
        nameEn: 'Video surveillance',
        icon: 'video-camera',
        url: '/demo-subsystem.html',
        subsystem: DEMO_SUBSYSTEM_CLIENT_ID,
        query: { system: 'video_surveillance' },
      },
      {
        code: 'emergency_command',
        kind: 'page',
        sortOrder: 30,
        name: '应急指挥',
        nameEn: 'Emergency command',
        icon: 'thunderbolt',
        url: '/demo-subsystem.html',
        subsystem: DEMO_SUBSYSTEM_CLIENT_ID,
        query: { system: 'emergency_command' },
      },
    ],
  },
  {
    code: 'industry_applications',
    kind: 'directory',
    sortOrder: 30,
    name: '行业应用',
    nameEn: 'Industry applications',
    icon: 'appstore',
    children: [
      {
        code: 'city_sanitation',
        kind: 'page',
        sortOrder: 10,
        name: '市容环卫',
        nameEn: 'City appearance and sanitation',
        icon: 'delete',
        url: '/demo-subsystem.html',
        subsystem: DEMO_SUBSYSTEM_CLIENT_ID,
        query: { system: 'city_sanitation' },
      },
      {
        code: 'parks_greening',
        kind: 'page',
        sortOrder: 20,
        name: '园林绿化',
        nameEn: 'Parks and greening',
        icon: 'environment',
        url: '/demo-subsystem.html',
        subsystem: DEMO_SUBSYSTEM_CLIENT_ID,
        query: { system: 'parks_greening' },
      },
      {
        code: 'municipal_facilities',
        kind: 'page',
        sortOrder: 30,
        name: '市政设施',
        nameEn: 'Municipal facilities',
        icon: 'tool',
        url: '/demo-subsystem.html',
        subsystem: DEMO_SUBSYSTEM_CLIENT_ID,
        query: { system: 'municipal_facilities' },
      },
    ],
  },
  {
    code: 'public_service',
    kind: 'directory',
    sortOrder: 40,
    name: '公众服务',
    nameEn: 'Public service',
    icon: 'team',
    children: [
      {
        code: 'hotline_12345',
        kind: 'page',
        sortOrder: 10,
        name: '12345热线',
        nameEn: '12345 hotline',
        icon: 'phone',
        url: '/demo-subsystem.html',
        subsystem: DEMO_SUBSYSTEM_CLIENT_ID,
        query: { system: 'hotline_12345' },
      },
      {
        code: 'public_supervision',
        kind: 'page',
        sortOrder: 20,
        name: '公众监督',
        nameEn: 'Public supervision',
        icon: 'eye',
        url: '/demo-subsystem.html',
        subsystem: DEMO_SUBSYSTEM_CLIENT_ID,
        query: { system: 'public_supervision' },
      },
    ],
  },
  {
    code: 'data_exchange',
    kind: 'directory',
    sortOrder: 60,
    name: '数据交换',
    nameEn: 'Data exchange',
    icon: 'swap',
    // Administrators only: the admin role holds every entry.
    roleIds: [],
    children: [
      {
        code: 'data_sharing_platform',
        kind: 'page',
        sortOrder: 10,
        name: '数据共享交换平台',
        nameEn: 'Data sharing and exchange platform',
        icon: 'cloud-server',
        url: '/demo-subsystem.html',
        subsystem: DEMO_SUBSYSTEM_CLIENT_ID,
        query: { system: 'data_sharing_platform' },
        integrated: true,
        // The integrated system's own window; a real one is another site's address.
        externalUrl: '/demo-subsystem.html?system=data_sharing_platform&window=own',
      },
    ],
  },
  {
    code: 'comprehensive_evaluation',
    kind: 'page',
    sortOrder: 70,
    name: '综合评价',
    nameEn: 'Comprehensive evaluation',
    icon: 'bar-chart',
    // Administrators only: the admin role holds every entry.
    roleIds: [],
    url: '/demo-subsystem.html',
    subsystem: DEMO_SUBSYSTEM_CLIENT_ID,
    query: { system: 'comprehensive_evaluation' },
  },
];
