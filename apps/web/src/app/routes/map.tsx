import 'ol/ol.css';
import { MapPage } from '@/features/map/components/map-page';

/** `/amap`: OpenLayers and the map data load with this route only. */
export function MapRoute() {
  return <MapPage />;
}
