import { describe, expect, it } from 'vitest';
import { beadPlate, bigRoad, tally, type TOutcome } from './roads.ts';

const h = (text: string) => text.split('') as TOutcome[];
const at = (cells: { col: number; row: number }[]) => cells.map((c) => `${c.col},${c.row}`);

describe('bead plate', () => {
  it('fills columns of six from the top', () => {
    const beads = beadPlate(h('PBTPBTP'));
    expect(at(beads)).toEqual(['0,0', '0,1', '0,2', '0,3', '0,4', '0,5', '1,0']);
    expect(beads.map((b) => b.outcome).join('')).toBe('PBTPBTP');
  });
});

describe('big road', () => {
  it('starts a column per streak and ignores ties for placement', () => {
    const road = bigRoad(h('PPBTBP'));
    expect(at(road.cells)).toEqual(['0,0', '0,1', '1,0', '1,1', '2,0']);
    expect(road.cells.map((c) => c.ties)).toEqual([0, 0, 1, 0, 0]);
    expect(road.columns).toBe(3);
  });

  it('turns a streak longer than six into a dragon tail along the bottom row', () => {
    const road = bigRoad(h('BBBBBBBB'));
    expect(at(road.cells)).toEqual(['0,0', '0,1', '0,2', '0,3', '0,4', '0,5', '1,5', '2,5']);
  });

  it('turns right early when the next cell is taken by an earlier tail, and starts the next streak right of the last start', () => {
    // Seven bankers (tail into column 1, row 5), then six players: column 1 rows 0..4, then the
    // cell below (1,5) is taken, so the streak turns right at row 4.
    const road = bigRoad(h('BBBBBBBPPPPPPB'));
    expect(at(road.cells)).toEqual([
      '0,0',
      '0,1',
      '0,2',
      '0,3',
      '0,4',
      '0,5',
      '1,5',
      '1,0',
      '1,1',
      '1,2',
      '1,3',
      '1,4',
      '2,4',
      '2,0',
    ]);
  });

  it('puts ties before the first winner on the first cell', () => {
    const road = bigRoad(h('TTPB'));
    expect(road.leadingTies).toBe(2);
    expect(road.cells[0]).toMatchObject({ col: 0, row: 0, outcome: 'P', ties: 2 });
    expect(bigRoad(h('TT')).cells).toEqual([]);
  });

  it('counts outcomes', () => {
    expect(tally(h('PPBTB'))).toEqual({ P: 2, B: 2, T: 1 });
  });
});
