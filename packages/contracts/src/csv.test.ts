import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv.ts';

describe('csvCell', () => {
  it('quotes only when needed by default, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('')).toBe('');
  });

  it('quotes every cell when asked, missing values as empty', () => {
    expect(csvCell('plain', 'always')).toBe('"plain"');
    expect(csvCell(null, 'always')).toBe('""');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(12_000, 'always')).toBe('"12000"');
  });

  it('makes a formula inert in a text, never in a number', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@cmd', 'always')).toBe(`"'@cmd"`);
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('-a,b')).toBe(`"'-a,b"`);
    expect(csvCell(-5000)).toBe('-5000');
    expect(csvCell(-5000, 'always')).toBe('"-5000"');
  });
});

describe('csvDocument', () => {
  it('writes a byte order mark, every cell through csvCell and CRLF line ends', () => {
    expect(
      csvDocument([
        ['name', 'amount'],
        ['=SUM(A1)', -5],
        ['a,b', null],
      ]),
    ).toBe('\uFEFFname,amount\r\n\'=SUM(A1),-5\r\n"a,b",\r\n');
    expect(csvDocument([['x', 1]], 'always')).toBe('\uFEFF"x","1"\r\n');
  });
});
