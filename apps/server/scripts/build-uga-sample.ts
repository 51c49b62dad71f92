/**
 * Builds the SAMPLE UGA boundary file, data/uga/uga-sample.topojson: one zone around each commune of the
 * demo reference table (src/demo/directory/communes.ts), drawn as the Voronoi cells of the communes
 * clipped to a rough outline of metropolitan France and Corsica. The zones are made up: real UGA zones
 * come from the company's own file (UGA_FILE).
 *
 *   node --import tsx scripts/build-uga-sample.ts [output file]
 *
 * The script checks what the application relies on before it writes: every commune lies inside its own
 * zone (the demo offices take their commune's zone), no two zones overlap, and the rings wind the way
 * d3-geo reads them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Delaunay } from 'd3-delaunay';
import { geoArea, geoBounds, geoContains } from 'd3-geo';
import type { Feature, FeatureCollection, MultiPolygon, Position } from 'geojson';
import polygonClipping, { type Pair, type Polygon as ClipPolygon } from 'polygon-clipping';
import { feature } from 'topojson-client';
import { topology } from 'topojson-server';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { COMMUNES, ugaZoneOf } from '#server/demo/directory/communes.ts';

type ZoneProperties = { code: string; name: string };

/**
 * Metropolitan France, a few kilometres out to sea and a little past the land borders so that coastal and
 * border towns are well inside (longitude, latitude; drawn clockwise from the Belgian coast).
 */
// prettier-ignore
const MAINLAND: Pair[] = [
  [2.56, 51.12], [2.65, 50.95], [2.9, 50.72], [3.12, 50.8], [3.3, 50.73], [3.3, 50.52], [3.68, 50.4],
  [4.05, 50.36], [4.25, 50.25], [4.2, 50.02], [4.45, 49.95], [4.85, 50.18], [4.9, 49.95], [5.12, 49.75],
  [5.45, 49.62], [5.82, 49.57], [6.05, 49.48], [6.38, 49.48], [6.6, 49.35], [6.75, 49.22], [6.95, 49.23],
  [7.1, 49.15], [7.45, 49.19], [7.95, 49.07], [8.25, 49.0], [7.95, 48.7], [7.83, 48.45], [7.65, 48.15],
  [7.6, 47.85], [7.62, 47.58], [7.3, 47.45], [7.05, 47.52], [6.92, 47.38], [6.75, 47.2], [6.5, 46.95],
  [6.2, 46.7], [6.08, 46.5], [6.2, 46.4], [6.35, 46.32], [6.55, 46.44], [6.85, 46.44], [6.85, 46.25],
  [7.06, 45.95], [6.85, 45.82], [6.85, 45.65], [7.12, 45.48], [7.16, 45.25], [6.9, 45.15], [6.78, 44.95],
  [7.05, 44.72], [6.92, 44.45], [7.08, 44.22], [7.42, 44.15], [7.72, 44.1], [7.6, 43.76], [7.45, 43.68],
  [7.25, 43.63], [7.15, 43.5], [6.95, 43.45], [6.75, 43.35], [6.7, 43.18], [6.5, 43.1], [6.22, 42.97],
  [6.05, 43.0], [5.85, 43.0], [5.6, 43.12], [5.35, 43.17], [5.15, 43.28], [4.9, 43.36], [4.6, 43.3],
  [4.38, 43.4], [4.1, 43.47], [3.68, 43.33], [3.42, 43.22], [3.15, 43.05], [3.1, 42.85], [3.1, 42.6],
  [3.22, 42.43], [2.88, 42.42], [2.55, 42.32], [2.0, 42.33], [1.72, 42.47], [1.45, 42.56], [1.1, 42.68],
  [0.7, 42.82], [0.45, 42.66], [0.0, 42.66], [-0.35, 42.77], [-0.75, 42.9], [-1.25, 43.02], [-1.45, 43.22],
  [-1.82, 43.36], [-1.65, 43.52], [-1.5, 43.75], [-1.35, 44.2], [-1.33, 44.65], [-1.25, 45.05],
  [-1.3, 45.5], [-1.45, 45.9], [-1.65, 46.22], [-1.9, 46.45], [-2.42, 46.95], [-2.3, 47.15], [-2.65, 47.25],
  [-3.2, 47.42], [-3.5, 47.65], [-4.0, 47.78], [-4.45, 47.75], [-4.85, 48.02], [-4.85, 48.3], [-5.2, 48.45],
  [-4.8, 48.6], [-4.0, 48.78], [-3.45, 48.9], [-2.95, 48.88], [-2.35, 48.75], [-1.95, 48.72], [-1.65, 48.68],
  [-1.7, 48.9], [-1.8, 49.3], [-2.05, 49.75], [-1.55, 49.75], [-1.18, 49.72], [-1.15, 49.45], [-0.6, 49.42],
  [-0.15, 49.35], [0.05, 49.5], [0.1, 49.72], [0.45, 49.85], [1.1, 50.0], [1.45, 50.15], [1.52, 50.5],
  [1.52, 50.9], [1.85, 51.02], [2.3, 51.1],
];

