import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';

type Ring = Position[];

/** Where the edge from `p` to `q`, which crosses the 180th meridian, meets it: the latitude and the side `p` is on. */
function crossing(p: Position, q: Position): { lat: number; side: 180 | -180 } {
  const side = p[0]! > 0 ? 180 : -180;
  const span = q[0]! + 2 * side - p[0]!;
  // An edge that starts on the meridian itself (the atlas closes Antarctica so) meets it there.
  const t = span === 0 ? 0 : (side - p[0]!) / span;
  return { lat: p[1]! + t * (q[1]! - p[1]!), side };
}

/** A ring without a point repeated next to itself (a crossing at a point the atlas has already). */
const withoutRepeats = (ring: Ring): Ring => ring.filter((p, i) => i === 0 || p[0] !== ring[i - 1]![0] || p[1] !== ring[i - 1]![1]);

/**
 * A ring cut where it crosses the 180th meridian. The atlas keeps such rings whole (Fiji, the
 * east of Russia, Antarctica): drawn flat, their edge from 179.9° to −179.9° would run across the
 * whole map. A ring crossing twice becomes one ring on each side, each closed along the meridian;
 * a ring crossing once goes round a pole, and is closed along the map's edge at that pole.
 */
export function cutAtAntimeridian(ring: Ring): Ring[] {
  const pieces: Ring[] = [[ring[0]!]];
  const crossings: { lat: number; side: 180 | -180 }[] = [];
  for (let i = 1; i < ring.length; i++) {
    const p = ring[i - 1]!;
    const q = ring[i]!;
    if (Math.abs(q[0]! - p[0]!) > 180) {
      const c = crossing(p, q);
      crossings.push(c);
      pieces.at(-1)!.push([c.side, c.lat]);
      pieces.push([[-c.side, c.lat]]);
    }
    pieces.at(-1)!.push(q);
  }
  if (crossings.length === 0) return [ring];
  if (crossings.length % 2 === 1) {
    // Round a pole: go along the map's edge at the pole between the two sides of the crossing.
    const pole = ring.reduce((sum, p) => sum + p[1]!, 0) < 0 ? -90 : 90;
    const { side } = crossings[0]!;
    const [first, ...rest] = pieces;
    // The ring as one path from just after the crossing (at -side) round to it (at side),
    // closed through the corners of the map at the pole.
    const path = [...rest.flat(), ...first!.slice(1)];
    return [withoutRepeats([...path, [side, pole], [-side, pole], path[0]!])];
  }
  // The last piece runs on into the first: the ring closes where it started.
  const last = pieces.pop()!;
  pieces[0] = [...last, ...pieces[0]!.slice(1)];
  return pieces.map((piece) => withoutRepeats([...piece, piece[0]!]));
}

function cutGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'Polygon') {
    const polygons = cutPolygon(geometry.coordinates);
    return polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0]! } : { type: 'MultiPolygon', coordinates: polygons };
  }
  if (geometry.type === 'MultiPolygon') return { type: 'MultiPolygon', coordinates: geometry.coordinates.flatMap(cutPolygon) };
  return geometry;
}

/** A polygon's outer ring cut; each part keeps the holes (the atlas's crossing rings have none). */
function cutPolygon([outer, ...holes]: Position[][]): Position[][][] {
  return cutAtAntimeridian(outer!).map((ring) => [ring, ...holes]);
}

/**
 * The world's countries (Natural Earth, 1:110 million) shipped with the console: the map needs
 * no tile server and no network. Loaded only with the popularity map's first drawing.
 */
const topology = countries as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
const atlas = feature(topology, topology.objects.countries);
export const WORLD: FeatureCollection<Geometry, { name: string }> = {
  ...atlas,
  features: atlas.features.map((country: Feature<Geometry, { name: string }>) => ({ ...country, geometry: cutGeometry(country.geometry) })),
};
