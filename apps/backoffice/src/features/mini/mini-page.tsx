import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  MINI_CADENCES,
  MINI_GAME_CODES,
  ZMiniSettingsPatch,
  ZMiniVoidRequest,
  type TMiniRoundSummary,
  type TMiniSettingsPatch,
  type TMiniSettingsResponse,
} from '@casino/contracts/backoffice-mini';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { DataTable, NOWRAP } from '@casino/web-kit/data-table.tsx';
import { Form } from '@casino/web-kit/form.tsx';
import { roleCan } from '@casino/contracts/backoffice-permissions';
import { Dialog } from '../../app/dialog.tsx';
import { useOperator } from '../../app/session.ts';
import { Field, FormMessage, useFailureText, useFieldText } from '../../components/field.tsx';
import { FailureNotice, Notice } from '../../components/notice.tsx';
import { apiKey, useApiMutation } from '../../lib/api.ts';
import { formatDateTime, formatWon } from '../../lib/format.ts';
import { useMiniRound, useMiniRounds, useMiniSettings } from './queries.ts';
import { Facts } from '../../components/facts.tsx';
import './mini.css';

type TGame = (typeof MINI_GAME_CODES)[number];
type TSettings = Extract<TMiniSettingsResponse, { status: 'success' }>;
type TMarket = TSettings['markets'][number];

const NUM = { className: 'num', headerClassName: 'num' };

/** A market's RTP at `odds` (hundredths), in percent with two decimals: wins * odds / outcomes. */
export function rtpPercent(market: Pick<TMarket, 'wins' | 'outcomes'>, odds: number): string {
  return ((market.wins * odds) / market.outcomes).toFixed(2);
}

/** A round's result in a line: the balls and the powerball, or the ladder's start, rungs and foot. */
function useResultText(): (game: TGame, result: unknown) => string {
  const { t } = useTranslation();
  return (game, result) => {
    if (!result || typeof result !== 'object') return '—';
    if (game === 'powerball') {
      const r = result as { balls?: number[]; powerball?: number };
      return t('mini.powerballResult', { balls: (r.balls ?? []).join(' '), powerball: r.powerball });
    }
    const r = result as { start?: string; rungs?: number; finish?: string };
    return t('mini.ladderResult', {
      start: t(`mini.sides.${r.start}`),
      rungs: r.rungs,
      finish: t(`mini.sides.${r.finish}`),
    });
  };
}

