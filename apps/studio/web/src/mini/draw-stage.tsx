import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LadderResult, MiniGame, PowerballResult } from '@casino/studio-engine/mini/draw';
import { ladderPath, pathLength, rungHeights } from './ladder-path.ts';

/*
 * The draw: Powerball's five balls come out one by one, then the powerball; the ladder's path is
 * traced from its start to its foot. With reduced motion the result shows at once. `onDone` fires
 * when the animation reaches the result (the window then shows the settled balance).
 */

export const BALL_MS = 700;
export const LADDER_MS = 2_400;

export function ballColour(n: number): string {
  // The usual four colour bands of the Korean draw board.
  return n <= 7 ? 'yellow' : n <= 14 ? 'blue' : n <= 21 ? 'red' : 'green';
}

export function DrawStage({
  game,
  result,
  round,
  reducedMotion,
  onDone,
}: {
  game: MiniGame;
  result: PowerballResult | LadderResult | null;
  round: number | null;
  reducedMotion: boolean;
  onDone(round: number | null): void;
}) {
  const done = () => onDone(round);
  return game === 'powerball' ? (
    <PowerballDraw
      key={round ?? 0}
      result={result as PowerballResult | null}
      reducedMotion={reducedMotion}
      onDone={done}
    />
  ) : (
    <LadderDraw
      key={round ?? 0}
      result={result as LadderResult | null}
      reducedMotion={reducedMotion}
      onDone={done}
    />
  );
}

function PowerballDraw({
  result,
  reducedMotion,
  onDone,
}: {
  result: PowerballResult | null;
  reducedMotion: boolean;
  onDone(): void;
}) {
  const { t } = useTranslation('mini');
  const total = result ? 6 : 0;
  const [shown, setShown] = useState(reducedMotion ? total : 0);
  useEffect(() => {
    if (!result) return;
    if (shown >= total) {
      onDone();
      return;
    }
    const id = setTimeout(() => setShown((n) => n + 1), BALL_MS);
    return () => clearTimeout(id);
    // onDone is the caller's; it fires once when the last ball is out.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, shown, total]);
  const balls = result ? result.balls.slice(0, Math.min(shown, 5)) : [];
  const sum = result && shown >= 5 ? result.balls.reduce((a, b) => a + b, 0) : null;
  return (
    <div className="mg-draw" aria-live="polite">
      <ol className="mg-balls" aria-label={t('draw.balls')}>
        {Array.from({ length: 5 }, (_, i) => {
          const n = balls[i];
          return (
            <li
              key={i}
              className={n === undefined ? 'mg-ball mg-ball--empty' : `mg-ball mg-ball--${ballColour(n)}`}
            >
              {n ?? ''}
            </li>
          );
        })}
        <li
          className={
            result && shown >= 6 ? 'mg-ball mg-ball--power' : 'mg-ball mg-ball--empty mg-ball--power-slot'
          }
          aria-label={t('draw.powerball')}
        >
          {result && shown >= 6 ? result.powerball : ''}
        </li>
      </ol>
      <p className="mg-draw__sum">
        {sum !== null ? t('draw.sum', { sum }) : result ? t('draw.drawing') : t('draw.waiting')}
      </p>
    </div>
  );
}

function LadderDraw({
  result,
  reducedMotion,
  onDone,
}: {
  result: LadderResult | null;
  reducedMotion: boolean;
  onDone(): void;
}) {
  const { t } = useTranslation('mini');
  const [done, setDone] = useState(reducedMotion);
  useEffect(() => {
    if (!result) return;
    if (done) {
      onDone();
      return;
    }
    const id = setTimeout(() => setDone(true), LADDER_MS);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, done]);
  const W = 200;
  const H = 150;
  const X = (x: number) => 40 + x * (W - 80);
  const Y = (y: number) => 18 + y * (H - 36);
  const points = result ? ladderPath(result) : [];
  const length = result ? pathLength(points.map((p) => ({ x: p.x * (W - 80), y: p.y * (H - 36) }))) : 0;
  return (
    <div className="mg-draw" aria-live="polite">
      <svg
        className="mg-ladder"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={
          result
            ? t('draw.ladderResult', {
                start: t(`outcomes.${result.start}`),
                rungs: result.rungs,
                finish: t(`outcomes.${result.finish}`),
              })
            : t('draw.waiting')
        }
      >
        <line x1={X(0)} y1={Y(0)} x2={X(0)} y2={Y(1)} className="mg-ladder__pole" />
        <line x1={X(1)} y1={Y(0)} x2={X(1)} y2={Y(1)} className="mg-ladder__pole" />
        {result
          ? rungHeights(result.rungs).map((y) => (
              <line key={y} x1={X(0)} y1={Y(y)} x2={X(1)} y2={Y(y)} className="mg-ladder__rung" />
            ))
          : null}
        {result ? (
          <polyline
            className={done ? 'mg-ladder__path mg-ladder__path--done' : 'mg-ladder__path'}
            points={points.map((p) => `${X(p.x)},${Y(p.y)}`).join(' ')}
            style={{
              strokeDasharray: length,
              strokeDashoffset: done ? 0 : length,
              ['--mg-path' as string]: length,
              animationDuration: `${LADDER_MS}ms`,
            }}
          />
        ) : null}
        <text x={X(0)} y={12} className="mg-ladder__label">
          {t('outcomes.left')}
        </text>
        <text x={X(1)} y={12} className="mg-ladder__label">
          {t('outcomes.right')}
        </text>
        <text
          x={X(0)}
          y={H - 2}
          className={
            result && done && result.finish === 'odd'
              ? 'mg-ladder__label mg-ladder__label--hit'
              : 'mg-ladder__label'
          }
        >
          {t('outcomes.odd')}
        </text>
        <text
          x={X(1)}
          y={H - 2}
          className={
            result && done && result.finish === 'even'
              ? 'mg-ladder__label mg-ladder__label--hit'
              : 'mg-ladder__label'
          }
        >
          {t('outcomes.even')}
        </text>
      </svg>
      <p className="mg-draw__sum">
        {result && done
          ? t('draw.ladderResult', {
              start: t(`outcomes.${result.start}`),
              rungs: result.rungs,
              finish: t(`outcomes.${result.finish}`),
            })
          : result
            ? t('draw.drawing')
            : t('draw.waiting')}
      </p>
    </div>
  );
}
