/**
 * Formatting changes of the street line (Pub 28 abbreviations), found by
 * comparing each component as written (ParsedAddress.raw) with its standard
 * form. Differences of case, periods and spacing alone are not reported.
 */
import type { Findings } from '../model/findings.js';
import { formatDeliveryLine } from '../parse/format-lines.js';
import { sameLetters } from '../util/same-letters.js';
import type { ParsedAddress } from '../model/types.js';

// Letters, digits and # only: "P.O. BOX 12" and "PO BOX 12" are the same text.
function differs(raw: string | undefined, std: string | null): raw is string {
  return raw !== undefined && std !== null && !sameLetters(raw, std, true);
}

// The first word of a designator as written: split(/\s+/)[0], without the regex for ASCII.
function firstWord(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13)) return text.slice(0, i);
    if (c > 127) return text.split(/\s+/)[0] as string; // Unicode spaces
  }
  return text;
}

/**
 * Records SUFFIX/DIRECTIONAL/UNIT/PO_BOX/ROUTE_STANDARDIZED for components whose written form was not
 * standard, and STREET_REMOVED for a street beside a box.
 */
export function recordStreetFormatting(parsed: ParsedAddress, f: Findings): void {
  const c = parsed.components;
  const raw = parsed.raw;
  // A written form is read only when its standard form exists (differs() is false otherwise),
  // and once: raw's shape varies from address to address, so each read of it is a slow one.
  if (c.suffix !== null) {
    const suffix = raw.suffix;
    if (differs(suffix, c.suffix)) f.change('SUFFIX_STANDARDIZED', suffix, c.suffix);
  }
  const predir = c.predir !== null ? raw.predir : undefined;
  if (differs(predir, c.predir)) {
    f.change('DIRECTIONAL_STANDARDIZED', predir, c.predir);
  } else if (c.postdir !== null) {
    const postdir = raw.postdir;
    if (differs(postdir, c.postdir)) f.change('DIRECTIONAL_STANDARDIZED', postdir, c.postdir);
  }
  // raw.unit_type may carry the unit number ("APARTMENT 4B"): compare the designator word only.
  // '#' stands for "no designator", and a bare number needs no report.
  if (c.unit_type !== null && c.unit_type !== '#') {
    const unitRaw = raw.unit_type;
    // An ordinal floor is written before its designator ("32ND FL", "4TH FLOOR"): the last word then.
    const first = unitRaw !== undefined ? firstWord(unitRaw) : undefined;
    const designator = first !== undefined && /^\d/.test(first) && first.length < (unitRaw as string).length
      ? (unitRaw as string).trim().split(/\s+/).pop() : first;
    if (designator !== undefined && designator !== c.unit_number && differs(designator, c.unit_type)) {
      f.change('UNIT_STANDARDIZED', designator, c.unit_type);
    }
  }
  if (c.po_box !== null) {
    const box = raw.po_box;
    if (differs(box, `PO BOX ${c.po_box}`)) f.change('PO_BOX_STANDARDIZED', box, `PO BOX ${c.po_box}`);
  }
  if (c.rural_route !== null) {
    const std = [c.box_group_type ?? 'RR', c.rural_route, c.box !== null ? `BOX ${c.box}` : null].filter((p) => p !== null).join(' ');
    const route = raw.rural_route;
    if (differs(route, std)) f.change('ROUTE_STANDARDIZED', route, std);
  }
  // "123 Main St PO Box 55", "PO Box 628 Hwy 231": the delivery line is the box; the street is
  // not lost unseen.
  if ((c.po_box !== null || c.rural_route !== null) && (c.street !== null || c.number !== null)) {
    const street = formatDeliveryLine({ ...c, po_box: null, rural_route: null, unit_type: null, unit_number: null });
    f.change('STREET_REMOVED', street, formatDeliveryLine({ ...c, unit_type: null, unit_number: null }));
  }
}
