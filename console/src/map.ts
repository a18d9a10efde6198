// A map of a geocode drawn from us-atlas's state and county outlines (a file of this server,
// fetched once): no tiles, nothing from the internet. An equirectangular view around the point.
import { mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countiesUrl from 'us-atlas/counties-10m.json?url';
import { svg } from './dom';

let atlas: Promise<{ states: number[][][]; counties: number[][][] }> | null = null;

function outlines(): Promise<{ states: number[][][]; counties: number[][][] }> {
  atlas ??= fetch(countiesUrl).then(async (res) => {
    const topo = (await res.json()) as Topology<{ states: GeometryCollection; counties: GeometryCollection }>;
    return {
      states: mesh(topo, topo.objects.states).coordinates,
      counties: mesh(topo, topo.objects.counties, (a, b) => a !== b).coordinates,
    };
  });
  return atlas;
}

const W = 480;
const H = 320;

/** The span of the view (degrees of latitude) for a geocode quality: wider for a centroid. */
function spanOf(quality: string): number {
  if (quality === 'CITY_CENTROID' || quality === 'STATE_CENTROID') return 2.4;
  if (quality === 'ZIP_CENTROID') return 1.2;
  return 0.6;
}

/** Draws the point on the outlines around it; `label` names it for screen readers. */
export async function drawMap(box: HTMLElement, lat: number, lon: number, quality: string, label: string): Promise<void> {
  const { states, counties } = await outlines();
  const span = spanOf(quality);
  const k = H / span;
  const cos = Math.cos((lat * Math.PI) / 180);
  const x = (lo: number): number => (lo - lon) * cos * k + W / 2;
  const y = (la: number): number => (lat - la) * k + H / 2;
  const inView = (p: number[]): boolean => {
    const px = x(p[0] as number);
    const py = y(p[1] as number);
    return px > -W && px < 2 * W && py > -H && py < 2 * H;
  };
  const path = (lines: number[][][]): string => lines
    .filter((line) => line.some(inView))
    .map((line) => line.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p[0] as number).toFixed(1)},${y(p[1] as number).toFixed(1)}`).join(''))
    .join('');
  const map = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, class: 'map' },
    svg('title', {}, label),
    svg('rect', { x: 0, y: 0, width: W, height: H, class: 'map-land' }),
    svg('path', { d: path(counties), class: 'map-county' }),
    svg('path', { d: path(states), class: 'map-state' }),
    svg('circle', { cx: W / 2, cy: H / 2, r: quality === 'ROOFTOP' ? 5 : 7, class: 'map-point' }),
  );
  box.replaceChildren(map);
}
