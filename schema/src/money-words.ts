/**
 * Amounts written out in words, as a cheque is: an admin about to move money reads the amount in
 * words beside the figures, so a slipped digit (450000 cents typed for 45000) shows before it counts.
 */

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

/** 0-999 in words: "forty-five", "one hundred and five". */
function underThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds) parts.push(`${ONES[hundreds]} hundred`);
  if (rest) {
    const words = rest < 20 ? ONES[rest]! : `${TENS[Math.floor(rest / 10)]}${rest % 10 ? `-${ONES[rest % 10]}` : ''}`;
    parts.push(words);
  }
  return parts.join(' and ');
}

/** A whole number in British-style words: 1500 → "one thousand five hundred", 1005 → "one thousand and five". */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number of 0 or more: ${n}`);
  if (n === 0) return ONES[0]!;
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  if (groups.length > SCALES.length) throw new RangeError(`Too large to write out: ${n}`);
  const parts: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!;
    if (!g) continue;
    // "one thousand and five": a last group under a hundred after larger ones is joined with "and".
    const joiner = i === 0 && g < 100 && parts.length ? 'and ' : '';
    parts.push(`${joiner}${underThousand(g)}${SCALES[i] ? ` ${SCALES[i]}` : ''}`);
  }
  return parts.join(' ');
}

/**
 * US dollars given in cents, in words: 4500 → "forty-five dollars", 150001 → "one thousand five
 * hundred dollars and one cent", 99 → "ninety-nine cents", 0 → "zero dollars".
 */
export function amountInWords(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  const dollarWords = `${numberInWords(dollars)} ${dollars === 1 ? 'dollar' : 'dollars'}`;
  const centWords = `${numberInWords(rest)} ${rest === 1 ? 'cent' : 'cents'}`;
  if (!rest) return dollarWords;
  if (!dollars) return centWords;
  return `${dollarWords} and ${centWords}`;
}
