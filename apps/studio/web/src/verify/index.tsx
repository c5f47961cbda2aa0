import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cardValue } from '@casino/studio-engine/baccarat';
import { SLOT_GAMES, slotGame } from '@casino/studio-engine/slots/index';
import { gameVersions } from '@casino/studio-engine/versions';
import { BACCARAT_SPOTS, type BaccaratHand, type SlotSpin } from '@casino/studio-engine/types';
import { PlayingCard, cardName } from '../baccarat/art.tsx';
import { switchLanguage } from '../i18n/index.ts';
import { formatWon } from '@casino/web-kit/format';
import { LANGS, parseLang, type TLang } from '../shell/format.ts';
import { ShieldIcon } from '../shell/shield-icon.tsx';
import { formFromQuery, verifyRound, type VerifyForm, type VerifyResult } from './compute.ts';
import { MiniVerify, miniFormFromQuery } from './mini-verify.tsx';
import { Check, Field } from './parts.tsx';
import './verify.css';

const GAMES = ['baccarat', ...SLOT_GAMES.map((g) => g.code)];
const LANG_NAMES: Record<TLang, string> = {
  ko: '한국어',
  en: 'English',
  jp: '日本語',
  vn: 'Tiếng Việt',
  cn: '简体中文',
};

/**
 * The verify page: recomputes a round in the browser from its seeds, nonce and input, with the
 * studio's own engine, and compares it with the commitment and the recorded outcome. Nothing is
 * sent anywhere: the page works offline once loaded.
 */
