import type { Geometry, Position } from 'geojson';
import { describe, expect, test } from 'vitest';
import { cutAtAntimeridian, WORLD } from './world';

/** The longest step in longitude between neighbouring points: over 180° is a line across the map. */
const longestStep = (ring: Position[]) => Math.max(...ring.slice(1).map((q, i) => Math.abs(q[0]! - ring[i]![0]!)));
const ringsOf = (geometry: Geometry): Position[][] =>
  geometry.type === 'Polygon' ? geometry.coordinates : geometry.type === 'MultiPolygon' ? geometry.coordinates.flat() : [];

describe('the world map', () => {
  test('a ring away from the 180th meridian is kept as it is', () => {
    const ring = [
      [4, 52],
      [6, 52],
      [6, 53],
      [4, 52],
    ];
    expect(cutAtAntimeridian(ring)).toEqual([ring]);
  });

  test('an island across the 180th meridian becomes one closed ring on each side of it', () => {
    const island = [
      [170, 10],
      [-170, 10],
      [-170, -10],
      [170, -10],
      [170, 10],
    ];
    expect(cutAtAntimeridian(island)).toEqual([
      [
        [180, -10],
        [170, -10],
        [170, 10],
        [180, 10],
        [180, -10],
      ],
      [
        [-180, 10],
        [-170, 10],
        [-170, -10],
        [-180, -10],
        [-180, 10],
      ],
    ]);
  });

  test('a ring round the South Pole is closed along the bottom edge of the map', () => {
    const coast = [
      [0, -70],
      [90, -70],
      [170, -70],
      [-170, -70],
      [-90, -70],
      [0, -70],
    ];
    const [ring, ...more] = cutAtAntimeridian(coast);
    expect(more).toEqual([]);
    expect(ring).toEqual([
      [-180, -70],
      [-170, -70],
      [-90, -70],
      [0, -70],
      [90, -70],
      [170, -70],
      [180, -70],
      [180, -90],
      [-180, -90],
      [-180, -70],
    ]);
  });

  test('a ring whose closing edge runs along the meridian itself is closed at the pole too', () => {
    const coast = [
      [-180, -80],
      [0, -70],
      [180, -80],
      [-180, -80],
    ];
    expect(cutAtAntimeridian(coast)).toEqual([
      [
        [-180, -80],
        [0, -70],
        [180, -80],
        [180, -90],
        [-180, -90],
        [-180, -80],
      ],
    ]);
  });

  test('no country is drawn with a line across the map, and Fiji and Russia are still on it', () => {
    const across = WORLD.features.filter((country) =>
      ringsOf(country.geometry).some((ring) => longestStep(ring) > 180 && !ring.some((p) => Math.abs(p[1]!) === 90)),
    );
    expect(across.map((country) => country.properties.name)).toEqual([]);
    const names = WORLD.features.map((country) => country.properties.name);
    expect(names).toEqual(expect.arrayContaining(['Fiji', 'Russia', 'Antarctica']));
  });
});
