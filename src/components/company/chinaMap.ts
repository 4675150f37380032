import { geoConicEqualArea, geoContains, geoPath, type GeoProjection } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries50m from 'world-atlas/countries-50m.json';

/**
 * The company homepage's offline map (docs/architecture.md "Company homepage"): Natural Earth's 1:50m
 * country outlines (world-atlas, TopoJSON) drawn with d3-geo, no tile server. Pure geometry: the
 * outlines, the projection fitted to a size, a project's place in pixels.
 */

/**
 * The Natural Earth countries drawn as China (ISO 3166-1 numeric ids): the mainland, Taiwan, Hong Kong
 * and Macao, which Natural Earth keeps as separate features.
 */
export const CHINA_IDS: ReadonlySet<string> = new Set(['156', '158', '344', '446']);

type CountryProps = { name: string };
type Country = Feature<Geometry, CountryProps> & { id?: string | number };

let cache: { countries: Country[]; china: FeatureCollection<Geometry, CountryProps> } | null = null;

/** Every country outline, and China's ({@link CHINA_IDS}) as one collection; decoded once. */
export function outlines(): { countries: Country[]; china: FeatureCollection<Geometry, CountryProps> } {
  if (!cache) {
    const topo = countries50m as unknown as Topology<{ countries: GeometryCollection<CountryProps> }>;
    const all = feature(topo, topo.objects.countries) as FeatureCollection<Geometry, CountryProps>;
    const countries = all.features as Country[];
    cache = { countries, china: { type: 'FeatureCollection', features: countries.filter((c) => CHINA_IDS.has(String(c.id))) } };
  }
  return cache;
}

/**
 * An Albers equal-area conic projection for China (standard parallels 25° N and 47° N, central meridian
 * 105° E, as Chinese national maps use), fitted so China's outline fills `width`×`height` CSS px with
 * `padPx` to spare on every side.
 */
export function chinaProjection(width: number, height: number, padPx = 16): GeoProjection {
  const pad = Math.min(padPx, width / 4, height / 4);
  return geoConicEqualArea()
    .parallels([25, 47])
    .rotate([-105, 0])
    .fitExtent(
      [
        [pad, pad],
        [Math.max(pad + 1, width - pad), Math.max(pad + 1, height - pad)],
      ],
      outlines().china,
    );
}

/** Where WGS 84 `[longitude, latitude]` (degrees) lands in pixels on `projection`, or null when it cannot be drawn. */
export function projectPoint(projection: GeoProjection, longitude: number, latitude: number): [number, number] | null {
  const p = projection([longitude, latitude]);
  return p && Number.isFinite(p[0]) && Number.isFinite(p[1]) ? [p[0], p[1]] : null;
}

/** Whether WGS 84 `[longitude, latitude]` lies inside China's outline ({@link CHINA_IDS}). */
export function inChina(longitude: number, latitude: number): boolean {
  return geoContains(outlines().china, [longitude, latitude]);
}

/** The SVG path data of every country on `projection`: China's and its neighbours' apart. */
export function mapPaths(projection: GeoProjection): { china: string[]; others: string[] } {
  const path = geoPath(projection);
  const china: string[] = [];
  const others: string[] = [];
  for (const c of outlines().countries) {
    const d = path(c);
    if (!d) continue;
    (CHINA_IDS.has(String(c.id)) ? china : others).push(d);
  }
  return { china, others };
}
