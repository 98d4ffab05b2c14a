import { EDITOR_ROLE, STAFF_ROLE } from '../roles.js';
import type { FeatureManifest } from './manifest.js';

const FEATURE_FIELDS = ['layerId', 'name', 'kind', 'properties', 'vertexCount', 'bbox'] as const;

/** The map editor. */
export const GIS_PATHS = {
  query: '/base-data/baseGisGeometry/getGIS',
  create: '/base-data/baseGisGeometry/create',
  update: '/base-data/baseGisGeometry/update',
  delete: '/base-data/baseGisGeometry/delete',
  layers: '/base-data/baseGisGeometry/layers',
  createLayer: '/base-data/baseGisGeometry/createLayer',
  settings: '/base-data/baseGisGeometry/mapSettings',
  saveSettings: '/base-data/baseGisGeometry/saveMapSettings',
} as const;

/** The map editor (地图编辑): layers, features and the map's settings. */
export const gisFeature = {
  feature: 'gis',
  permissions: {
    /** Add map layers and change map features. */
    'gis:feature:write': {
      name: { en: 'Edit features', 'zh-CN': '编辑要素' },
      entry: 'map_editing',
      sortOrder: 10,
      grantedTo: [EDITOR_ROLE],
    },
    /** Change the map's tile layers, centre and zoom. */
    'gis:settings:write': {
      name: { en: 'Map settings', 'zh-CN': '地图设置' },
      entry: 'map_editing',
      sortOrder: 20,
    },
  },
  auditActions: {
    'map.layer.create': {
      name: { en: 'Map layer created', 'zh-CN': '新建地图图层' },
      fields: ['code', 'name', 'nameEn'],
    },
    'map.feature.create': {
      name: { en: 'Map feature created', 'zh-CN': '新增地图要素' },
      fields: FEATURE_FIELDS,
    },
    'map.feature.update': {
      name: { en: 'Map feature changed', 'zh-CN': '修改地图要素' },
      fields: FEATURE_FIELDS,
    },
    'map.feature.delete': {
      name: { en: 'Map feature deleted', 'zh-CN': '删除地图要素' },
      fields: FEATURE_FIELDS,
    },
  },
  auditTargets: {
    'map-layer': { en: 'Map layer', 'zh-CN': '地图图层' },
    'map-feature': { en: 'Map feature', 'zh-CN': '地图要素' },
  },
  auditFields: {
    code: { label: { en: 'Layer code', 'zh-CN': '图层编码' }, value: 'code' },
    name: { label: { en: 'Name', 'zh-CN': '名称' }, value: 'text' },
    nameEn: { label: { en: 'English name', 'zh-CN': '英文名称' }, value: 'text' },
    layerId: { label: { en: 'Layer', 'zh-CN': '图层' }, value: 'layers' },
    kind: { label: { en: 'Type', 'zh-CN': '类型' }, value: 'text' },
    properties: { label: { en: 'Properties', 'zh-CN': '属性' }, value: 'properties' },
    vertexCount: { label: { en: 'Points', 'zh-CN': '节点数' }, value: 'count' },
    bbox: { label: { en: 'Extent', 'zh-CN': '范围' }, value: 'coordinates' },
  },
  paths: {
    GIS_PATHS,
  },
  menu: [
    {
      code: 'map_editing',
      name: { en: 'Map editing', 'zh-CN': '地图编辑' },
      kind: 'page',
      icon: 'environment',
      url: '/amap',
      sortOrder: 50,
      grantedTo: [EDITOR_ROLE, STAFF_ROLE],
    },
  ],
} as const satisfies FeatureManifest;
