import { fromLonLat, toLonLat, transform } from 'ol/proj';
import { describe, expect, it } from 'vitest';
import { GCJ02_MERCATOR, VIEW_PROJECTION, registerGcj02Projection } from './projections';

describe('the GCJ-02 projection of OpenLayers', () => {
  it('maps a WGS-84 view coordinate to where an AMap tile draws it, and back', () => {
    registerGcj02Projection();
    const view = fromLonLat([116.404, 39.915]);
    const onTiles = transform(view, VIEW_PROJECTION, GCJ02_MERCATOR);
    const [lon, lat] = toLonLat(onTiles);
    expect(lon).toBeCloseTo(116.41024449916938, 7);
    expect(lat).toBeCloseTo(39.91640428150164, 7);
    const back = transform(onTiles, GCJ02_MERCATOR, VIEW_PROJECTION);
    expect(back[0]).toBeCloseTo(view[0]!, 2);
    expect(back[1]).toBeCloseTo(view[1]!, 2);
  });

  it('also converts from plain longitude and latitude', () => {
    registerGcj02Projection();
    const [lon, lat] = toLonLat(transform([116.404, 39.915], 'EPSG:4326', GCJ02_MERCATOR));
    expect(lon).toBeCloseTo(116.41024449916938, 7);
    expect(lat).toBeCloseTo(39.91640428150164, 7);
  });
});
