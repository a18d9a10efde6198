// Engine.extract over the in-memory locality store (a handful of real ZIPs): one table per
// form of address, negatives, HTML offsets, streaming in chunks, and a fuzz test.
import fc from 'fast-check';
import { Tokenizer } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/core/engine.js';
import type { ExtractedAddress } from '../../src/core/engine.js';
import { findAddresses } from '../../src/core/extract/find-addresses.js';
import { htmlToText, looksLikeHtml } from '../../src/core/extract/html-text.js';
import { fakeLocalityStore } from './validate-fake-store.js';

const engine = createEngine({ locality: fakeLocalityStore(), html: () => Tokenizer });

/** The texts of the addresses found in `text`. */
function found(text: string, aggressive = false): string[] {
  return engine.extract(text, { aggressive }).map((a) => a.text);
}

/** Every result slices the input to its text. */
function expectExact(text: string, results: readonly ExtractedAddress[]): void {
  for (const a of results) expect(text.slice(a.start, a.end)).toBe(a.text);
}

describe('extract: one-line addresses', () => {
  it.each([
    ['1005 N Gravenstein Hwy, Sebastopol, CA 95472', '1005 N Gravenstein Hwy, Sebastopol, CA 95472'],
    ['1005 n gravenstein highway sebastopol ca 95472', '1005 n gravenstein highway sebastopol ca 95472'],
    ['1600 Pennsylvania Ave NW, Washington, DC 20500', '1600 Pennsylvania Ave NW, Washington, DC 20500'],
    ['350 5th Ave, New York, NY 10001-1234', '350 5th Ave, New York, NY 10001-1234'], // ZIP+4
    ['123 Main St, Portland, Maine 04101', '123 Main St, Portland, Maine 04101'], // state name
    ['123 Main St, Portland, ME 4101', '123 Main St, Portland, ME 4101'], // leading zero dropped
    ['123 Main St, Cincinnati OH 45202 USA', '123 Main St, Cincinnati OH 45202 USA'], // country kept
    ['123 Main St, Portland, OR', '123 Main St, Portland, OR'], // city and state, no ZIP
  ])('%s', (text, expected) => {
    expect(found(text)).toEqual([expected]);
  });
});

describe('extract: addresses inside sentences', () => {
  it.each([
    ['send it to 1005 N Gravenstein Hwy, Sebastopol CA 95472 by Friday', '1005 N Gravenstein Hwy, Sebastopol CA 95472'],
    ['Our new office is at 500 Race St, Cincinnati, OH 45202. Call first.', '500 Race St, Cincinnati, OH 45202'],
    ['Meet me at 10 Market St, Philadelphia, PA 19103 (side entrance).', '10 Market St, Philadelphia, PA 19103'],
    ['Ship to: 9 Elm St, Valdez, AK 99686 before noon.', '9 Elm St, Valdez, AK 99686'],
  ])('%s', (text, expected) => {
    expect(found(text)).toEqual([expected]);
  });
});

