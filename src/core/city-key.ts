/**
 * The normalized match key of a city name, shared by the reference build (the
 * `places.key` column) and the matcher, so both sides always agree.
 * Called once or more per validation: a few regex passes, no allocation-heavy work.
 */

// Combining marks left by NFKD ("Doña" -> "Don" + U+0303 + "a").
const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NON_ASCII = /[\u0080-\uffff]/;
// Periods and apostrophes join their neighbours ("St." -> "ST", "Coeur d'Alene" ->
// "COEUR DALENE", "Lincoln'S" -> "LINCOLNS"); typographic quotes and the Hawaiian
// okina are apostrophes too.
const JOINING_PUNCTUATION = /[.'\u2018\u2019\u02bb`]/g;
const OTHER_PUNCTUATION = /[^A-Z0-9]+/g;

// Whole-word abbreviations USPS city names use inconsistently (the reference
// spells "Saint Paul" while people write "St. Paul", and the reverse).
// SAINTE and STE (French "Sainte") also map to ST: USPS spells "STE GENEVIEVE",
// people write "Sainte", "Ste." or "St. Genevieve", and no state has a "Saint X"
// and a "Sainte X" that must stay apart. In a city name STE never means "Suite".
const WORD_KEYS: Readonly<Record<string, string>> = {
  SAINT: 'ST',
  SAINTE: 'ST',
  STE: 'ST',
  FORT: 'FT',
  MOUNT: 'MT',
};

/** The normalized match key of a city name: "Mc Grath" -> "MCGRATH", "Saint Louis" -> "ST LOUIS". */
export function cityKey(name: string): string {
  let s = name;
  if (NON_ASCII.test(s)) s = s.normalize('NFKD').replace(COMBINING_MARKS, '');
  s = s.toUpperCase().replace(JOINING_PUNCTUATION, '').replace(OTHER_PUNCTUATION, ' ').trim();
  if (s === '') return '';
  const words = s.split(' ');
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    // GeoNames splits the Scottish prefix ("Mc Grath") where people write
    // "McGrath". Only MC: the reference never splits "Mac", and a standalone
    // MAC may be a word of its own, so joining it could merge distinct names.
    const next = words[i + 1];
    if (word === 'MC' && next !== undefined) {
      out.push(word + next);
      i++;
      continue;
    }
    out.push(WORD_KEYS[word] ?? word);
  }
  return out.join(' ');
}
