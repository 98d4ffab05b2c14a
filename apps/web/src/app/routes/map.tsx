import 'ol/ol.css';
import { MapPage } from '@/features/map/components/map-page';

/** The map: OpenLayers and the map data load with this route only. */
export function Component() {
  return <MapPage />;
}
