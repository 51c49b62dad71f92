import fs from 'node:fs/promises';
import { geoArea, geoBounds, geoContains } from 'd3-geo';
import type { Feature, Geometry, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { z } from 'zod';
import { AppError } from '#server/core/app-error.ts';
import type { GeoPoint } from './geocoder.ts';

export type UgaZone = { code: string; name: string };

type Zone = UgaZone & {
  shape: Feature<Polygon | MultiPolygon>;
  /** [[west, south], [east, north]], to skip the point-in-polygon test for far-away zones */
  bounds: [[number, number], [number, number]];
};

/**
 * The UGA zones of a TopoJSON boundary file: read once, on first use, then kept. Each geometry carries the
 * zone's `code` (or its id) and `name` properties; the object named `uga`, or else the file's first object,
 * holds them. A file that can't be read or understood fails with UGA_FILE_FAILED, and is read again on the
 * next request (an administrator may have fixed it meanwhile).
 */
export class UgaBoundaries {
  private zones: Promise<Zone[]> | null = null;

  constructor(private readonly file: string) {}

  /** The zone containing the point (the first, should the file's zones overlap), or null. */
  async find(point: GeoPoint): Promise<UgaZone | null> {
    const zones = await this.load();
    const position: [number, number] = [point.longitude, point.latitude];
    const zone = zones.find(
      (candidate) => isWithin(candidate.bounds, position) && geoContains(candidate.shape, position),
    );
    return zone ? { code: zone.code, name: zone.name } : null;
  }

  private load(): Promise<Zone[]> {
    this.zones ??= readZones(this.file).catch((error: unknown) => {
      this.zones = null;
      throw error;
    });
    return this.zones;
  }
}

function isWithin([[west, south], [east, north]]: Zone['bounds'], [longitude, latitude]: [number, number]): boolean {
  if (latitude < south || latitude > north) return false;
  // A zone across the antimeridian has west > east.
  return west <= east ? longitude >= west && longitude <= east : longitude >= west || longitude <= east;
}

/** Enough of TopoJSON's shape to hand the file to topojson-client. */
const TopologyShape = z.looseObject({
  type: z.literal('Topology'),
  objects: z.record(z.string(), z.looseObject({ type: z.string() })),
  arcs: z.array(z.unknown()),
});

async function readZones(file: string): Promise<Zone[]> {
  try {
    const content: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    TopologyShape.parse(content);
    const topology = content as Topology;
    const object = topology.objects.uga ?? Object.values(topology.objects)[0];
    if (!object) throw new Error('the topology has no object');
    const converted = feature(topology, object);
    const shapes = converted.type === 'FeatureCollection' ? converted.features : [converted];
    const zones = shapes.filter(isArea).map(toZone);
    if (zones.length === 0) throw new Error('the topology has no zone');
    return zones;
  } catch (error) {
    const failure = new AppError('UGA_FILE_FAILED');
    // Kept for the log: the answer only says the file failed, the log says why and which file.
    failure.cause = { file, error };
    throw failure;
  }
}

type AreaFeature = Feature<Polygon | MultiPolygon>;

function isArea(shape: Feature): shape is AreaFeature {
  // Other geometries (points, lines, none: topojson-client gives null for TopoJSON's null type) bound no zone.
  const type = (shape.geometry as Geometry | null)?.type;
  return type === 'Polygon' || type === 'MultiPolygon';
}

function toZone(shape: AreaFeature): Zone {
  const properties = shape.properties ?? {};
  const code = text(properties.code) ?? text(shape.id);
  if (!code) throw new Error('a zone has no code');
  const wound = geoArea(shape) > 2 * Math.PI ? rewound(shape) : shape;
  return { code, name: text(properties.name) ?? code, shape: wound, bounds: geoBounds(wound) };
}

/**
 * d3-geo reads a ring's winding on the sphere: exterior rings clockwise. GeoJSON files made to RFC 7946
 * wind them the other way, which to d3-geo is the rest of the globe (more than a hemisphere: no zone is
 * that large), so such zones are turned around.
 */
function rewound(shape: AreaFeature): AreaFeature {
  const reverse = (rings: Position[][]) => rings.map((ring) => [...ring].reverse());
  const geometry: Polygon | MultiPolygon =
    shape.geometry.type === 'Polygon'
      ? { type: 'Polygon', coordinates: reverse(shape.geometry.coordinates) }
      : { type: 'MultiPolygon', coordinates: shape.geometry.coordinates.map(reverse) };
  return { ...shape, geometry };
}

function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