export function VerifyPage() {
  const { t, i18n } = useTranslation('verify');
  const lang = parseLang(i18n.language);
  const initial = useMemo(() => formFromQuery(window.location.search), []);
  // Powerball and Ladder rounds are checked from the public chain instead (mini-verify.tsx).
  const initialMini = useMemo(() => miniFormFromQuery(window.location.search), []);
  const [mini, setMini] = useState(initialMini !== null);
  const [form, setForm] = useState<VerifyForm>(initial);
  const [state, setState] = useState(() => (initial.serverSeed ? run(initial) : null));
  const resultRef = useRef<HTMLDivElement>(null);
  // Opened from a round's link with everything filled in: the result is what the member came for.
  useEffect(() => {
    if (initial.serverSeed) resultRef.current?.scrollIntoView({ block: 'start' });
  }, [initial.serverSeed]);
  const ids = {
    game: useId(),
    version: useId(),
    server: useId(),
    hash: useId(),
    client: useId(),
    nonce: useId(),
    bet: useId(),
    shoe: useId(),
    outcome: useId(),
    lang: useId(),
  };

  function run(f: VerifyForm) {
    try {
      return verifyRound(f);
    } catch (error) {
      return {
        ok: false as const,
        problem: { key: 'problems.engine', values: { message: String((error as Error).message) } },
      };
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setState(run(form));
  }

  const set = (patch: Partial<VerifyForm>) => setForm((f) => ({ ...f, ...patch }));
  // The versions of the game this page knows, newest first; a round's link names its own.
  const versions = gameVersions(form.game).reverse();
  const version = form.version.trim() || String(versions[0] ?? '');
  const versionChoices = [...new Set([...versions.map(String), ...(version ? [version] : [])])];
  const slot = slotGame(form.game, Number(version) || undefined);

  function changeLang(next: TLang) {
    void switchLanguage(i18n, next);
    const url = new URL(window.location.href);
    url.searchParams.set('lang', next);
    window.history.replaceState(null, '', url);
  }

  return (
    <div className="vf-page">
      <header className="vf-head">
        <div className="vf-head__title">
          <ShieldIcon size={28} />
          <h1>{t('title')}</h1>
        </div>
        <label className="vf-lang" htmlFor={ids.lang}>
          <span className="st-sr-only">{t('language')}</span>
          <select
            id={ids.lang}
            className="st-select"
            value={lang}
            onChange={(e) => changeLang(parseLang(e.target.value))}
          >
            {LANGS.map((l) => (
              <option key={l} value={l}>
                {LANG_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main className="vf-main">
        <div className="vf-modes" role="group" aria-label={t('fields.game')}>
          <button
            type="button"
            className={mini ? 'st-btn' : 'st-btn st-btn--gold'}
            aria-pressed={!mini}
            onClick={() => setMini(false)}
          >
            {t('mini.tabs.house')}
          </button>
          <button
            type="button"
            className={mini ? 'st-btn st-btn--gold' : 'st-btn'}
            aria-pressed={mini}
            onClick={() => setMini(true)}
          >
            {t('mini.tabs.mini')}
          </button>
        </div>
        {mini ? (
          <MiniVerify
            initial={initialMini ?? { game: 'powerball', round: '', seed: '', previous: '', result: '' }}
          />
        ) : (
          <>
            <p className="vf-intro">{t('intro')}</p>
            <form className="vf-card vf-form" onSubmit={submit} noValidate>
              <Field id={ids.game} label={t('fields.game')}>
                <select
                  id={ids.game}
                  className="st-select"
                  value={form.game}
                  onChange={(e) => set({ game: e.target.value, version: '' })}
                >
                  {GAMES.map((code) => (
                    <option key={code} value={code}>
                      {t(`games.${code}`, { defaultValue: code })}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id={ids.version} label={t('fields.version')} hint={t('hints.version')}>
                <select
                  id={ids.version}
                  className="st-select"
                  value={version}
                  onChange={(e) => set({ version: e.target.value })}
                >
                  {versionChoices.map((v) => (
                    <option key={v} value={v}>
                      {v}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id={ids.server} label={t('fields.serverSeed')} hint={t('hints.serverSeed')}>
                <input
                  id={ids.server}
                  className="st-input st-mono"
                  value={form.serverSeed}
                  onChange={(e) => set({ serverSeed: e.target.value })}
                  spellCheck={false}
                  autoComplete="off"
                />
              </Field>
              <Field id={ids.hash} label={t('fields.serverSeedHash')} hint={t('hints.serverSeedHash')}>
                <input
                  id={ids.hash}
                  className="st-input st-mono"
                  value={form.serverSeedHash}
                  onChange={(e) => set({ serverSeedHash: e.target.value })}
                  spellCheck={false}
                  autoComplete="off"
                />
              </Field>
              <div className="vf-row">
                <Field id={ids.client} label={t('fields.clientSeed')}>
                  <input
                    id={ids.client}
                    className="st-input st-mono"
                    value={form.clientSeed}
                    onChange={(e) => set({ clientSeed: e.target.value })}
                    spellCheck={false}
                    autoComplete="off"
                  />
                </Field>
                <Field id={ids.nonce} label={t('fields.nonce')}>
                  <input
                    id={ids.nonce}
                    className="st-input st-mono"
                    inputMode="numeric"
                    value={form.nonce}
                    onChange={(e) => set({ nonce: e.target.value })}
                    autoComplete="off"
                  />
                </Field>
              </div>
              {form.game === 'baccarat' ? (
                <>
                  <fieldset className="vf-fieldset">
                    <legend>{t('fields.stakes')}</legend>
                    <div className="vf-stakes">
                      {BACCARAT_SPOTS.map((spot) => (
                        <label key={spot} className="vf-stake">
                          <span className="st-label">{t(`spots.${spot}`)}</span>
                          <input
                            className="st-input st-mono"
                            inputMode="numeric"
                            value={form.bets[spot] ?? ''}
                            onChange={(e) => set({ bets: { ...form.bets, [spot]: e.target.value } })}
                            autoComplete="off"
                          />
                        </label>
                      ))}
                    </div>
                  </fieldset>
                  <Field id={ids.shoe} label={t('fields.shoe')} hint={t('hints.shoe')}>
                    <textarea
                      id={ids.shoe}
                      className="st-textarea"
                      rows={3}
                      value={form.shoe}
                      onChange={(e) => set({ shoe: e.target.value })}
                      spellCheck={false}
                    />
                  </Field>
                </>
              ) : (
                <Field
                  id={ids.bet}
                  label={t('fields.bet')}
                  hint={
                    slot
                      ? t('hints.bet', { levels: slot.betLevels.map((b) => formatWon(b, lang)).join(', ') })
                      : undefined
                  }
                >
                  <input
                    id={ids.bet}
                    className="st-input st-mono"
                    inputMode="numeric"
                    list={`${ids.bet}-levels`}
                    value={form.bet}
                    onChange={(e) => set({ bet: e.target.value })}
                    autoComplete="off"
                  />
                  <datalist id={`${ids.bet}-levels`}>
                    {slot?.betLevels.map((b) => (
                      <option key={b} value={b} />
                    ))}
                  </datalist>
                </Field>
              )}
              <Field id={ids.outcome} label={t('fields.outcome')} hint={t('hints.outcome')}>
                <textarea
                  id={ids.outcome}
                  className="st-textarea"
                  rows={4}
                  value={form.outcome}
                  onChange={(e) => set({ outcome: e.target.value })}
                  spellCheck={false}
                />
              </Field>
              <button type="submit" className="st-btn st-btn--gold vf-submit">
                {t('verify')}
              </button>
            </form>

            <div aria-live="polite" ref={resultRef} className="vf-anchor">
              {state === null ? null : state.ok ? (
                <Result result={state.result} lang={lang} />
              ) : (
                <p className="st-error vf-card" role="alert">
                  {t(state.problem.key, state.problem.values ?? {})}
                </p>
              )}
            </div>
          </>
        )}
      </main>
    </div>
  );
}

function Result({ result, lang }: { result: VerifyResult; lang: TLang }) {
  const { t } = useTranslation('verify');
  return (
    <section className="vf-card vf-result">
      <h2>{t('result.title')}</h2>
      <ul className="vf-checks">
        <Check ok={result.commitmentMatches}>
          {result.commitmentMatches === null
            ? t('checks.noCommitment')
            : result.commitmentMatches
              ? t('checks.commitmentOk')
              : t('checks.commitmentBad')}
        </Check>
        <Check ok={result.outcomeDiff === null ? null : result.outcomeDiff === ''}>
          {result.outcomeDiff === null
            ? t('checks.noOutcome')
            : result.outcomeDiff === ''
              ? t('checks.outcomeOk')
              : t('checks.outcomeBad', { path: result.outcomeDiff })}
        </Check>
      </ul>
      <dl className="st-fair-list">
        <dt>{t('result.version')}</dt>
        <dd>{result.version}</dd>
        <dt>{t('result.sha256')}</dt>
        <dd className="st-mono st-break">{result.serverSeedHash}</dd>
        <dt>{t('result.firstBlock')}</dt>
        <dd className="st-mono st-break">{result.firstBlock}</dd>
      </dl>
      {result.kind === 'baccarat' ? (
        <BaccaratResult hand={result.hand} result={result} lang={lang} />
      ) : (
        <SlotResult result={result} lang={lang} />
      )}
    </section>
  );
}

function BaccaratResult({
  hand,
  result,
  lang,
}: {
  hand: BaccaratHand;
  result: Extract<VerifyResult, { kind: 'baccarat' }>;
  lang: TLang;
}) {
  const { t } = useTranslation('verify');
  const { t: tb } = useTranslation('baccarat');
  const { settlement } = result;
  return (
    <>
      <div className="vf-hands">
        {(['player', 'banker'] as const).map((side) => (
          <div key={side} className={`vf-hand vf-hand--${side} ${hand.outcome === side ? 'is-won' : ''}`}>
            <h3>
              {t(`spots.${side}`)}{' '}
              <span className="vf-total">{side === 'player' ? hand.playerTotal : hand.bankerTotal}</span>
            </h3>
            <div className="vf-cards">
              {hand[side].map((card, i) => {
                const { rank, suitName } = cardName(card);
                return (
                  <div key={i} className="vf-card-face" title={`${cardValue(card)}`}>
                    <PlayingCard card={card} label={tb('card', { rank, suit: tb(`suits.${suitName}`) })} />
                  </div>
                );
              })}
            </div>
          </div>
        ))}
      </div>
      <p className="vf-outcome">
        <strong>{tb(`result.${hand.outcome}`)}</strong>
        {hand.playerPair ? <span className="vf-tag">{t('spots.playerPair')}</span> : null}
        {hand.bankerPair ? <span className="vf-tag">{t('spots.bankerPair')}</span> : null}
      </p>
      <div className="st-table-wrap">
        <table className="st-table">
          <thead>
            <tr>
              <th scope="col">{t('result.spot')}</th>
              <th scope="col" className="st-num">
                {t('result.stake')}
              </th>
              <th scope="col" className="st-num">
                {t('result.return')}
              </th>
            </tr>
          </thead>
          <tbody>
            {BACCARAT_SPOTS.filter((s) => settlement.returns[s] !== undefined).map((spot) => (
              <tr key={spot}>
                <th scope="row">{t(`spots.${spot}`)}</th>
                <td className="st-num">{formatWon(result.bets[spot] ?? 0, lang)}</td>
                <td className="st-num">{formatWon(settlement.returns[spot] ?? 0, lang)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('result.total')}</th>
              <td className="st-num">{formatWon(settlement.totalBet, lang)}</td>
              <td className="st-num st-win">{formatWon(settlement.totalReturn, lang)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="st-hint">
        {t('result.cardsLeft', {
          before: result.shoeBefore.remaining.reduce((a, b) => a + b, 0),
          after: result.cardsAfter,
        })}
      </p>
    </>
  );
}

function SlotResult({ result, lang }: { result: Extract<VerifyResult, { kind: 'slot' }>; lang: TLang }) {
  const { t } = useTranslation('verify');
  const { round, game } = result;
  return (
    <>
      <p className="vf-outcome">
        <span>
          {t('result.bet')}: <strong>{formatWon(round.bet, lang)}</strong>
        </span>
        <span>
          {t('result.totalWin')}: <strong className="st-win">{formatWon(round.totalWin, lang)}</strong>
        </span>
        {round.spins.length > 1 ? (
          <span className="vf-tag">{t('result.freeGames', { count: round.spins.length - 1 })}</span>
        ) : null}
      </p>
      <ol className="vf-spins">
        {round.spins.map((spin, i) => (
          <li key={i}>
            <SpinView
              spin={spin}
              index={i}
              lines={game.pays === 'lines'}
              wild={game.wild}
              scatter={game.scatter}
              lang={lang}
            />
          </li>
        ))}
      </ol>
    </>
  );
}

function SpinView({
  spin,
  index,
  lines,
  wild,
  scatter,
  lang,
}: {
  spin: SlotSpin;
  index: number;
  lines: boolean;
  wild: string;
  scatter: string;
  lang: TLang;
}) {
  const { t } = useTranslation('verify');
  const winning = new Set(spin.wins.flatMap((w) => w.cells.map(([reel, row]) => `${reel}:${row}`)));
  const rows = spin.window[0]?.length ?? 0;
  const symbolName = (s: string) =>
    s === wild ? t('symbols.wild') : s === scatter ? t('symbols.scatter') : s;
  return (
    <div className="vf-spin">
      <h3>
        {spin.kind === 'base' ? t('result.paidSpin') : t('result.freeGame', { n: index })}
        <span className="st-muted vf-stops">
          {t('result.stops')}: {spin.stops.join(', ')}
        </span>
      </h3>
      <table className="vf-window" aria-label={t('result.window')}>
        <tbody>
          {Array.from({ length: rows }, (_, row) => (
            <tr key={row}>
              {spin.window.map((reel, r) => {
                const symbol = reel[row] ?? '';
                return (
                  <td
                    key={r}
                    className={`vf-sym vf-sym--${symbol} ${winning.has(`${r}:${row}`) ? 'is-win' : ''}`}
                  >
                    {symbolName(symbol)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {spin.wins.length > 0 ? (
        <ul className="vf-wins">
          {spin.wins.map((win, i) => (
            <li key={i}>
              {win.line === -1
                ? t('result.scatterWin', { count: win.count })
                : win.line === -2 || win.ways !== undefined
                  ? t('result.waysWin', {
                      symbol: symbolName(win.symbol),
                      count: win.count,
                      ways: win.ways ?? 0,
                    })
                  : t(lines ? 'result.lineWin' : 'result.waysWin', {
                      line: win.line + 1,
                      symbol: symbolName(win.symbol),
                      count: win.count,
                      ways: win.ways ?? 0,
                    })}
              : <strong>{formatWon(win.amount, lang)}</strong>
            </li>
          ))}
        </ul>
      ) : (
        <p className="st-muted">{t('result.noWin')}</p>
      )}
      {spin.freeSpinsAwarded > 0 ? (
        <p className="vf-tag">{t('result.freeAwarded', { count: spin.freeSpinsAwarded })}</p>
      ) : null}
      <p className="vf-spin__amount">
        {t('result.spinWin')}: <strong>{formatWon(spin.amount, lang)}</strong>
      </p>
    </div>
  );
}
