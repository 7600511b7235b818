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
const SCALES: [number, string][] = [
  [1e12, 'trillion'],
  [1e9, 'billion'],
  [1e6, 'million'],
  [1e3, 'thousand'],
];

function belowThousand(n: number): string {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds) words.push(`${ONES[hundreds]} hundred`);
  if (rest >= 20) words.push(rest % 10 ? `${TENS[Math.floor(rest / 10)]}-${ONES[rest % 10]}` : TENS[rest / 10]!);
  else if (rest || !hundreds) words.push(ONES[rest]!);
  return words.join(' ');
}

/** A whole number in English words: 123 -> "one hundred twenty-three". */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number of at least 0: ${n}`);
  if (n < 1000) return belowThousand(n);
  const words: string[] = [];
  let rest = n;
  for (const [size, name] of SCALES) {
    if (rest >= size) {
      words.push(`${numberInWords(Math.floor(rest / size))} ${name}`);
      rest %= size;
    }
  }
  if (rest) words.push(belowThousand(rest));
  return words.join(' ');
}

/**
 * An amount of US cents in words, as a confirmation beside the figures shows it so a slip of a
 * digit is seen: 12345 -> "one hundred twenty-three US dollars and 45 cents".
 */
export function amountInWords(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not a whole number of cents: ${cents}`);
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  const head = `${numberInWords(dollars)} US ${dollars === 1 ? 'dollar' : 'dollars'}`;
  return rest ? `${head} and ${rest} ${rest === 1 ? 'cent' : 'cents'}` : head;
}