// prettier-ignore
const CORSICA: Pair[] = [
  [9.35, 43.06], [9.52, 42.8], [9.6, 42.4], [9.6, 42.05], [9.45, 41.7], [9.3, 41.55], [9.25, 41.33],
  [9.05, 41.35], [8.78, 41.55], [8.6, 41.85], [8.5, 42.1], [8.55, 42.35], [8.65, 42.6], [8.95, 42.7],
  [9.22, 42.75], [9.3, 43.0],
];

/** Voronoi in a plane where a degree of longitude is as long as at 46.5°N, so cells are not stretched. */
const X_SCALE = Math.cos((46.5 * Math.PI) / 180);
const toPlane = ([lon, lat]: Pair): Pair => [lon * X_SCALE, lat];
const toLonLat = ([x, y]: Pair): Position => [round(x / X_SCALE), round(y)];
const round = (value: number) => Math.round(value * 1e6) / 1e6;

function closed(ring: Pair[]): Pair[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...ring, first] : ring;
}

function buildZones(): FeatureCollection<MultiPolygon, ZoneProperties> {
  const france: ClipPolygon[] = [[closed(MAINLAND).map(toPlane)], [closed(CORSICA).map(toPlane)]];
  const seeds = COMMUNES.map((commune) => toPlane([commune.longitude, commune.latitude]));
  const voronoi = Delaunay.from(seeds).voronoi([-6 * X_SCALE, 41, 9.8 * X_SCALE, 51.5]);
  const features: Feature<MultiPolygon, ZoneProperties>[] = COMMUNES.map((commune, index) => {
    const cell = voronoi.cellPolygon(index) as Pair[] | null;
    if (!cell) throw new Error(`no Voronoi cell for ${commune.label}`);
    const clipped = polygonClipping.intersection([cell], france);
    if (clipped.length === 0) throw new Error(`the zone of ${commune.label} lies outside France`);
    // polygon-clipping winds outer rings counter-clockwise (GeoJSON); d3-geo wants them clockwise.
    const coordinates = clipped.map((polygon) => polygon.map((ring) => ring.map(toLonLat).reverse()));
    return {
      type: 'Feature',
      properties: ugaZoneOf(commune),
      geometry: { type: 'MultiPolygon', coordinates },
    };
  });
  return { type: 'FeatureCollection', features };
}

function check(topo: Topology<{ uga: GeometryCollection<ZoneProperties> }>): void {
  const zones = feature(topo, topo.objects.uga).features;
  const failures: string[] = [];
  for (const zone of zones) {
    if (geoArea(zone) > 2 * Math.PI) failures.push(`${zone.properties.name}: rings wound the wrong way`);
  }
  COMMUNES.forEach((commune, index) => {
    const point: [number, number] = [commune.longitude, commune.latitude];
    const containing = zones.filter((zone) => geoContains(zone, point));
    if (containing.length !== 1 || containing[0] !== zones[index]) {
      failures.push(`${commune.label}: in ${containing.map((z) => z.properties.code).join(', ') || 'no zone'}`);
    }
  });
  // Overlaps: a grid of points over the whole of France, each in one zone at most.
  const bounds = zones.map((zone) => geoBounds(zone));
  let covered = 0;
  for (let lat = 41.3; lat <= 51.1; lat += 0.05) {
    for (let lon = -5.2; lon <= 9.6; lon += 0.05) {
      const point: [number, number] = [lon, lat];
      const containing = zones.filter(
        (zone, i) =>
          lon >= (bounds[i]?.[0][0] ?? 0) &&
          lon <= (bounds[i]?.[1][0] ?? 0) &&
          lat >= (bounds[i]?.[0][1] ?? 0) &&
          lat <= (bounds[i]?.[1][1] ?? 0) &&
          geoContains(zone, point),
      );
      if (containing.length > 1) failures.push(`${lon.toFixed(2)},${lat.toFixed(2)} lies in several zones`);
      if (containing.length === 1) covered += 1;
    }
  }
  if (failures.length > 0) throw new Error(`the sample UGA file is wrong:\n${failures.slice(0, 20).join('\n')}`);
  console.log(`checked: ${zones.length} zones, each commune in its own zone, ${covered} grid points in one zone each`);
}

const output = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../data/uga/uga-sample.topojson'));
const topo = topology({ uga: buildZones() }, 1e5) as Topology<{ uga: GeometryCollection<ZoneProperties> }>;
check(topo);
fs.mkdirSync(path.dirname(output), { recursive: true });
fs.writeFileSync(output, `${JSON.stringify(topo)}\n`);
console.log(`wrote ${output} (${Math.round(fs.statSync(output).size / 1024)} KiB)`);
