/**
 * Stage: units after the street (designators, #, floors, bare ids), with PO boxes, routes,
 * post-directionals, urbanizations and recipients met on the way (docs/parser.md, "Read units").
 */
import { directional, isIdentifier, isUnitName, isUrbanization, ordinalNumber, unitDesignator } from '../vocabulary.js';
import type { ParseState } from './state.js';
import { boxIdAfter, recipientMarkerAt, routeAt } from './phrases.js';
import { designatorAt, directionalAt, isUnitStart, unitWingBeforeCity } from './unit-start.js';
import { LEVEL_WORDS, NAMED_FLOORS, NUMBER_SIGNS } from './words.js';

/** Reads units (and a trailing urbanization) from i; returns where the city may begin. */
export function readUnits(st: ParseState, i: number, limit = st.llStart): number {
  const t = st.t;
  while (i < limit) {
    const w = st.w(i);
    // A PO box after the street ("115 Harting Road PO Box X"); of two boxes the last is kept.
    const boxId = boxIdAfter(st, i, limit);
    if (boxId !== null) {
      // Of two boxes, a post office box wins over a lock box or bin; otherwise the first stays.
      const isPo = (raw: string): boolean => /\bP ?O\b|POST/.test(raw);
      const raw = st.rawOf(i, boxId + 1);
      if (st.c.po_box === null || isPo(raw) && !isPo(st.raw.po_box ?? '')) {
        if (st.c.po_box !== null) st.unparsed.push(st.raw.po_box ?? st.c.po_box);
        st.c.po_box = st.w(boxId);
        st.raw.po_box = raw;
      } else st.unparsed.push(raw);
      i = boxId + 1;
      continue;
    }
    // A rural route after the street ("104 S Walnut RR 1 Box 297").
    const route = st.c.rural_route === null ? routeAt(st, i, limit) : null;
    if (route) {
      st.c.box_group_type = route.kind;
      st.c.rural_route = route.route;
      st.c.box = route.box;
      st.raw.rural_route = st.rawOf(i, route.next);
      i = route.next;
      continue;
    }
    // A post-directional that begins the next section ("Bolton Road, NW Atlanta"), unless the
    // gazetteer knows the directional as part of the city's name.
    const dir2 = directionalAt(st, i, limit);
    if (dir2 && st.startsSection(i) && st.c.postdir === null && st.c.street !== null && st.c.po_box === null) {
      const end = st.sectionEnd(i, limit);
      const lone = end === i + dir2.length;
      // A quadrant (NW, S W) there is the street's; a lone N/S/E/W before a name starts the
      // city's name ("Gravenstein Hwy, N Sebastopol CA" is North Sebastopol).
      const quadrant = dir2.dir.length === 2;
      if (lone || isUnitStart(st, i + dir2.length, limit) || (quadrant && st.isPlaceSpan(i, end) !== true)) {
        st.c.postdir = dir2.dir;
        st.raw.postdir = st.rawOf(i, i + dir2.length);
        i += dir2.length;
        continue;
      }
    }
    if (LEVEL_WORDS.has(st.w(i + 1)) && i + 1 < limit && (unitDesignator(w)?.code === 'LOWR' || unitDesignator(w)?.code === 'UPPR')) {
      st.setUnit(unitDesignator(w)!.code, null, `${w} LEVEL`);
      i += 2;
      continue;
    }
    // "Stonebridge Cir No L2": a number sign written as a word.
    if (NUMBER_SIGNS.asUnit.has(w) && i + 1 < limit && /\d/.test(st.w(i + 1)) && isIdentifier(st.w(i + 1)) && st.c.unit_number === null) {
      st.setUnit('#', st.w(i + 1), st.rawOf(i, i + 2));
      i += 2;
      continue;
    }
    if (isUrbanization(w)) {
      let j = i + 1;
      while (j < limit && !st.startsSection(j)) j++;
      j = st.beforePlaceClosing(i + 1, j); // "Urb Las Lomas Ponce PR"
      if (j > i + 1 && st.c.urbanization === null) { st.c.urbanization = st.text(i + 1, j); st.raw.urbanization = st.rawOf(i, j); }
      i = j;
      continue;
    }
    if (recipientMarkerAt(st, i, limit)) {
      let j = i + 1;
      while (j < limit && !st.startsSection(j)) j++;
      j = st.beforePlaceClosing(i, j); // "Attn: Lockbox # 402605 College Park GA"
      st.unparsed.push(st.rawOf(i, j));
      i = j;
      continue;
    }
    if (ordinalNumber(w) !== null && unitDesignator(st.w(i + 1))?.code === 'FL' && i + 1 < limit) {
      st.setUnit('FL', ordinalNumber(w) as string, `${w} ${t[i + 1]}`);
      i += 2;
      continue;
    }
    // "# APT 2", "#2nd Floor": the number sign before a designator, or before an ordinal floor, adds nothing.
    if (w === '#' && i + 1 < limit && !st.startsSection(i + 1) && (unitDesignator(st.w(i + 1)) !== null ||
      (ordinalNumber(st.w(i + 1)) !== null && i + 2 < limit && unitDesignator(st.w(i + 2))?.code === 'FL'))) { i++; continue; }
    const d = designatorAt(st, i, limit); // '#' too: its own designator
    if (d !== null) {
      if (!isUnitStart(st, i, limit)) break;
      let j = i + 1;
      if (NUMBER_SIGNS.afterDesignator.has(st.w(j))) j++;
      const id = t[j];
      // "Bldg St Paul MN", "Rear St Louis": a word that begins the city is not the unit's id.
      const cityWord = id !== undefined && !/\d/.test(id) && st.isPlaceSpan(j, limit) === true;
      // "Apt Upper", "Unit Downst": a word naming the unit (data/parser-words.json unitNames) is its id.
      const named = id !== undefined && d.code !== 'FL' && isUnitName(id);
      if (id !== undefined && j < limit && (isIdentifier(id) || ordinalNumber(id) !== null || named) && !(st.startsSection(j) && !/\d/.test(id)) && !cityWord) {
        let n = d.code === 'FL' ? (ordinalNumber(id) ?? id) : id;
        // "Apt 13 C": a letter after the number belongs to it at the end of the line.
        const letter = t[j + 1];
        if (letter !== undefined && /^[A-Z]$/.test(letter) && /^\d+$/.test(n) && j + 1 < limit && !st.startsSection(j + 1) &&
          (j + 2 >= limit || st.startsSection(j + 2)) && directional(letter) === null) { n += letter; j++; }
        // "# 3 South", "Unit 2 East": a direction closing the line is part of the unit; so is a
        // one-letter one before the city ("Apt 1 N Oak Park IL").
        else if (letter !== undefined && directional(letter) !== null && j + 1 < limit && !st.startsSection(j + 1) &&
          ((j + 2 >= limit || st.startsSection(j + 2)) && st.c.street !== null && st.llStart >= st.end || unitWingBeforeCity(st, j + 1, limit))) { n += ` ${letter}`; j++; }
        // An id glued with a letter and hyphen ("12-B") stays as written.
        st.setUnit(d.code, n, st.rawOf(i, j + 1));
        i = j + 1;
      } else {
        st.setUnit(d.code, null, st.rawOf(i, i + 1));
        i += 1;
      }
      continue;
    }
    const sectionEnd = st.sectionEnd(i, limit);
    // A post-directional in a section of its own ("1800 M Street, NW, Washington").
    if (st.startsSection(i) && st.c.postdir === null && st.c.street !== null && directional(w) !== null &&
      (sectionEnd === i + 1 || isUnitStart(st, i + 1, limit))) {
      st.c.postdir = directional(w);
      st.raw.postdir = w;
      i++;
      continue;
    }
    // "2 Floor": a number before the floor designator.
    if (/^\d+$/.test(w) && i + 1 < limit && unitDesignator(st.w(i + 1))?.code === 'FL' && st.c.street !== null) {
      st.setUnit('FL', w, `${w} ${t[i + 1]}`);
      i += 2;
      continue;
    }
    // "Ground Floor", "Lower Level".
    const next = t[i + 1];
    if (next !== undefined && i + 1 < limit && NAMED_FLOORS.has(w) && unitDesignator(next)?.code === 'FL') {
      st.setUnit('FL', w, `${w} ${next}`);
      i += 2;
      continue;
    }
    if (LEVEL_WORDS.has(next ?? '') && i + 1 < limit && (unitDesignator(w)?.code === 'LOWR' || unitDesignator(w)?.code === 'UPPR')) {
      st.setUnit(unitDesignator(w)!.code, null, `${w} ${next}`);
      i += 2;
      continue;
    }
    // "720 10th Ave SW A Mount Vernon": a lone letter after a complete street is its unit.
    if (/^[A-Z]$/.test(w) && directional(w) === null && st.c.suffix !== null && st.c.unit_type === null && !st.startsSection(i) &&
      (i + 1 < limit || st.llStart >= st.end)) {
      st.setUnit('#', w, w);
      i++;
      continue;
    }
    // A bare unit id right after the street ("168 Eastern Prom 3R", "Monroe, 12C, Chicago").
    // Not when other words follow it in a section that ends before the last line: that is a
    // building's number ("Peachtree St, NE 400 Colony Square, Suite 1730").
    const building = sectionEnd > i + 1 && sectionEnd < limit;
    // "Winnfield Road, 106 D, Warrenville": a section of a number and a letter is a unit.
    if (st.c.unit_type === null && st.c.street !== null && st.startsSection(i) && sectionEnd === i + 2 && /^\d+$/.test(w) &&
      /^[A-Z]$/.test(st.w(i + 1)) && sectionEnd < limit) {
      st.setUnit('#', `${w}${t[i + 1]}`, st.rawOf(i, i + 2));
      i += 2;
      continue;
    }
    if (st.c.unit_number === null && st.c.unit_type === null && /\d/.test(w) && isIdentifier(w) && !building &&
      (!st.startsSection(i) || sectionEnd === i + 1) && (st.c.street !== null)) {
      // "Park Ave W 4 N": a direction closing the line belongs to the unit, and a one-letter one
      // before the city ("Randolph 1 N Oak Park IL").
      const dir = t[i + 1];
      if (dir !== undefined && directional(dir) !== null && !st.startsSection(i + 1) && (i + 2 === limit && limit === st.end || unitWingBeforeCity(st, i + 1, limit))) {
        st.setUnit('#', `${w} ${dir}`, `${w} ${dir}`);
        i += 2;
        continue;
      }
      st.setUnit('#', w, w);
      i++;
      continue;
    }
    break;
  }
  return i;
}