describe('extract: addresses on two or three lines, with or without a recipient', () => {
  it.each([
    ['1005 N Gravenstein Hwy\nSebastopol, CA 95472', '1005 N Gravenstein Hwy\nSebastopol, CA 95472'],
    ['Jordan Lee\n1005 N Gravenstein Hwy\nSebastopol, CA 95472', '1005 N Gravenstein Hwy\nSebastopol, CA 95472'],
    ['Acme Supply Co.\n1005 N Gravenstein Hwy\nSuite 500\nSebastopol, CA 95472', '1005 N Gravenstein Hwy\nSuite 500\nSebastopol, CA 95472'],
    ['Dr. Maria Gomez\r\n500 Race St\r\nCincinnati OH 45202\r\n', '500 Race St\r\nCincinnati OH 45202'],
  ])('%j', (text, expected) => {
    expect(found(text)).toEqual([expected]);
  });

  // A line that begins with a house number or a PO box, rural route or military box starts the
  // address: a street line above it is not part of it; a unit line above it still is.
  it.each([
    ['1 spiritual healer dr.\nPSC 802 Box 74, APO AE 09499', 'PSC 802 Box 74, APO AE 09499'],
    ['12 Oak Ln\nPO Box 123\nSebastopol, CA 95473', 'PO Box 123\nSebastopol, CA 95473'],
    ['1 World Plaza\n500 Race St\nCincinnati OH 45202', '500 Race St\nCincinnati OH 45202'],
    ['Suite 500\n1005 N Gravenstein Hwy\nSebastopol, CA 95472', 'Suite 500\n1005 N Gravenstein Hwy\nSebastopol, CA 95472'],
    ['500 Race St\n2nd Floor\nCincinnati OH 45202', '500 Race St\n2nd Floor\nCincinnati OH 45202'],
  ])('%j', (text, expected) => {
    expect(found(text)).toEqual([expected]);
  });

  // With a judge that takes any candidate: where the address is read to begin.
  it.each([
    ['8031 Spring Valley Lane\nRural Ridge, PA 15075', '8031 Spring Valley Lane'], // a city, not a rural route
    ['40 Main St\nBox Elder, UT 84302', '40 Main St'],
    ['12 Oak Ln\nRural Route 2 Box 5\nRural Ridge, PA 15075', 'Rural Route 2 Box 5'],
    ['12 Oak Ln\nP O Box 9\nGraton, CA 95444', 'P O Box 9'],
  ])('%j begins at %j', (text, first) => {
    const [f] = findAddresses(text, (c) => c);
    expect(f?.candidate.text.startsWith(first)).toBe(true);
  });

  it('gives the line of the first and of the last character', () => {
    const text = 'Hello,\n\nJordan Lee\n1005 N Gravenstein Hwy\nSebastopol, CA 95472\n';
    const [a] = engine.extract(text);
    expect(a).toMatchObject({ line: 4, end_line: 5, start: text.indexOf('1005'), end: text.indexOf('95472') + 5 });
  });
});

describe('extract: units, PO boxes, rural routes, military', () => {
  it.each([
    ['1005 N Gravenstein Hwy Suite 500, Sebastopol, CA 95472', 'STE 500'],
    ['500 Race St Apt 4B, Cincinnati, OH 45202', 'APT 4B'],
    ['500 Race St # 12, Cincinnati, OH 45202', '# 12'],
  ])('%s', (text, unit) => {
    const [a] = engine.extract(text);
    expect(a?.text).toBe(text);
    expect(a?.result.standardized.line2 ?? a?.result.standardized.line1).toContain(unit);
  });

  it.each([
    'PO Box 123, Sebastopol, CA 95473',
    'P.O. Box 77\nValdez, AK 99686',
    'RR 2 Box 45, Manhattan, KS 66502',
    'PSC 802 Box 74, APO AE 09499',
  ])('%j', (text) => {
    expect(found(`Write to ${text} soon.`)).toEqual([text]);
  });

  it.each([
    'Urb Las Gladiolas, 150 Calle A, San Juan, PR',
    'Urb. Las Gladiolas\n150 Calle A\nSan Juan, PR',
    'URBANIZACIÓN Las Gladiolas 150 Calle A San Juan PR',
  ])('a Puerto Rico urbanization written first is part of the address: %j', (text) => {
    const [a] = engine.extract(`Contact: ${text}. Thanks`);
    expect(a?.text).toBe(text);
    expect(a?.result.standardized.line2).toBe('URB LAS GLADIOLAS');
  });
});

describe('extract: several addresses in one paragraph', () => {
  it('finds each, in order, with offsets that slice the input', () => {
    const text = 'Ship to: 500 Race St, Cincinnati, OH 45202. Bill to 10 Market St, Philadelphia, PA 19103, '
      + 'and copy 1005 N Gravenstein Hwy, Sebastopol, CA 95472 by Friday.';
    const results = engine.extract(text);
    expect(results.map((a) => a.text)).toEqual(['500 Race St, Cincinnati, OH 45202', '10 Market St, Philadelphia, PA 19103', '1005 N Gravenstein Hwy, Sebastopol, CA 95472']);
    expectExact(text, results);
    expect(results.every((a) => a.kind === 'address' && a.result.status === 'VALIDATED')).toBe(true);
  });

  it('reports an address whose ZIP is of another place, with its validation result', () => {
    const [a] = engine.extract('Ship to 12 Main St, Portland, OR 04101 today');
    expect(a?.text).toBe('12 Main St, Portland, OR 04101');
    expect(a?.result.reason_codes.length).toBeGreaterThan(0);
  });
});

