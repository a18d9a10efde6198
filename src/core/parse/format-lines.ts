/**
 * USPS line formatting from components: the delivery line (line 1) and the
 * last line ("CITY ST 12345-6789"), in Pub 28 upper case.
 */
import type { AddressComponents } from '../model/types.js';

// `out` and `p` joined by a space; `p` is skipped unless it is a non-empty string.
// (Chained calls rather than an array of parts: this runs twice for every address.)
function add(out: string, p: string | null | undefined): string {
  return typeof p === 'string' && p.length > 0 ? (out.length > 0 ? `${out} ${p}` : p) : out;
}

/** The secondary unit as printed: "APT 4B", "# 12", "REAR". */
export function formatUnit(c: AddressComponents): string {
  return add(add('', c.unit_type), c.unit_number);
}

/** The delivery line: street line, PO box, route or military line, plus the unit. */
export function formatDeliveryLine(c: AddressComponents): string {
  let main: string;
  if (c.po_box !== null) {
    main = `PO BOX ${c.po_box}`;
  } else if (c.rural_route !== null) {
    const group = c.box_group_type ?? 'RR';
    main = add(add(add('', group), c.rural_route), c.box !== null ? `BOX ${c.box}` : null);
  } else {
    main = add(add(add(add(add(add('', c.number), c.number_fraction), c.predir), c.street), c.suffix), c.postdir);
    const x = c.cross_street;
    if (x && (x.street || x.suffix)) main = `${main} & ${add(add(add(add('', x.predir), x.street), x.suffix), x.postdir)}`;
  }
  return add(add(main, c.unit_type), c.unit_number);
}

/**
 * The delivery line as pieces whose words, in order, are the words of formatDeliveryLine(c)
 * (pieces that are null or empty have none): for work done piece by piece, such as mixed case.
 */
export function deliveryLinePieces(c: AddressComponents): (string | null)[] {
  // Array literals of the exact length (an array grown by push() over-allocates).
  if (c.po_box !== null) return ['PO BOX', c.po_box, c.unit_type, c.unit_number];
  if (c.rural_route !== null) return [c.box_group_type ?? 'RR', c.rural_route, c.box !== null ? 'BOX' : null, c.box, c.unit_type, c.unit_number];
  const x = c.cross_street;
  if (x && (x.street || x.suffix)) {
    return [c.number, c.number_fraction, c.predir, c.street, c.suffix, c.postdir, '&', x.predir, x.street, x.suffix, x.postdir, c.unit_type, c.unit_number];
  }
  return [c.number, c.number_fraction, c.predir, c.street, c.suffix, c.postdir, c.unit_type, c.unit_number];
}

/** The last line: "CITY ST 12345-6789" (parts that are missing are left out). */
export function formatLastLine(c: AddressComponents): string {
  const zip = c.zip5 !== null ? (c.zip4 !== null ? `${c.zip5}-${c.zip4}` : c.zip5) : null;
  return add(add(add('', c.city), c.state), zip);
}
