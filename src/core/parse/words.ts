/**
 * The word sets of the parser's rules, from src/core/data/parser-words.json (`parserRules`) and
 * src/core/data/directionals.json; each is named after what its rule does with the words.
 */
import words from '../data/parser-words.json' with { type: 'json' };
import directionals from '../data/directionals.json' with { type: 'json' };

const rules = words.parserRules;
const set = (list: string[]): ReadonlySet<string> => new Set(list);

/** A street made only of these words ("&", "AND") is no street. */
export const JOINING_WORDS = set(rules.joiningWords);
/** Words that end a building's name rather than a street's ("Lincoln Ctr", "Exchange Plaza"). */
export const BUILDING_WORDS = set(rules.buildingWords);
/** Words that close a county's name ("King County"): such a section is not the city. */
export const COUNTY_WORDS = set(rules.countyWords);
/**
 * Street types that mark a street even without a house number; PLACE, SQUARE, PLAZA and the
 * like name malls and buildings as often ("Okemo Market Place, Ludlow, VT").
 */
export const STREET_TYPES_OF_PLACES = set(rules.streetTypesOfPlaces);
/** State codes that are also words of a line (LA, IN, OR, ME, OK, HI), besides street types, directionals and units. */
export const STATE_CODES_THAT_ARE_WORDS = set(rules.stateCodesThatAreWords);
/** The words of a rural route or highway contract that need no box ("RR 2"); a bare "ROUTE 9" is a highway. */
export const ROUTE_ONLY_WORDS = set(rules.routeOnlyWords);
/** Route words glued to their number ("RR03", "HCR5"), and the kind of route each names. */
export const GLUED_ROUTES: ReadonlyMap<string, string> = new Map(Object.entries(rules.gluedRoutes));
/** Highway pre-types glued to their number ("I-35", "US19", "SR-21"). */
export const GLUED_HIGHWAY_PREFIXES: readonly string[] = rules.gluedHighwayPrefixes;
/** Route words that name a highway inside a street ("Old Route 9"), so they do not end the street's words. */
export const ROUTE_WORDS_IN_STREETS = set(rules.routeWordsInStreets);
/** Types besides the common ones that a frontage road or business route takes ("US 53 Bsnss Rte"). */
export const FRONTAGE_TYPES = set(rules.frontageTypes);
/** Words that name a floor before its designator ("Ground Floor"). */
export const NAMED_FLOORS = set(rules.namedFloors);
/** The word after LOWER or UPPER that makes it a unit ("Lower Level"). */
export const LEVEL_WORDS = set(rules.levelWords);
/** Designators that start a unit even with no id after them ("Apt", "Suite"). */
export const UNITS_WITHOUT_ID = set(rules.unitsWithoutId);
/** The words that stand for a number sign, by where they are written. */
export const NUMBER_SIGNS = {
  afterBox: set(rules.numberSigns.afterBox), // "PO Box # 12"
  afterRoute: set(rules.numberSigns.afterRoute), // "RR # 2"
  afterHighway: set(rules.numberSigns.afterHighway), // "State Highway No 33"
  afterDesignator: set(rules.numberSigns.afterDesignator), // "Apt No 4", "Unit Nbr 2"
  beforeUnitId: set(rules.numberSigns.beforeUnitId), // a designator followed by one starts a unit
  asUnit: set(rules.numberSigns.asUnit), // "Stonebridge Cir No L2": the sign alone as the unit's designator
  afterSpanishStreet: set(rules.numberSigns.afterSpanishStreet), // "Calle 5 Num 23"
};
/** The spelled-out word of a one-letter directional (N -> NORTH): "N Palm Beach" is North Palm Beach. */
export const SPELLED_DIRECTIONS: ReadonlyMap<string, string> = new Map(directionals.directionals
  .filter((d) => d.code.length === 1).map((d) => [d.code, d.spellings.find((s) => s.length > 2) as string]));