describe('extract: things that are not addresses', () => {
  it.each([
    'Call us at (503) 555-0199 if anything changes.',
    'Order #68535 was placed on March 18, 2019.',
    'The total came to $4,823.22 including tax.',
    'Suite 500 is on the left after the lobby.',
    'Highway 44 was closed for 3 hours.',
    'About 348 people attended the meeting in room 27.',
    'Flight 2357 leaves at 2:55 PM from gate C11.',
    'Reference code 9337-295 applies to invoice 867446.',
    'Her ZIP code changed when the post office split the route in 2002.',
    '1 spiritual healer dr',
    'I spent 3 days in Portland, OR last year.',
    'We shipped 40 boxes to Cincinnati OH 45202.',
    // Prose that ends on a state, with numbers and street-type words in it.
    'In 1990 many families left Texas.',
    'Three such even down Oregon.',
    'Sales grew 435 own well such Washington.',
    'There were 332 great well way see all Texas.',
    'Call 555-1294 go still river any Ohio.',
    'In 1962 both them very 1973 me 1992.',
    'Revenue in 2014 rose in California and Ohio.',
    'Since 1917 was 2014 too Washington California.',
    'Me must their long 418 of Washington Texas.',
  ])('%s', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('reports a street line without a place only with aggressive', () => {
    expect(found('Meet at 1 spiritual healer dr tonight')).toEqual([]);
    const [a] = engine.extract('Meet at 1 spiritual healer dr tonight', { aggressive: true });
    expect(a).toMatchObject({ text: '1 spiritual healer dr', kind: 'street' });
    expect(a?.result.status).not.toBe('VALIDATED');
    expect(found('Call (503) 555-0199 or order #12 today', true)).toEqual([]);
  });
});

describe('extract: the pre-filter finds what the close reading finds', () => {
  it.each([
    ['state without a ZIP, after a comma', 'Mail: 221 N Main St, Ann Arbor, MI now', '221 N Main St, Ann Arbor, MI'],
    ['state code with periods', 'at 350 5th Ave, New York, N.Y. 10001 today', '350 5th Ave, New York, N.Y. 10001'],
    ['ZIP after a state spelled with a space', 'write 350 5th Ave, New York, N Y 10001 soon', '350 5th Ave, New York, N Y 10001'],
    ['state glued to its ZIP', 'use 100 Main St, Austin TX78701 please', '100 Main St, Austin TX78701'],
    ['no digit before the state, a ZIP after it', 'One Microsoft Way, Redmond, WA 98052', 'One Microsoft Way, Redmond, WA 98052'],
    ['a stop word far before the number', 'It was sent to the old office at 1005 N Gravenstein Hwy Sebastopol CA', '1005 N Gravenstein Hwy Sebastopol CA'],
    ['a four-digit ZIP after a capital code', '216 Bloomfield St., Hoboken, NJ 7030', '216 Bloomfield St., Hoboken, NJ 7030'],
  ])('%s', (_name, text, expected) => {
    expect(found(text)).toEqual([expected]);
  });

  it('finds an address after 100 KB of prose full of numbers and state names', () => {
    const prose = 'In 1990 the people of Texas had 3 choices, and in Ohio 42 of them voted. '.repeat(1400);
    const text = `${prose}Send it to 1005 N Gravenstein Hwy, Sebastopol, CA 95472 by Friday. ${prose}`;
    const results = engine.extract(text);
    expect(results.map((a) => a.text)).toEqual(['1005 N Gravenstein Hwy, Sebastopol, CA 95472']);
    expectExact(text, results);
  });
});

describe('extract: HTML', () => {
  it('reads the text of HTML and reports offsets into the HTML', () => {
    const html = '<!doctype html><html><head><title>9 Elm St, Valdez, AK 99686</title><style>p{}</style></head><body>'
      + '<p>Visit us:</p><p>500 Race&nbsp;St<br>Cincinnati, OH 45202</p><script>var a = "10 Market St, Philadelphia, PA 19103";</script>'
      + '<div>Ship to <b>10 Market St</b>, Philadelphia, PA 19103 &amp; more</div></body></html>';
    const results = engine.extract(html);
    expect(results.map((a) => a.text)).toEqual(['500 Race&nbsp;St<br>Cincinnati, OH 45202', '10 Market St</b>, Philadelphia, PA 19103']);
    expectExact(html, results);
    expect(results[0]?.result.standardized.line1).toBe('500 RACE ST');
  });

  it('refuses HTML when the engine was built without an HTML parser, and reads plain text', () => {
    const bare = createEngine({ locality: fakeLocalityStore() });
    expect(() => bare.extract('<html><body><p>1005 N Gravenstein Hwy, Sebastopol, CA 95472</p></body></html>')).toThrow(/without an HTML parser/);
    expect(bare.extract('Visit 1005 N Gravenstein Hwy, Sebastopol, CA 95472 today.').map((a) => a.text)).toEqual(['1005 N Gravenstein Hwy, Sebastopol, CA 95472']);
  });

  it('maps every text character back to the HTML', () => {
    const html = '<p>a&amp;b</p><p>c &lt; d</p>';
    const read = htmlToText(html, Tokenizer);
    expect(read.text).toBe('a&b\nc < d\n');
    expect(html.slice(read.startOf(0), read.endOf(3))).toBe('a&amp;b');
    expect(html.slice(read.startOf(4), read.endOf(9))).toBe('c &lt; d');
  });

  it.each([
    ['<html><body>x</body></html>', true],
    ['<!DOCTYPE html>', true],
    ['  <div class="a">hi</div>', true],
    ['1 < 2 and 3 > 2', false],
    ['Dear <name>, 500 Race St', false],
  ])('looksLikeHtml(%j) is %s', (head, expected) => {
    expect(looksLikeHtml(head)).toBe(expected);
  });

  it('reads plain text as text when told so', () => {
    const text = '<p> 500 Race St, Cincinnati, OH 45202 </p>';
    expect(engine.extract(text, { input: 'text' }).map((a) => [a.start, a.text])).toEqual([[4, '500 Race St, Cincinnati, OH 45202']]);
  });
});

describe('extract: streaming', () => {
  it('finds the same addresses, at the same global offsets and lines, whatever the chunking', () => {
    const para = 'Some words here and a number 42 that means nothing.\nJordan Lee\n500 Race St\nCincinnati, OH 45202\n\n';
    const filler = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(40);
    const text = Array.from({ length: 60 }, (_, i) => `${filler}\n${i % 3 === 0 ? para : ''}Ship to 10 Market St, Philadelphia, PA 19103 now.\n`).join('');
    const whole = engine.extract(text, { input: 'text' });
    expect(whole).toHaveLength(80);
    for (const size of [1000, 4093, 65536]) {
      const run = engine.extractor({});
      const got: ExtractedAddress[] = [];
      for (let i = 0; i < text.length; i += size) got.push(...run.push(text.slice(i, i + size)));
      got.push(...run.end());
      expect(got.map((a) => [a.start, a.end, a.line, a.text])).toEqual(whole.map((a) => [a.start, a.end, a.line, a.text]));
    }
    expectExact(text, whole);
  });

  it('numbers the results under the request id', () => {
    const results = engine.extract('500 Race St, Cincinnati, OH 45202 and 10 Market St, Philadelphia, PA 19103', { requestId: 'r1' });
    expect(results.map((a) => a.result.id)).toEqual(['r1-1', 'r1-2']);
  });
});

describe('extract: never throws, offsets always slice to the text', () => {
  const address = fc.constantFrom('500 Race St, Cincinnati, OH 45202', 'PO Box 123\nSebastopol, CA 95473', '1 main st', '<p>', '&amp;', '\r\n', 'in', 'OR 04101', '# 12');
  it('on random text with addresses mixed in', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), address, fc.string({ unit: 'binary', maxLength: 20 })), { maxLength: 12 }), fc.boolean(), (parts, aggressive) => {
        const text = parts.join(' ');
        for (const input of ['text', 'html', 'auto'] as const) {
          const results = engine.extract(text, { aggressive, input });
          expectExact(text, results);
          for (const a of results) expect(a.line).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('on random binary', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        const text = new TextDecoder().decode(bytes);
        expectExact(text, engine.extract(text, { aggressive: true }));
      }),
      { numRuns: 200 },
    );
  });
});
