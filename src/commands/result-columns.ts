/**
 * The csv and table columns of the address commands' results (docs/cli.md): which field of a
 * result each column shows, and how a terminal styles it. Read by the commands (normalize.ts,
 * validate.ts, geocode.ts, extract.ts) and by the line workers that render their results
 * (line-work.ts).
 */
import type { Column, Style } from './render.js';

const col = (header: string, path: string = header, style?: Column['style']): Column => ({ header, path: path.split('.'), ...(style ? { style } : {}) });

const COMPONENT_NAMES = [
  'number', 'number_fraction', 'predir', 'street', 'suffix', 'postdir', 'unit_type', 'unit_number',
  'po_box', 'rural_route', 'box', 'box_group_type', 'urbanization', 'city', 'state', 'zip5', 'zip4',
] as const;

/** csv and table columns of a normalize result: components flattened beside the lines. */
export const NORMALIZE_COLUMNS: readonly Column[] = [
  { header: 'input', path: ['input'] },
  { header: 'delivery_line', path: ['delivery_line'], style: () => 'bold' },
  { header: 'last_line', path: ['last_line'], style: () => 'bold' },
  ...COMPONENT_NAMES.map((name): Column => ({ header: name, path: ['components', name] })),
  ...(['predir', 'street', 'suffix', 'postdir'] as const).map((name): Column => ({ header: `cross_street.${name}`, path: ['components', 'cross_street', name] })),
  { header: 'unparsed', path: ['unparsed'], style: () => 'yellow' },
];

const STATUS_STYLE: Readonly<Record<string, Style>> = {
  VALIDATED: 'green',
  CORRECTED: 'cyan',
  PARTIAL: 'yellow',
  NOT_FOUND: 'red',
};

/** csv and table columns of a validation result (Variant A fields, docs/validation.md), nested objects flattened. */
export const VALIDATE_COLUMNS: readonly Column[] = [
  col('status', 'status', (v) => STATUS_STYLE[v] ?? null),
  col('confidence'),
  col('display_address', 'display_address', () => 'bold'),
  ...['line1', 'line2', 'city', 'state', 'zip'].map((f) => col(`input.${f}`)),
  ...['line1', 'line2', 'city', 'state', 'zip5', 'zip4', 'county', 'county_fips', 'deliverability', 'source'].map((f) => col(`standardized.${f}`)),
  ...['lat', 'lon', 'quality', 'accuracy_meters'].map((f) => col(`geocode.${f}`)),
  ...['name', 'utc_offset', 'dst'].map((f) => col(`timezone.${f}`)),
  col('match_code'),
  col('match_source'),
  col('reason_codes', 'reason_codes', () => 'yellow'),
  col('changes'),
  col('quality.level'),
  col('quality.review_recommended'),
  col('quality.reasons'),
  col('suggested_address'),
  col('place_id'),
  col('candidates'),
  col('data_version'),
  col('engine_version'),
  col('latency_ms'),
  col('id'),
];

/** csv and table columns of a geocode result. */
export const GEOCODE_COLUMNS: readonly Column[] = [
  col('status'),
  col('formatted_address'),
  ...['lat', 'lon', 'quality', 'accuracy_meters'].map((f) => col(`geocode.${f}`)),
  ...['name', 'utc_offset', 'dst'].map((f) => col(`timezone.${f}`)),
  col('place_id'),
  ...['line1', 'city', 'state', 'zip5', 'zip4'].map((f) => col(`standardized.${f}`)),
  col('match_source'),
  col('reason_codes'),
  col('data_version'),
  col('latency_ms'),
  col('id'),
];
