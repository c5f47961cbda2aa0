import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MINI_GAMES, type MiniGame } from '@casino/studio-engine/mini/draw';
import { fetchChain, fetchRounds } from '../mini/public-rounds.ts';
import { Check, Field } from './parts.tsx';
import { verifyMiniRound, type MiniVerifyForm, type MiniVerifyResult } from './mini-compute.ts';

/*
 * The verify page's mini-game part: a Powerball or Ladder round checked from its published seed.
 * "Load" fills the seed, the previous link and the result from the public rounds (anyone may read
 * them); the check itself runs here, with the studio's engine, and sends nothing.
 */

export function miniFormFromQuery(search: string): MiniVerifyForm | null {
  const q = new URLSearchParams(search);
  const game = q.get('game');
  if (game !== 'powerball' && game !== 'ladder') return null;
  return {
    game,
    round: q.get('round') ?? '',
    seed: q.get('seed') ?? '',
    previous: q.get('previous') ?? '',
    result: q.get('result') ?? '',
  };
}

type TState = { ok: true; result: MiniVerifyResult } | { ok: false; problem: string } | null;

export function MiniVerify({ initial }: { initial: MiniVerifyForm }) {
  const { t } = useTranslation('verify');
  const [form, setForm] = useState(initial);
  const [state, setState] = useState<TState>(null);
  const [loading, setLoading] = useState(false);
  const ids = { game: useId(), round: useId(), seed: useId(), previous: useId(), result: useId() };
  const set = (patch: Partial<MiniVerifyForm>) => setForm((f) => ({ ...f, ...patch }));

  const check = (f: MiniVerifyForm) => {
    const answer = verifyMiniRound(f);
    setState(answer.ok ? answer : { ok: false, problem: `mini.problems.${answer.problem}` });
  };

  /** Reads round n and n-1 (and the chain, for its first round) from the public rounds, then checks. */
  const load = async (f: MiniVerifyForm) => {
    const round = Number(f.round.trim());
    if (!Number.isSafeInteger(round) || round < 1) {
      setState({ ok: false, problem: 'mini.problems.round' });
      return;
    }
    setLoading(true);
    try {
      const [rounds, chain] = await Promise.all([
        fetchRounds(f.game, { before: round + 1, limit: 2 }),
        fetchChain(f.game, round),
      ]);
      const target = rounds.find((r) => r.round === round);
      if (!target || target.seed === null) {
        setState({ ok: false, problem: 'mini.problems.notDrawn' });
        return;
      }
      const before = rounds.find((r) => r.round === round - 1);
      const previous = round === chain.firstRound ? chain.terminalHash : (before?.seed ?? '');
      const filled = { ...f, seed: target.seed, previous, result: JSON.stringify(target.result) };
      setForm(filled);
      check(filled);
    } catch {
      setState({ ok: false, problem: 'mini.problems.unreachable' });
    } finally {
      setLoading(false);
    }
  };

  // Opened from the game with a round named: load and check it at once.
  useEffect(() => {
    if (initial.round && !initial.seed) void load(initial);
    else if (initial.seed) check(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    check(form);
  };

  return (
    <>
      <p className="vf-intro">{t('mini.intro')}</p>
      <form className="vf-card vf-form" onSubmit={submit} noValidate>
        <div className="vf-row">
          <Field id={ids.game} label={t('fields.game')}>
            <select
              id={ids.game}
              className="st-select"
              value={form.game}
              onChange={(e) => set({ game: e.target.value as MiniGame })}
            >
              {MINI_GAMES.map((g) => (
                <option key={g} value={g}>
                  {t(`mini.games.${g}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field id={ids.round} label={t('mini.round')}>
            <input
              id={ids.round}
              className="st-input st-mono"
              inputMode="numeric"
              value={form.round}
              onChange={(e) => set({ round: e.target.value })}
              autoComplete="off"
            />
          </Field>
        </div>
        <button type="button" className="st-btn" onClick={() => void load(form)} disabled={loading}>
          {loading ? t('mini.loading') : t('mini.load')}
        </button>
        <Field id={ids.seed} label={t('mini.seed')}>
          <input
            id={ids.seed}
            className="st-input st-mono"
            value={form.seed}
            onChange={(e) => set({ seed: e.target.value })}
            spellCheck={false}
            autoComplete="off"
          />
        </Field>
        <Field id={ids.previous} label={t('mini.previous')} hint={t('mini.previousHint')}>
          <input
            id={ids.previous}
            className="st-input st-mono"
            value={form.previous}
            onChange={(e) => set({ previous: e.target.value })}
            spellCheck={false}
            autoComplete="off"
          />
        </Field>
        <Field id={ids.result} label={t('mini.published')}>
          <textarea
            id={ids.result}
            className="st-textarea"
            rows={2}
            value={form.result}
            onChange={(e) => set({ result: e.target.value })}
            spellCheck={false}
          />
        </Field>
        <button type="submit" className="st-btn st-btn--gold vf-submit">
          {t('verify')}
        </button>
      </form>
      <div aria-live="polite" className="vf-anchor">
        {state === null ? null : state.ok ? (
          <MiniResult game={form.game} round={form.round} result={state.result} />
        ) : (
          <p className="st-error vf-card" role="alert">
            {t(state.problem)}
          </p>
        )}
      </div>
    </>
  );
}

function MiniResult({ game, round, result }: { game: MiniGame; round: string; result: MiniVerifyResult }) {
  const { t } = useTranslation('verify');
  const verified = result.linked === true && result.resultMatches === true;
  return (
    <section className="vf-card vf-result">
      <h2>{verified ? t('mini.verified', { round: round.trim() }) : t('result.title')}</h2>
      <ul className="vf-checks">
        <Check ok={result.linked}>
          {result.linked === null
            ? t('mini.noPrevious')
            : result.linked
              ? t('mini.linkOk')
              : t('mini.linkBad')}
        </Check>
        <Check ok={result.resultMatches}>
          {result.resultMatches === null
            ? t('checks.noOutcome')
            : result.resultMatches
              ? t('mini.resultOk')
              : t('mini.resultBad')}
        </Check>
      </ul>
      <dl className="st-fair-list">
        <dt>{t('mini.seedHash')}</dt>
        <dd className="st-mono st-break">{result.seedHash}</dd>
        <dt>{t('mini.firstBlock', { message: `${game}:${round.trim()}` })}</dt>
        <dd className="st-mono st-break">{result.firstBlock}</dd>
        <dt>{t('mini.recomputed')}</dt>
        <dd className="st-break">
          {'balls' in result.recomputed
            ? t('mini.powerballResult', {
                balls: result.recomputed.balls.join(', '),
                powerball: result.recomputed.powerball,
              })
            : t('mini.ladderResult', {
                start: t(`mini.sides.${result.recomputed.start}`),
                rungs: result.recomputed.rungs,
                finish: t(`mini.sides.${result.recomputed.finish}`),
              })}
        </dd>
      </dl>
    </section>
  );
}
