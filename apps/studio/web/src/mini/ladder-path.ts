import type { LadderResult } from '@casino/studio-engine/mini/draw';

/*
 * The ladder as drawn: two poles (left at x = 0, right at x = 1), `rungs` rungs evenly spaced between
 * the top (y = 0) and the bottom (y = 1). The path starts at the top of its pole, goes down to each
 * rung, crosses it to the other pole and goes on down; it ends at the bottom of the pole where it
 * lands: the left foot is 홀 (odd), the right foot 짝 (even), so left-3 ends even, left-4 odd.
 */

export interface Point {
  x: number;
  y: number;
}

/** The heights of the rungs, top to bottom. */
export function rungHeights(rungs: number): number[] {
  return Array.from({ length: rungs }, (_, i) => (i + 1) / (rungs + 1));
}

/** The traced path's corners, from the top of the starting pole to the bottom of the finishing one. */
export function ladderPath(result: Pick<LadderResult, 'start' | 'rungs'>): Point[] {
  let x = result.start === 'left' ? 0 : 1;
  const points: Point[] = [{ x, y: 0 }];
  for (const y of rungHeights(result.rungs)) {
    points.push({ x, y });
    x = 1 - x;
    points.push({ x, y });
  }
  points.push({ x, y: 1 });
  return points;
}

/** Where the path lands: `odd` on the left foot, `even` on the right. */
export function landing(result: Pick<LadderResult, 'start' | 'rungs'>): 'odd' | 'even' {
  return ladderPath(result).at(-1)!.x === 0 ? 'odd' : 'even';
}

/** The path's length in the unit square (for the stroke's dash animation). */
export function pathLength(points: readonly Point[]): number {
  let length = 0;
  for (let i = 1; i < points.length; i += 1)
    length += Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y);
  return length;
}
