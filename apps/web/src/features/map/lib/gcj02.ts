/**
 * WGS-84 <-> GCJ-02 ("Mars coordinates"), the obfuscated datum that Chinese map
 * services such as AMap and Tencent draw their tiles in. Features are stored in
 * WGS-84; the map shifts GCJ-02 tiles instead of the features (see projections.ts).
 * The forward formula is the published one (Krasovsky ellipsoid); the inverse
 * iterates it until it is exact to about a millimetre.
 */
const A = 6378245.0;
const EE = 0.006693421622965943;

/** GCJ-02 applies only inside China's rough bounding box; elsewhere it is WGS-84. */
export function outOfChina(lon: number, lat: number): boolean {
  return lon < 72.004 || lon > 137.8347 || lat < 0.8293 || lat > 55.8271;
}

function transformLat(x: number, y: number): number {
  let result = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  result += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  result += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  result += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  return result;
}

function transformLon(x: number, y: number): number {
  let result = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  result += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  result += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  result += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  return result;
}

/** The GCJ-02 offset at a WGS-84 point, in degrees. */
function offset(lon: number, lat: number): [number, number] {
  const dLat = transformLat(lon - 105, lat - 35);
  const dLon = transformLon(lon - 105, lat - 35);
  const radLat = (lat / 180) * Math.PI;
  const magic = 1 - EE * Math.sin(radLat) ** 2;
  const sqrtMagic = Math.sqrt(magic);
  return [
    (dLon * 180) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI),
    (dLat * 180) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI),
  ];
}

/** [lon, lat] in WGS-84 to GCJ-02. */
export function wgs84ToGcj02([lon, lat]: readonly number[]): [number, number] {
  if (lon === undefined || lat === undefined) throw new TypeError('a coordinate needs lon and lat');
  if (outOfChina(lon, lat)) return [lon, lat];
  const [dLon, dLat] = offset(lon, lat);
  return [lon + dLon, lat + dLat];
}

/** [lon, lat] in GCJ-02 to WGS-84, by fixed-point iteration of the forward formula. */
export function gcj02ToWgs84([lon, lat]: readonly number[]): [number, number] {
  if (lon === undefined || lat === undefined) throw new TypeError('a coordinate needs lon and lat');
  if (outOfChina(lon, lat)) return [lon, lat];
  let wgs: [number, number] = [lon, lat];
  for (let i = 0; i < 10; i++) {
    const [gLon, gLat] = wgs84ToGcj02(wgs);
    const dLon = gLon - lon;
    const dLat = gLat - lat;
    wgs = [wgs[0] - dLon, wgs[1] - dLat];
    if (Math.abs(dLon) < 1e-10 && Math.abs(dLat) < 1e-10) break;
  }
  return wgs;
}
