import { type GisGeometry, type Position, countVertices, geometryBbox } from '@cityops/contract';
import type { FeatureValues } from '../modules/gis/gis.repository.js';
import type { Repositories, WithTransaction } from '../repositories.js';
import { ensureDemoAccounts, hashDemoPasswords } from './demo-accounts.js';
import { demoEditors } from './demo-data.js';
import type { PersonalDataSeal } from '../modules/organization/personal-data-seal.js';

/** Layers every installation has; the district outlines are a read-only base layer. */
export const gisBaseLayers = [
  { code: 'districts', name: '行政区划', nameEn: 'Districts', editable: false, sortOrder: 0 },
  {
    code: 'cleaning-zones',
    name: '道路清扫作业区',
    nameEn: 'Street-cleaning zones',
    editable: true,
    sortOrder: 10,
  },
  { code: 'incidents', name: '事件点位', nameEn: 'Incidents', editable: true, sortOrder: 20 },
  {
    code: 'patrol-routes',
    name: '巡查路线',
    nameEn: 'Patrol routes',
    editable: true,
    sortOrder: 30,
  },
];

/** Safe on every start: adds the layers that are missing. */
export async function seedGisLayers({ gis }: Repositories): Promise<void> {
  await gis.insertLayersIfMissing(gisBaseLayers);
}

/*
 * Jiangcheng's six districts: a 3 x 2 grid of corners around the river city's
 * centre, each shared edge bent by the same midpoint so neighbours fit exactly.
 */
const lons = [114.12, 114.25, 114.37, 114.5];
const lats = [30.46, 30.58, 30.71];
const cornerShift: Record<string, Position> = {
  '1,1': [0.012, -0.008],
  '2,1': [-0.01, 0.011],
  '1,0': [0.006, 0],
  '2,2': [-0.007, 0],
};

function corner(i: number, j: number): Position {
  const shift = cornerShift[`${i},${j}`] ?? [0, 0];
  return [round(lons[i]! + shift[0]), round(lats[j]! + shift[1])];
}

function round(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}

/** A deterministic bend of the edge a-b, the same whichever way it is walked. */
function bend(a: Position, b: Position): Position {
  const [p, q] = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? [a, b] : [b, a];
  const seed = Math.abs(Math.sin(p[0] * 12.9898 + p[1] * 78.233 + q[0] * 37.719) * 43758.5453);
  const wobble = ((seed % 1) - 0.5) * 0.02;
  const mid: Position = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
  // Perpendicular to the edge.
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  const length = Math.hypot(dx, dy);
  return [round(mid[0] - (dy / length) * wobble), round(mid[1] + (dx / length) * wobble)];
}

function district(i: number, j: number): GisGeometry {
  const corners = [corner(i, j), corner(i + 1, j), corner(i + 1, j + 1), corner(i, j + 1)];
  const ring: Position[] = [];
  corners.forEach((point, index) => {
    ring.push(point, bend(point, corners[(index + 1) % 4]!));
  });
  ring.push(ring[0]!);
  return { type: 'Polygon', coordinates: [ring] };
}

const districtNames = [
  ['西城区', 'Xicheng District', 0, 0],
  ['中山区', 'Zhongshan District', 1, 0],
  ['东湖区', 'Donghu District', 2, 0],
  ['北岸区', 'Bei’an District', 0, 1],
  ['滨江区', 'Binjiang District', 1, 1],
  ['南港区', 'Nangang District', 2, 1],
] as const;

const demoFeatures: {
  layer: string;
  name: string;
  kind: string;
  properties: Record<string, string | number>;
  geometry: GisGeometry;
}[] = [
  {
    layer: 'cleaning-zones',
    name: '中山路清扫一区',
    kind: 'cleaning_zone',
    properties: { team: '市容环卫一队', frequency: '每日两次', nameEn: 'Zhongshan Road zone 1' },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [114.27, 30.59],
          [114.295, 30.59],
          [114.295, 30.605],
          [114.27, 30.605],
          [114.27, 30.59],
        ],
      ],
    },
  },
  {
    layer: 'cleaning-zones',
    name: '滨江大道清扫区',
    kind: 'cleaning_zone',
    properties: { team: '市容环卫二队', frequency: '每日一次', nameEn: 'Riverside avenue zone' },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [114.3, 30.62],
          [114.33, 30.615],
          [114.335, 30.632],
          [114.31, 30.64],
          [114.3, 30.62],
        ],
      ],
    },
  },
  {
    layer: 'incidents',
    name: '井盖缺失',
    kind: 'incident',
    properties: { status: '待处理', reportedBy: '12345 热线', nameEn: 'Missing manhole cover' },
    geometry: { type: 'Point', coordinates: [114.285, 30.597] },
  },
  {
    layer: 'incidents',
    name: '占道经营',
    kind: 'incident',
    properties: { status: '处理中', nameEn: 'Street vending on the roadway' },
    geometry: { type: 'Point', coordinates: [114.318, 30.626] },
  },
  {
    layer: 'incidents',
    name: '积水点',
    kind: 'incident',
    properties: { status: '已办结', nameEn: 'Standing water' },
    geometry: { type: 'Point', coordinates: [114.231, 30.552] },
  },
  {
    layer: 'patrol-routes',
    name: '中山路夜间巡查路线',
    kind: 'patrol_route',
    properties: { shift: '20:00-02:00', nameEn: 'Zhongshan Road night patrol' },
    geometry: {
      type: 'LineString',
      coordinates: [
        [114.262, 30.585],
        [114.28, 30.592],
        [114.3, 30.601],
        [114.318, 30.612],
        [114.33, 30.63],
      ],
    },
  },
];

function values(layerId: number, feature: Omit<(typeof demoFeatures)[number], 'layer'>, at: Date) {
  return {
    layerId,
    name: feature.name,
    kind: feature.kind,
    properties: feature.properties,
    geometry: feature.geometry,
    vertexCount: countVertices(feature.geometry),
    bbox: geometryBbox(feature.geometry),
    userId: null,
    at,
  } satisfies FeatureValues;
}

/** The demo city's districts and a few features of each layer, and the editor account. */
export async function seedGisDemo(
  withTransaction: WithTransaction,
  now: Date,
  personalData: PersonalDataSeal,
): Promise<void> {
  // The map's editor is the business guide's first editor: added here only if missing.
  const mapEditor = await hashDemoPasswords(demoEditors.slice(0, 1), personalData);
  await withTransaction(async (repositories) => {
    const { gis } = repositories;
    const layerId = async (code: string) => (await gis.findLayerByCode(code))!.id;
    const districts = await layerId('districts');
    await gis.insertMany(
      districtNames.map(([name, nameEn, i, j]) =>
        values(
          districts,
          { name, kind: 'district', properties: { nameEn }, geometry: district(i, j) },
          now,
        ),
      ),
    );
    const rows: FeatureValues[] = [];
    for (const { layer, ...feature } of demoFeatures) {
      rows.push(values(await layerId(layer), feature, now));
    }
    await gis.insertMany(rows);

    await ensureDemoAccounts(repositories, mapEditor, now);
  });
}
