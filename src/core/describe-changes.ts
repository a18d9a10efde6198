/**
 * Formatting changes of the street line (Pub 28 abbreviations), found by
 * comparing each component as written (ParsedAddress.raw) with its standard
 * form. Differences of case, periods and spacing alone are not reported.
 */
import type { Findings } from './findings.js';
import { sameLetters } from './same-letters.js';
import type { ParsedAddress } from './types.js';

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

/** Records SUFFIX/DIRECTIONAL/UNIT/PO_BOX/ROUTE_STANDARDIZED for components whose written form was not standard. */
export function recordStreetFormatting(parsed: ParsedAddress, f: Findings): void {
  const c = parsed.components;
  const raw = parsed.raw;
  if (differs(raw.suffix, c.suffix)) f.change('SUFFIX_STANDARDIZED', raw.suffix, c.suffix);
  if (differs(raw.predir, c.predir)) f.change('DIRECTIONAL_STANDARDIZED', raw.predir, c.predir);
  else if (differs(raw.postdir, c.postdir)) f.change('DIRECTIONAL_STANDARDIZED', raw.postdir, c.postdir);
  // raw.unit_type may carry the unit number ("APARTMENT 4B"): compare the designator word only.
  // '#' stands for "no designator", and a bare number needs no report.
  const designator = raw.unit_type !== undefined ? firstWord(raw.unit_type) : undefined;
  if (c.unit_type !== null && c.unit_type !== '#' && designator !== undefined && designator !== c.unit_number && differs(designator, c.unit_type)) {
    f.change('UNIT_STANDARDIZED', designator, c.unit_type);
  }
  if (c.po_box !== null && differs(raw.po_box, `PO BOX ${c.po_box}`)) f.change('PO_BOX_STANDARDIZED', raw.po_box, `PO BOX ${c.po_box}`);
  if (c.rural_route !== null) {
    const std = [c.box_group_type ?? 'RR', c.rural_route, c.box !== null ? `BOX ${c.box}` : null].filter((p) => p !== null).join(' ');
    if (differs(raw.rural_route, std)) f.change('ROUTE_STANDARDIZED', raw.rural_route, std);
  }
}
