// A spreadsheet runs a cell that starts with =, +, - or @ as a formula. A cell starts at the
// beginning of a field, and also after any character some spreadsheet splits a line on: a comma,
// a semicolon (Excel in German, French or Dutch), a tab, a pipe, or a line break. Spaces before the
// trigger do not stop every program from reading a formula.
const CELL_START = /(^|[,;\t|\r\n])(\s*)(?=[=+\-@])/g;
// A number as written (a phone number like '+255 713 000 111', '-12.5'): it calls no function,
// so it is harmless, and an apostrophe in front of it would only spoil it.
const PLAIN_NUMBER = /^[+-]?[\d ().-]*$/;

/** A text where every cell a spreadsheet could find in it starts with an apostrophe instead of a formula trigger. */
function defused(s: string): string {
  return s.replace(CELL_START, (match: string, sep: string, spaces: string, offset: number) => {
    const cellEnd = s.slice(offset + match.length).search(/[,;\t|\r\n]/);
    const cell = s.slice(offset + match.length, cellEnd < 0 ? undefined : offset + match.length + cellEnd);
    return /^[+-]/.test(cell) && PLAIN_NUMBER.test(cell) ? match : `${sep}${spaces}'`;
  });
}

/** One CSV field: always quoted (so no separator of any locale splits it), formula triggers defused. */
function field(v: unknown): string {
  const s = defused(v == null ? '' : String(v));
  return `"${s.replace(/"/g, '""')}"`;
}

/** CSV text (RFC 4180, CRLF line ends, every field quoted) of a header row and data rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}
