import { Projection, addCoordinateTransforms, addProjection, get as getProjection } from 'ol/proj';
import { fromLonLat, toLonLat } from 'ol/proj';
import { gcj02ToWgs84, wgs84ToGcj02 } from './gcj02';

/** The view's projection: Web Mercator of WGS-84 coordinates. */
export const VIEW_PROJECTION = 'EPSG:3857';
/**
 * Web Mercator of GCJ-02 coordinates: how AMap-style tiles are laid out. A tile
 * source in this projection is reprojected by OpenLayers onto the WGS-84 view,
 * so the tiles move to meet the stored features, not the other way round.
 */
export const GCJ02_MERCATOR = 'GCJ02:3857';

let registered = false;

export function registerGcj02Projection(): Projection {
  const existing = getProjection(GCJ02_MERCATOR);
  if (registered && existing) return existing;
  const webMercator = getProjection(VIEW_PROJECTION)!;
  const projection = new Projection({
    code: GCJ02_MERCATOR,
    units: 'm',
    extent: webMercator.getExtent(),
    worldExtent: webMercator.getWorldExtent() ?? undefined,
    global: true,
  });
  addProjection(projection);
  addCoordinateTransforms(
    webMercator,
    projection,
    (coordinate) => fromLonLat(wgs84ToGcj02(toLonLat(coordinate))),
    (coordinate) => fromLonLat(gcj02ToWgs84(toLonLat(coordinate))),
  );
  addCoordinateTransforms(
    'EPSG:4326',
    projection,
    (coordinate) => fromLonLat(wgs84ToGcj02(coordinate)),
    (coordinate) => gcj02ToWgs84(toLonLat(coordinate)),
  );
  registered = true;
  return projection;
}
