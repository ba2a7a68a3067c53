import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';

/**
 * The world's countries (Natural Earth, 1:110 million) shipped with the console: the map needs
 * no tile server and no network. Loaded only with the popularity map's first drawing.
 */
const topology = countries as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
export const WORLD = feature(topology, topology.objects.countries);
