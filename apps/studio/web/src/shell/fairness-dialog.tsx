import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  TFairnessAnswer,
  TRotateAnswer,
  TRoundRecord,
  TRoundsAnswer,
} from '@casino/studio-engine/contract';
import { HttpError } from '@casino/web-kit/http';
import { isRefusal } from './api.ts';
import { Dialog } from './dialog.tsx';
import { formatDayTime, formatWon } from '@casino/web-kit/format';
import { useErrorText, useStudio } from './studio.tsx';
import { roundVerifyHref, verifyHref } from './verify-link.ts';

/** Client seeds the studio accepts: 1..64 printable ASCII characters (contract.ts ZClientSeed). */
const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

/** A fresh random client seed proposal (16 random bytes in hex), made in the member's browser. */
function randomSeed(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Provably fair, for the member: the commitment of the round to come (the server seed's hash, their
 * client seed, the nonce), changing the client seed, revealing the server seed (rotate), and their
 * recent rounds with a link that opens each one on the verify page.
 */
export function FairnessDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('shell');
  const { fairness, game, lang, call } = useStudio();
  const errorText = useErrorText();
  const seedId = useId();
  const [seed, setSeed] = useState('');
  const [busy, setBusy] = useState<'seed' | 'rotate' | null>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [revealed, setRevealed] = useState<TRotateAnswer['revealed'] | null>(null);

  // Each time the dialog opens, the field starts from the current seed (and keeps what the member
  // types while it stays open).
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSeed(fairness.clientSeed);
      setMessage(null);
    }
  }

  const fail = (error: unknown) =>
    setMessage({ kind: 'error', text: errorText(error instanceof HttpError ? error.code : 'error') });

  async function changeSeed(event: FormEvent) {
    event.preventDefault();
    const value = seed.trim();
    if (!CLIENT_SEED.test(value)) {
      setMessage({ kind: 'error', text: t('fair.seedInvalid') });
      return;
    }
    setBusy('seed');
    setMessage(null);
    try {
      const answer = await call<TFairnessAnswer>('client-seed', { clientSeed: value });
      if (isRefusal(answer)) setMessage({ kind: 'error', text: errorText(answer.code) });
      else setMessage({ kind: 'ok', text: t('fair.seedChanged') });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }

  async function rotate() {
    setBusy('rotate');
    setMessage(null);
    try {
      const answer = await call<TRotateAnswer>('rotate', {});
      if (isRefusal(answer)) setMessage({ kind: 'error', text: errorText(answer.code) });
      else setRevealed(answer.revealed);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={t('fair.title')} size="wide">
      <p className="st-muted">{t('fair.intro')}</p>
      <dl className="st-fair-list">
        <dt>{t('fair.serverSeedHash')}</dt>
        <dd className="st-mono st-break">{fairness.serverSeedHash}</dd>
        <dt>{t('fair.clientSeed')}</dt>
        <dd className="st-mono st-break">{fairness.clientSeed}</dd>
        <dt>{t('fair.nonce')}</dt>
        <dd className="st-mono">{fairness.nonce}</dd>
      </dl>

      <form className="st-form-row" onSubmit={changeSeed}>
        <label htmlFor={seedId} className="st-label">
          {t('fair.newClientSeed')}
        </label>
        <div className="st-input-group">
          <input
            id={seedId}
            className="st-input st-mono"
            value={seed}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setSeed(event.target.value)}
          />
          <button type="button" className="st-btn" onClick={() => setSeed(randomSeed())}>
            {t('fair.random')}
          </button>
          <button type="submit" className="st-btn st-btn--gold" disabled={busy !== null}>
            {t('fair.change')}
          </button>
        </div>
        <p className="st-hint">{t('fair.seedHint')}</p>
      </form>

      <div className="st-fair-rotate">
        <button type="button" className="st-btn" onClick={rotate} disabled={busy !== null}>
          {t('fair.rotate')}
        </button>
        <p className="st-hint">{t('fair.rotateHint')}</p>
      </div>

      {message ? (
        <p
          className={message.kind === 'ok' ? 'st-ok' : 'st-error'}
          role={message.kind === 'ok' ? 'status' : 'alert'}
        >
          {message.text}
        </p>
      ) : null}

      {revealed ? (
        <section className="st-revealed" aria-live="polite">
          <h3>{t('fair.revealedTitle')}</h3>
          <dl className="st-fair-list">
            <dt>{t('fair.serverSeed')}</dt>
            <dd className="st-mono st-break">{revealed.serverSeed}</dd>
            <dt>{t('fair.serverSeedHash')}</dt>
            <dd className="st-mono st-break">{revealed.serverSeedHash}</dd>
            <dt>{t('fair.clientSeed')}</dt>
            <dd className="st-mono st-break">{revealed.clientSeed}</dd>
            <dt>{t('fair.roundsPlayed')}</dt>
            <dd className="st-mono">{revealed.rounds}</dd>
          </dl>
        </section>
      ) : null}

      <p>
        <a
          className="st-link"
          href={verifyHref({
            game,
            lang,
            serverSeed: revealed?.serverSeed,
            serverSeedHash: revealed?.serverSeedHash,
          })}
          target="_blank"
          rel="noopener"
        >
          {t('fair.openVerify')}
        </a>
      </p>

      <RecentRounds open={open} refreshKey={revealed?.serverSeedHash ?? ''} />
    </Dialog>
  );
}

