import type { TileLayerConfig } from '@cityops/contract';
import TileLayer from 'ol/layer/Tile';
import XYZ from 'ol/source/XYZ';
import { GCJ02_MERCATOR, VIEW_PROJECTION, registerGcj02Projection } from './projections';

/** The addresses of a template: one per subdomain when it has `{s}`. */
export function expandTemplate(url: string, subdomains: readonly string[]): string[] {
  if (!url.includes('{s}')) return [url];
  const list = subdomains.length > 0 ? subdomains : ['a', 'b', 'c'];
  return list.map((subdomain) => url.replaceAll('{s}', subdomain));
}

/**
 * An XYZ tile layer from the settings. GCJ-02 sources (AMap and the like) get
 * the GCJ-02 Web Mercator projection, so OpenLayers warps their tiles onto the
 * WGS-84 view and the stored features stay where they truly are.
 */
export function createTileLayer(config: TileLayerConfig): TileLayer<XYZ> {
  const projection =
    config.coordinateSystem === 'gcj02' ? registerGcj02Projection() : VIEW_PROJECTION;
  return new TileLayer({
    properties: { tileLayerId: config.id },
    source: new XYZ({
      urls: expandTemplate(config.url, config.subdomains),
      projection,
      maxZoom: config.maxZoom,
      attributions: config.attribution || undefined,
      crossOrigin: 'anonymous',
    }),
  });
}

export { GCJ02_MERCATOR };
