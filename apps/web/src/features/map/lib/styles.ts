import type { FeatureLike } from 'ol/Feature';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';

/** Colours of the layers, by code; other layers take one from the palette. */
const layerColours: Record<string, string> = {
  districts: '#5b6b8c',
  'cleaning-zones': '#1677ff',
  incidents: '#e8590c',
  'patrol-routes': '#2f9e44',
};
const palette = ['#7048e8', '#c2255c', '#0c8599', '#e67700', '#5c940d'];

export function colourOf(code: string, index: number): string {
  return layerColours[code] ?? palette[index % palette.length]!;
}

/** Below this zoom points are drawn as clusters (see map-editor.ts). */
export const CLUSTER_MAX_ZOOM = 14;
/** The Web Mercator resolution of that zoom. */
export const CLUSTER_RESOLUTION = 156543.03392804097 / 2 ** CLUSTER_MAX_ZOOM;

function alpha(hex: string, value: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${value})`;
}

/** The style of a feature layer: filled areas, lines, round points; names when zoomed in. */
export function featureStyle(colour: string, options: { base: boolean }) {
  const stroke = new Stroke({ color: colour, width: options.base ? 1.5 : 2.5 });
  const fill = new Fill({ color: alpha(colour, options.base ? 0.04 : 0.18) });
  const point = new Style({
    image: new CircleStyle({
      radius: 6,
      fill: new Fill({ color: colour }),
      stroke: new Stroke({ color: '#fff', width: 2 }),
    }),
  });
  const area = new Style({ stroke, fill });
  const labelled = new Style({
    stroke,
    fill,
    text: new Text({
      font: options.base ? '600 13px sans-serif' : '12px sans-serif',
      fill: new Fill({ color: options.base ? '#33415c' : '#222' }),
      stroke: new Stroke({ color: '#fff', width: 3 }),
      overflow: options.base,
    }),
  });
  return (feature: FeatureLike, resolution: number): Style | undefined => {
    const type = feature.getGeometry()?.getType();
    // Points are clustered at low zoom: the cluster layer draws them there.
    const zoomedOut = resolution >= CLUSTER_RESOLUTION;
    if (type === 'Point') return zoomedOut && !feature.get('selected') ? undefined : point;
    const showName = options.base || resolution < 20;
    if (!showName) return area;
    labelled.getText()!.setText(String(feature.get('name') ?? ''));
    return labelled;
  };
}

const clusterStyles = new Map<string, Style>();

/** A cluster: a circle with the number of points it holds. */
export function clusterStyle(colour: string) {
  return (feature: FeatureLike): Style => {
    const size = (feature.get('features') as unknown[]).length;
    const key = `${colour}:${size}`;
    let style = clusterStyles.get(key);
    if (!style) {
      const radius = size === 1 ? 6 : Math.min(24, 10 + Math.log2(size) * 2);
      style = new Style({
        image: new CircleStyle({
          radius,
          fill: new Fill({ color: alpha(colour, size === 1 ? 1 : 0.8) }),
          stroke: new Stroke({ color: '#fff', width: 2 }),
        }),
        text:
          size === 1
            ? undefined
            : new Text({
                text: String(size),
                fill: new Fill({ color: '#fff' }),
                font: '600 12px sans-serif',
              }),
      });
      clusterStyles.set(key, style);
    }
    return style;
  };
}

/** The look of the selected feature and of the vertex being dragged. */
export const selectedStyle = [
  new Style({
    stroke: new Stroke({ color: '#fff', width: 6 }),
  }),
  new Style({
    stroke: new Stroke({ color: '#fa8c16', width: 3 }),
    fill: new Fill({ color: 'rgba(250, 140, 22, 0.2)' }),
    image: new CircleStyle({
      radius: 8,
      fill: new Fill({ color: '#fa8c16' }),
      stroke: new Stroke({ color: '#fff', width: 2 }),
    }),
  }),
];

export const measureStyle = new Style({
  stroke: new Stroke({ color: '#c92a2a', width: 2, lineDash: [8, 6] }),
  fill: new Fill({ color: 'rgba(201, 42, 42, 0.12)' }),
  image: new CircleStyle({ radius: 4, fill: new Fill({ color: '#c92a2a' }) }),
});
