import { describe, expect, it } from 'vitest';
import { gcj02ToWgs84, outOfChina, wgs84ToGcj02 } from './gcj02';

/** Metres between two nearby [lon, lat] points (equirectangular is exact enough here). */
function metres(a: readonly number[], b: readonly number[]): number {
  const radLat = (((a[1]! + b[1]!) / 2) * Math.PI) / 180;
  const dx = ((b[0]! - a[0]!) * Math.PI * 6371000 * Math.cos(radLat)) / 180;
  const dy = ((b[1]! - a[1]!) * Math.PI * 6371000) / 180;
  return Math.hypot(dx, dy);
}

describe('WGS-84 to GCJ-02', () => {
  it('matches the published pair for Tiananmen (coordtransform)', () => {
    const [lon, lat] = wgs84ToGcj02([116.404, 39.915]);
    expect(lon).toBeCloseTo(116.41024449916938, 9);
    expect(lat).toBeCloseTo(39.91640428150164, 9);
  });

  // wgs lon/lat -> gcj lon/lat pairs from the eviltransform test suite, which uses a
  // slightly different Earth radius; the two agree to well under a metre.
  const pairs: [string, [number, number], [number, number]][] = [
    ['Shanghai', [121.5272106, 31.1774276], [121.531541859215, 31.17530398364597]],
    ['Shenzhen', [113.912316, 22.543847], [113.9171764808363, 22.540796131694766]],
    ['Beijing', [116.377817, 39.911954], [116.38404722455657, 39.91334545536069]],
  ];

  it.each(pairs)('matches eviltransform in %s to within a metre', (_, wgs, gcj) => {
    expect(metres(wgs84ToGcj02(wgs), gcj)).toBeLessThan(1);
    // The shift itself is hundreds of metres: the test would notice a no-op.
    expect(metres(wgs, gcj)).toBeGreaterThan(100);
  });

  it('leaves coordinates outside China alone', () => {
    expect(outOfChina(2.35, 48.85)).toBe(true);
    expect(wgs84ToGcj02([2.35, 48.85])).toEqual([2.35, 48.85]);
    expect(gcj02ToWgs84([-74, 40.7])).toEqual([-74, 40.7]);
  });
});

describe('GCJ-02 to WGS-84', () => {
  it('inverts the forward transform to a millimetre', () => {
    for (const wgs of [
      [114.3, 30.58],
      [121.5272106, 31.1774276],
      [87.6, 43.8],
      [126.6, 45.75],
    ]) {
      const back = gcj02ToWgs84(wgs84ToGcj02(wgs));
      expect(metres(back, wgs)).toBeLessThan(0.001);
    }
  });

  it('matches the published inverse pair (coordtransform) to within two metres', () => {
    // coordtransform's inverse is the one-step approximation, good to 1-2 m.
    expect(
      metres(gcj02ToWgs84([116.404, 39.915]), [116.39775550083061, 39.91359571849836]),
    ).toBeLessThan(2);
  });
});