function RecentRounds({ open, refreshKey }: { open: boolean; refreshKey: string }) {
  const { t } = useTranslation('shell');
  const { call, lang } = useStudio();
  const errorText = useErrorText();
  const [rounds, setRounds] = useState<TRoundRecord[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');
  const [error, setError] = useState('');

  const load = useCallback(
    async (before: string | null) => {
      setState('loading');
      try {
        const answer = await call<TRoundsAnswer>('rounds', before ? { before } : {});
        if (isRefusal(answer)) {
          setError(errorText(answer.code));
          setState('error');
          return;
        }
        setRounds((list) => (before ? [...list, ...answer.rounds] : answer.rounds));
        setNext(answer.next);
        setState('idle');
      } catch (cause) {
        setError(errorText(cause instanceof HttpError ? cause.code : 'error'));
        setState('error');
      }
    },
    [call, errorText],
  );

  useEffect(() => {
    // The list is read each time the dialog opens (and after a rotation, which reveals the seeds of
    // the listed rounds), so it shows the rounds played since.
    if (open) void load(null);
  }, [open, refreshKey, load]);

  return (
    <section className="st-rounds">
      <h3>{t('rounds.title')}</h3>
      {state === 'error' ? (
        <p className="st-error" role="alert">
          {error}
        </p>
      ) : null}
      {rounds.length === 0 && state === 'idle' ? <p className="st-muted">{t('rounds.empty')}</p> : null}
      {rounds.length > 0 ? (
        <div className="st-table-wrap">
          <table className="st-table">
            <thead>
              <tr>
                <th scope="col">{t('rounds.time')}</th>
                <th scope="col">{t('rounds.bet')}</th>
                <th scope="col">{t('rounds.win')}</th>
                <th scope="col">{t('fair.nonce')}</th>
                <th scope="col">
                  <span className="st-sr-only">{t('rounds.verify')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((round) => (
                <tr key={round.roundId}>
                  <td>
                    {formatDayTime(round.at, lang)}
                    {round.state !== 'settled' ? (
                      <span className={`st-badge st-badge--${round.state}`}>
                        {t(`rounds.state.${round.state}`)}
                      </span>
                    ) : null}
                  </td>
                  <td className="st-num">{formatWon(round.bet, lang)}</td>
                  <td className={`st-num ${round.win > 0 ? 'st-win' : ''}`}>{formatWon(round.win, lang)}</td>
                  <td className="st-num st-mono">{round.nonce}</td>
                  <td>
                    <a className="st-link" href={roundVerifyHref(round, lang)} target="_blank" rel="noopener">
                      {round.serverSeed ? t('rounds.verify') : t('rounds.verifyLater')}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {rounds.some((round) => !round.serverSeed) ? (
        <p className="st-hint">{t('rounds.notRevealed')}</p>
      ) : null}
      {state === 'loading' ? <p className="st-muted">{t('loading')}</p> : null}
      {next && state === 'idle' ? (
        <button type="button" className="st-btn" onClick={() => void load(next)}>
          {t('rounds.more')}
        </button>
      ) : null}
    </section>
  );
}