/** The void question: why (kept in the audit log and on the round), then the danger button. */
function VoidDialog({
  game,
  round,
  onClose,
}: {
  game: TGame;
  round: TMiniRoundSummary | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const failure = useFailureText('mini');
  const fieldText = useFieldText('mini');
  const form = useContractForm<{ reason: string }>({
    fields: ['reason'],
    defaultValues: { reason: '' },
    validate: (values) => schemaCodes(ZMiniVoidRequest, values, ['reason']),
  });
  const [said, setSaid] = useState<string | null>(null);
  const voidRound = useApiMutation('mini.void', {
    input: (reason: string) => ({ params: { game, round: round!.round }, body: { reason } }),
    invalidates: [apiKey('mini.rounds', { params: { game }, query: { limit: 30 } }).slice(0, -1)],
    onSuccess: (answer) => {
      if (answer.status === 'success') {
        form.reset({ reason: '' });
        onClose();
      } else setSaid(t(`mini.void.${answer.status}`));
    },
    onError: (error) => form.failForm(failure(error)),
  });
  return (
    <Dialog
      open={round !== null}
      onOpenChange={(open) => !open && !voidRound.isPending && onClose()}
      title={round ? t('mini.void.title', { dayRound: round.dayRound, round: round.round }) : ''}
    >
      {round ? (
        <>
          <p>
            {t('mini.void.text', {
              stakes: formatWon(round.stakes, i18n.language),
              slips: round.slips,
              members: round.members,
            })}
          </p>
          <Form
            form={form}
            aria-label={t('mini.void.title', { dayRound: round.dayRound, round: round.round })}
            onValid={(v) => voidRound.mutate(v.reason.trim())}
          >
            <Field label={t('mini.void.reason')} status={form.statusOf('reason', fieldText('reason'))}>
              {(aria) => <input maxLength={200} {...aria} {...form.register('reason')} />}
            </Field>
            <FormMessage text={form.formMessage} />
            <Notice tone="error" text={said} />
            <div className="dialog__actions">
              <button
                type="button"
                className="btn btn--ghost"
                disabled={voidRound.isPending}
                onClick={onClose}
              >
                {t('queue.cancel')}
              </button>
              <button type="submit" className="btn btn--danger" disabled={voidRound.isPending}>
                {t('mini.void.confirm')}
              </button>
            </div>
          </Form>
        </>
      ) : null}
    </Dialog>
  );
}

/** One round: its facts, the exposure per market against its cap, and its bets. */
function RoundDetail({
  game,
  round,
  onVoid,
}: {
  game: TGame;
  round: number;
  /** Null for an operator who may not void (the `catalog` permission: the owner). */
  onVoid: ((r: TMiniRoundSummary) => void) | null;
}) {
  const { t, i18n } = useTranslation();
  const won = (n: number) => formatWon(n, i18n.language);
  const resultText = useResultText();
  const detail = useMiniRound({ game, round });
  if (detail.isPending) return <p className="muted">{t('mini.loading')}</p>;
  if (detail.isError) return <FailureNotice error={detail.error} />;
  if (detail.data.status !== 'success')
    return (
      <p role="status" className="notice notice--warn">
        {t(`mini.roundAnswers.${detail.data.status}`, { round })}
      </p>
    );
  const { round: r, exposure, bets, totalBets } = detail.data;
  const voidable = r.state === 'open' || r.state === 'closed' || r.state === 'drawn';
  return (
    <section
      className="mini__detail"
      aria-label={t('mini.roundTitle', { dayRound: r.dayRound, round: r.round })}
    >
      <div className="mini__detail-head">
        <h2 className="mini__subtitle">{t('mini.roundTitle', { dayRound: r.dayRound, round: r.round })}</h2>
        {voidable && onVoid ? (
          <button type="button" className="btn btn--small btn--danger" onClick={() => onVoid(r)}>
            {t('mini.void.button')}
          </button>
        ) : null}
      </div>
      <Facts
        className="mini__facts"
        items={[
          [t('mini.state'), t(`mini.states.${r.state}`)],
          [t('mini.result'), resultText(game, r.result)],
          [t('mini.closesAt'), formatDateTime(r.closesAt), 'nowrap'],
          [t('mini.drawnAt'), r.drawnAt ? formatDateTime(r.drawnAt) : '—', 'nowrap'],
          [t('mini.stakes'), won(r.stakes), 'num'],
          [t('mini.wins'), won(r.wins), 'num'],
          [t('mini.houseResult'), won(r.stakes - r.wins), 'num'],
          r.voidedAt
            ? [
                t('mini.voided'),
                t('mini.voidedBy', {
                  at: formatDateTime(r.voidedAt),
                  by: r.voidedBy ?? '—',
                  reason: r.voidReason ?? '',
                }),
              ]
            : null,
        ]}
      />
      <h3 className="mini__subtitle">{t('mini.exposure')}</h3>
      <DataTable
        columns={[
          {
            key: 'market',
            header: t('mini.market'),
            cell: (e) => <MarketName game={game} code={e.market} />,
          },
          { key: 'bets', header: t('mini.bets'), ...NUM, cell: (e) => e.bets },
          { key: 'stakes', header: t('mini.stakes'), ...NUM, cell: (e) => won(e.stakes) },
          { key: 'payout', header: t('mini.payout'), ...NUM, cell: (e) => won(e.payout) },
          { key: 'cap', header: t('mini.maxExposure'), ...NUM, cell: (e) => won(e.maxExposure) },
          {
            key: 'used',
            header: t('mini.used'),
            ...NUM,
            cell: (e) => {
              const pct = e.maxExposure > 0 ? Math.round((e.payout / e.maxExposure) * 100) : 0;
              return <span className={pct >= 90 ? 'mini__hot' : ''}>{pct}%</span>;
            },
          },
        ]}
        rows={exposure}
        rowKey={(e) => e.market}
        empty={t('mini.noBets')}
      />
      <h3 className="mini__subtitle">{t('mini.roundBets', { count: totalBets })}</h3>
      <DataTable
        columns={[
          { key: 'at', header: t('mini.at'), ...NOWRAP, cell: (b) => formatDateTime(b.at) },
          { key: 'member', header: t('mini.member'), cell: (b) => b.userId },
          {
            key: 'market',
            header: t('mini.market'),
            cell: (b) => <MarketName game={game} code={b.market} />,
          },
          { key: 'amount', header: t('mini.amount'), ...NUM, cell: (b) => won(b.amount) },
          { key: 'odds', header: t('mini.odds'), ...NUM, cell: (b) => (b.odds / 100).toFixed(2) },
          { key: 'state', header: t('mini.state'), cell: (b) => t(`mini.betStates.${b.state}`) },
          { key: 'win', header: t('mini.win'), ...NUM, cell: (b) => won(b.win) },
        ]}
        rows={bets}
        rowKey={(b) => `${b.slipId}:${b.market}`}
        empty={t('mini.noBets')}
      />
    </section>
  );
}

/** A market's name by its outcomes (`pb-odd-under` reads "Powerball odd + under"); its code if unknown. */
function useMarketText(game: TGame): (code: string) => string {
  const { t } = useTranslation();
  return (code) => {
    const key = `mini.markets.${game}.${code}`;
    const text = t(key);
    return text === key ? code : text;
  };
}

function MarketName({ game, code }: { game: TGame; code: string }) {
  return <>{useMarketText(game)(code)}</>;
}

function RoundsList({
  game,
  before,
  onBefore,
  onPick,
}: {
  game: TGame;
  before: number | undefined;
  onBefore: (b: number | undefined) => void;
  onPick: (round: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const won = (n: number) => formatWon(n, i18n.language);
  const resultText = useResultText();
  const list = useMiniRounds({ game }, before ? { before, limit: 30 } : { limit: 30 });
  if (list.isError) return <FailureNotice error={list.error} />;
  if (!list.data) return <p className="muted">{t('mini.loading')}</p>;
  if (list.data.status !== 'success') return <Notice tone="error" text={t('mini.studioDown')} />;
  const { rounds, next } = list.data;
  return (
    <section aria-label={t('mini.rounds')}>
      <DataTable
        columns={[
          {
            key: 'round',
            header: t('mini.round'),
            ...NOWRAP,
            cell: (r) => t('mini.roundName', { dayRound: r.dayRound, round: r.round }),
          },
          { key: 'draws', header: t('mini.drawsAt'), ...NOWRAP, cell: (r) => formatDateTime(r.drawsAt) },
          {
            key: 'state',
            header: t('mini.state'),
            cell: (r) => (
              <span className={`mini__state mini__state--${r.state}`}>{t(`mini.states.${r.state}`)}</span>
            ),
          },
          { key: 'result', header: t('mini.result'), cell: (r) => resultText(game, r.result) },
          { key: 'members', header: t('mini.members'), ...NUM, cell: (r) => r.members },
          { key: 'slips', header: t('mini.slips'), ...NUM, cell: (r) => r.slips },
          { key: 'stakes', header: t('mini.stakes'), ...NUM, cell: (r) => won(r.stakes) },
          { key: 'wins', header: t('mini.wins'), ...NUM, cell: (r) => won(r.wins) },
          {
            key: 'open',
            header: t('queue.actions'),
            cell: (r) => (
              <button type="button" className="btn btn--small" onClick={() => onPick(r.round)}>
                {t('mini.open')}
              </button>
            ),
          },
        ]}
        rows={rounds}
        rowKey={(r) => r.round}
        empty={t('mini.noRounds')}
      />
      <div className="mini__pager">
        <button
          type="button"
          className="btn btn--small"
          disabled={before === undefined}
          onClick={() => onBefore(undefined)}
        >
          {t('mini.newest')}
        </button>
        <button
          type="button"
          className="btn btn--small"
          disabled={next === null}
          onClick={() => onBefore(next ?? undefined)}
        >
          {t('mini.older')}
        </button>
      </div>
    </section>
  );
}

type TSettingsForm = { cadenceMinutes: string; cutoffSeconds: string; maxRoundTotal: string } & Record<
  string,
  string
>;

const GAME_FIELDS = ['cadenceMinutes', 'cutoffSeconds', 'maxRoundTotal'] as const;
const MARKET_FIELDS = ['odds', 'minBet', 'maxBet', 'maxExposure'] as const;

function valuesOf(s: TSettings): TSettingsForm {
  const values: Record<string, string> = {
    cadenceMinutes: String(s.cadenceMinutes),
    cutoffSeconds: String(s.cutoffSeconds),
    maxRoundTotal: String(s.maxRoundTotal),
  };
  for (const m of s.markets) for (const f of MARKET_FIELDS) values[`${m.code}__${f}`] = String(m[f]);
  return values as TSettingsForm;
}

const int = (text: string | undefined) =>
  text !== undefined && /^\d{1,16}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;

/** What changed, as the contract's patch: only the fields whose value differs from the server's. */
export function settingsPatch(s: TSettings, values: TSettingsForm): TMiniSettingsPatch {
  const patch: TMiniSettingsPatch = {};
  for (const f of GAME_FIELDS) if (int(values[f]) !== s[f]) patch[f] = int(values[f]);
  const markets: NonNullable<TMiniSettingsPatch['markets']> = [];
  for (const m of s.markets) {
    const change: (typeof markets)[number] = { code: m.code };
    for (const f of MARKET_FIELDS)
      if (int(values[`${m.code}__${f}`]) !== m[f]) change[f] = int(values[`${m.code}__${f}`]);
    if (Object.keys(change).length > 1) markets.push(change);
  }
  if (markets.length > 0) patch.markets = markets;
  return patch;
}

function SettingsForm({ game, settings, canEdit }: { game: TGame; settings: TSettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const fieldText = useFieldText('mini');
  const failure = useFailureText('mini');
  const [said, setSaid] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const fields = useMemo(
    () => [...GAME_FIELDS, ...settings.markets.flatMap((m) => MARKET_FIELDS.map((f) => `${m.code}__${f}`))],
    [settings.markets],
  );
  const form = useContractForm<TSettingsForm>({
    fields,
    defaultValues: valuesOf(settings),
    validate: (values) => {
      const codes: Record<string, string> = {};
      for (const f of fields) if (Number.isNaN(int(values[f]))) codes[f] = 'integer';
      if (Object.keys(codes).length > 0) return codes;
      const patch = settingsPatch(settings, values);
      for (const [path, code] of Object.entries(schemaCodes(ZMiniSettingsPatch, patch, [...GAME_FIELDS])))
        codes[path] = code!;
      // The engine's bounds per market (RTP 90..99 %) and min <= max, said at the market's field.
      for (const m of settings.markets) {
        const odds = int(values[`${m.code}__odds`]);
        if (odds < m.minOdds || odds > m.maxOdds) codes[`${m.code}__odds`] = 'odds_bounds';
        if (int(values[`${m.code}__minBet`]) > int(values[`${m.code}__maxBet`]))
          codes[`${m.code}__minBet`] = 'above_max';
      }
      return codes;
    },
  });
  const save = useApiMutation('mini.updateSettings', {
    input: (patch: TMiniSettingsPatch) => ({ params: { game }, body: patch }),
    invalidates: [apiKey('mini.settings', { params: { game } })],
    onSuccess: (answer) => {
      if (answer.status === 'success') setSaid({ tone: 'ok', text: t('mini.saved') });
      else if (answer.status === 'invalid' && answer.market)
        form.failField(`${answer.market}__odds`, 'odds_bounds');
      else setSaid({ tone: 'error', text: t(`mini.saveAnswers.${answer.status}`) });
    },
    onError: (error) => {
      if (!form.showServerErrors(error)) form.failForm(failure(error));
    },
  });
  const watched = form.watch();
  const marketText = useMarketText(game);
  const wordOf = (path: string) => (code: string) =>
    code === 'odds_bounds' || code === 'above_max' || code === 'integer'
      ? t(`mini.fieldCodes.${code}`)
      : fieldText(path)(code);
  return (
    <Form
      form={form}
      className="mini__settings"
      aria-label={t('mini.settings')}
      onValid={(values) => {
        setSaid(null);
        const patch = settingsPatch(settings, values);
        if (Object.keys(patch).length === 0) return setSaid({ tone: 'ok', text: t('mini.nothingChanged') });
        save.mutate(patch);
      }}
    >
      <div className="mini__game-fields">
        <Field label={t('mini.cadence')} status={form.statusOf('cadenceMinutes', wordOf('cadenceMinutes'))}>
          {(aria) => (
            <select {...aria} {...form.register('cadenceMinutes')}>
              {MINI_CADENCES.map((c) => (
                <option key={c} value={String(c)}>
                  {t('mini.minutes', { count: c })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('mini.cutoff')} status={form.statusOf('cutoffSeconds', wordOf('cutoffSeconds'))}>
          {(aria) => <input inputMode="numeric" {...aria} {...form.register('cutoffSeconds')} />}
        </Field>
        <Field
          label={t('mini.maxRoundTotal')}
          status={form.statusOf('maxRoundTotal', wordOf('maxRoundTotal'))}
        >
          {(aria) => <input inputMode="numeric" {...aria} {...form.register('maxRoundTotal')} />}
        </Field>
      </div>
      <p className="muted">{t('mini.cadenceHint')}</p>
      <div className="table-wrap">
        <table className="table mini__markets">
          <thead>
            <tr>
              <th scope="col">{t('mini.market')}</th>
              <th scope="col">{t('mini.probability')}</th>
              <th scope="col">{t('mini.oddsBounds')}</th>
              <th scope="col">{t('mini.odds')}</th>
              <th scope="col">{t('mini.rtp')}</th>
              <th scope="col">{t('mini.minBet')}</th>
              <th scope="col">{t('mini.maxBet')}</th>
              <th scope="col">{t('mini.maxExposure')}</th>
            </tr>
          </thead>
          <tbody>
            {settings.markets.map((m) => {
              const odds = int(watched[`${m.code}__odds`]);
              return (
                <tr key={m.code}>
                  <th scope="row">
                    <MarketName game={game} code={m.code} />
                  </th>
                  <td className="num">{((m.wins / m.outcomes) * 100).toFixed(3)}%</td>
                  <td className="num nowrap">
                    {(m.minOdds / 100).toFixed(2)} – {(m.maxOdds / 100).toFixed(2)}
                  </td>
                  {MARKET_FIELDS.map((f) =>
                    f === 'odds' ? (
                      [
                        <td key={f}>
                          <MarketInput
                            form={form}
                            name={`${m.code}__${f}`}
                            label={t(`mini.${f}For`, { market: marketText(m.code) })}
                            wordOf={wordOf(f)}
                          />
                        </td>,
                        <td key="rtp" className="num">
                          {Number.isNaN(odds) ? '—' : `${rtpPercent(m, odds)}%`}
                        </td>,
                      ]
                    ) : (
                      <td key={f}>
                        <MarketInput
                          form={form}
                          name={`${m.code}__${f}`}
                          label={t(`mini.${f}For`, { market: marketText(m.code) })}
                          wordOf={wordOf(f)}
                        />
                      </td>
                    ),
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <FormMessage text={form.formMessage} />
      {said ? <Notice tone={said.tone} text={said.text} /> : null}
      {canEdit ? (
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {t('mini.save')}
        </button>
      ) : (
        <p className="muted">{t('mini.readOnly')}</p>
      )}
    </Form>
  );
}

function MarketInput({
  form,
  name,
  label,
  wordOf,
}: {
  form: ReturnType<typeof useContractForm<TSettingsForm>>;
  name: string;
  label: string;
  wordOf: (code: string) => string;
}) {
  const status = form.statusOf(name, wordOf);
  return (
    <div className="mini__cell">
      <input
        inputMode="numeric"
        aria-label={label}
        aria-invalid={status ? true : undefined}
        className="mini__input"
        {...form.register(name)}
      />
      {status ? <small className="field-error">{status.text}</small> : null}
    </div>
  );
}

function Settings({ game, canEdit }: { game: TGame; canEdit: boolean }) {
  const { t } = useTranslation();
  const settings = useMiniSettings({ game });
  if (settings.isPending) return <p className="muted">{t('mini.loading')}</p>;
  if (settings.isError) return <FailureNotice error={settings.error} />;
  if (settings.data.status !== 'success') return <Notice tone="error" text={t('mini.studioDown')} />;
  return (
    <SettingsForm
      key={JSON.stringify(settings.data)}
      game={game}
      settings={settings.data}
      canEdit={canEdit}
    />
  );
}

/**
 * Mini-games (Powerball, Ladder) in the console: the rounds with their state, result, stakes and
 * wins; a round's bets and the house's exposure per market; voiding a round (after asking why);
 * and the settings (cadence, cut-off, the round total per member, and per market the odds within
 * the engine's bounds with the RTP they give, the stake limits and the exposure cap). Game, tab and
 * round live in the URL.
 */
export function MiniPage() {
  const { t } = useTranslation();
  // Reading is the `rounds` permission's; changing the settings and voiding, the owner's (`catalog`).
  const me = useOperator();
  const canEdit = me.data ? roleCan(me.data.role, 'catalog') : false;
  const [search, setSearch] = useSearchParams();
  const game: TGame = search.get('game') === 'ladder' ? 'ladder' : 'powerball';
  const tab = search.get('tab') === 'settings' ? 'settings' : 'rounds';
  const roundText = search.get('round');
  const round = roundText && /^\d{1,15}$/.test(roundText) ? Number(roundText) : null;
  const beforeText = search.get('before');
  const before = beforeText && /^\d{1,15}$/.test(beforeText) ? Number(beforeText) : undefined;
  const [voiding, setVoiding] = useState<TMiniRoundSummary | null>(null);
  const go = (next: Record<string, string | number | undefined | null>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries({ game, tab, ...next }))
      if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
    setSearch(params);
  };
  return (
    <div className="mini">
      <div className="page-head">
        <h1 className="page-title">{t('mini.title')}</h1>
      </div>
      <div className="mini__switch" role="group" aria-label={t('mini.game')}>
        {MINI_GAME_CODES.map((g) => (
          <button
            key={g}
            type="button"
            className={g === game ? 'btn btn--primary' : 'btn'}
            aria-pressed={g === game}
            onClick={() => go({ game: g, round: null, before: null })}
          >
            {t(`mini.games.${g}`)}
          </button>
        ))}
        <span className="mini__gap" />
        {(['rounds', 'settings'] as const).map((k) => (
          <button
            key={k}
            type="button"
            className={k === tab ? 'btn btn--primary' : 'btn'}
            aria-pressed={k === tab}
            onClick={() => go({ tab: k, round: k === 'rounds' ? round : null, before })}
          >
            {t(`mini.tabs.${k}`)}
          </button>
        ))}
      </div>
      {tab === 'settings' ? (
        <Settings key={game} game={game} canEdit={canEdit} />
      ) : (
        <>
          <RoundsList
            key={game}
            game={game}
            before={before}
            onBefore={(b) => go({ before: b, round })}
            onPick={(r) => go({ round: r, before })}
          />
          {round !== null ? (
            <RoundDetail
              key={`${game}/${round}`}
              game={game}
              round={round}
              onVoid={canEdit ? setVoiding : null}
            />
          ) : null}
        </>
      )}
      <VoidDialog game={game} round={voiding} onClose={() => setVoiding(null)} />
    </div>
  );
}
