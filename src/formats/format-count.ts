/**
 * Counts as people read them in the commands' reports: 1,234,567. Written
 * here rather than with toLocaleString('en-US'), whose first call loads ICU's
 * locale data (~15 ms), a cost every `addr batch` run paid for its summary line.
 */

/** `n` with a comma between each group of three digits (integers; other numbers as String gives them). */
export function formatCount(n: number): string {
  const text = String(n);
  if (!Number.isInteger(n) || Math.abs(n) < 1000 || text.includes('e')) return text;
  const sign = n < 0 ? '-' : '';
  const digits = sign === '' ? text : text.slice(1);
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return sign + out;
}
