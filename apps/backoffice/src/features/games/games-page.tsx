import { useState, type DragEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  JACKPOT_TIERS,
  WALLET_MODES,
  ZCreateGameRequest,
  ZJackpotsPatch,
  type TJackpotsPatch,
  ZUpdateGameRequest,
  ZUpdateProviderRequest,
  type TUpdateProviderRequest,
} from '@casino/contracts/backoffice-games';
import { ZCompRatesPatch } from '@casino/contracts/backoffice-settings';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { formFieldErrors, useContractForm } from '@casino/web-kit/contract-form';
import { DataTable, NOWRAP } from '@casino/web-kit/data-table.tsx';
import { Form } from '@casino/web-kit/form.tsx';
import type { z } from 'zod';
import type { ZCatalogProvider } from '@casino/contracts/backoffice-games';
import { siteTimeZone } from '@casino/web-kit/format';
import { Dialog } from '../../app/dialog.tsx';
import { Field, FormMessage, useFailureText, useFieldText } from '../../components/field.tsx';
import { apiKey, errorKey, useApiMutation } from '../../lib/api.ts';
import { ImageUpload, useImageUpload } from '../../lib/image-upload.tsx';
import { formatDateTime, formatWon } from '../../lib/format.ts';
import { moved } from './api.ts';
import './games.css';
import { useCatalog, useCompRates, useJackpots } from './queries.ts';

type TProvider = z.infer<typeof ZCatalogProvider>;
type TGame = TProvider['games'][number];
type TJackpotTier = (typeof JACKPOT_TIERS)[number];

const CATALOG_KEY = apiKey('providers.list');

function Note({ tone, text }: { tone: 'ok' | 'error' | 'warn'; text: string | null }) {
  if (!text) return null;
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`notice notice--${tone}`}>
      {text}
    </p>
  );
}

/** A provider's name in the console's language (its Korean name when it has one). */
function useProviderName() {
  const { i18n } = useTranslation();
  return (p: Pick<TProvider, 'name' | 'nameKo'>) => (i18n.language === 'ko' ? (p.nameKo ?? p.name) : p.name);
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="dialog__actions">{children}</div>;
}

// --- a provider's settings: maintenance window, wallet mode, jackpot opt-in ---

const PROVIDER_FIELDS = ['from', 'to', 'wallet', 'apiUrl', 'jackpot', 'maxAmount'] as const;
interface TProviderValues {
  /** No maintenance window. */
  open: boolean;
  from: string;
  to: string;
  wallet: TProvider['wallet'];
  apiUrl: string;
  jackpot: boolean;
  /** As typed; the contract checks it (a 400 naming `maxAmount`). */
  maxAmount: string;
}

/** The change the form's values make to `provider` (only what differs is sent). */
function providerChange(provider: TProvider, values: TProviderValues): TUpdateProviderRequest {
  const body: TUpdateProviderRequest = {};
  const window = values.open ? null : { from: values.from, to: values.to };
  if (JSON.stringify(window) !== JSON.stringify(provider.maintenance)) body.maintenance = window;
  if (values.wallet !== provider.wallet) body.wallet = values.wallet;
  if (values.apiUrl.trim() !== (provider.apiUrl ?? '')) body.apiUrl = values.apiUrl.trim() || null;
  if (values.jackpot !== provider.jackpot) body.jackpot = values.jackpot;
  const max = Number(values.maxAmount);
  if (max !== provider.maxAmount) body.maxAmount = max;
  return body;
}

function ProviderDialog({ provider, onClose }: { provider: TProvider; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const name = useProviderName()(provider);
  const failure = useFailureText('games');
  const fieldText = useFieldText('games');
  const form = useContractForm<TProviderValues>({
    fields: PROVIDER_FIELDS,
    defaultValues: {
      open: provider.maintenance === null,
      from: provider.maintenance?.from ?? '05:00',
      to: provider.maintenance?.to ?? '06:00',
      wallet: provider.wallet,
      apiUrl: provider.apiUrl ?? '',
      jackpot: provider.jackpot,
      maxAmount: String(provider.maxAmount),
    },
    validate: (values) => {
      const { maintenance, ...codes } = schemaCodes(
        ZUpdateProviderRequest,
        providerChange(provider, values),
        ['maintenance', ...PROVIDER_FIELDS],
      );
      return maintenance ? { ...codes, from: maintenance } : codes;
    },
  });
  const [open, wallet] = form.watch(['open', 'wallet']);
  const windowStatus = form.statusOf('from', fieldText('maintenance'));
  const maxAmount = form.register('maxAmount');
  const save = useApiMutation('providers.update', {
    input: (body: TUpdateProviderRequest) => ({ params: { code: provider.code }, body }),
    invalidates: [CATALOG_KEY],
    onSuccess: () => {
      onClose();
    },
    onError: (e) => {
      const codes = formFieldErrors(e, ['maintenance', ...PROVIDER_FIELDS]);
      if (codes?.maintenance) form.failField('from', codes.maintenance);
      if (!form.showServerErrors(e) && !codes?.maintenance) form.failForm(failure(e));
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(isOpen) => !isOpen && !save.isPending && onClose()}
      title={t('games.providerTitle', { name })}
    >
      <Form
        form={form}
        className="games__form"
        onValid={(values) => save.mutate(providerChange(provider, values))}
      >
        <fieldset className="games__fieldset">
          <legend>{t('games.maintenance')}</legend>
          <label className="inline-field">
            <input type="checkbox" {...form.register('open')} />
            <span>{t('games.noMaintenance')}</span>
          </label>
          {!open && (
            <span className="inline-field">
              <input
                type="time"
                aria-label={t('games.maintenanceFrom')}
                aria-invalid={form.formState.errors.from ? true : undefined}
                {...form.register('from')}
              />
              <span>~</span>
              <input type="time" aria-label={t('games.maintenanceTo')} {...form.register('to')} />
              <span className="muted">{t('games.zone', { zone: siteTimeZone() })}</span>
            </span>
          )}
          {windowStatus && <small className="field-error">{windowStatus.text}</small>}
        </fieldset>
        <Field
          label={t('games.wallet')}
          status={form.statusOf('wallet', () => t('games.field.wallet.pattern'))}
        >
          {(aria) => (
            <select {...aria} {...form.register('wallet')} value={wallet}>
              {WALLET_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`games.walletMode.${mode}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {wallet === 'transfer' && (
          <Field
            label={t('games.apiUrl')}
            status={form.statusOf('apiUrl', () => t('games.field.apiUrl.required'))}
          >
            {(aria) => <input type="url" maxLength={500} {...aria} {...form.register('apiUrl')} />}
          </Field>
        )}
        <label className="inline-field">
          <input type="checkbox" {...form.register('jackpot')} />
          <span>{t('games.jackpotOptIn')}</span>
        </label>
        <Field label={t('games.maxAmount')} status={form.statusOf('maxAmount', fieldText('maxAmount'))}>
          {(aria) => (
            <>
              <input
                inputMode="numeric"
                required
                maxLength={20}
                pattern="\d+"
                {...aria}
                {...maxAmount}
                onChange={(event) => {
                  event.target.value = event.target.value.replace(/\D/g, '');
                  return maxAmount.onChange(event);
                }}
              />
              <span className="muted">
                {formatWon(provider.maxAmount, i18n.language)} · {t('games.maxAmountHint')}
              </span>
            </>
          )}
        </Field>
        <FormMessage text={form.formMessage} />
        <Actions>
          <button type="button" className="btn" onClick={onClose} disabled={save.isPending}>
            {t('queue.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {t('games.save')}
          </button>
        </Actions>
      </Form>
    </Dialog>
  );
}

/** Rotation asks first, then shows the new secret once (the server never shows it again). */
function RotateDialog({ provider, onClose }: { provider: TProvider; onClose: () => void }) {
  const { t } = useTranslation();
  const name = useProviderName()(provider);
  const failure = useFailureText('games');
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const rotate = useApiMutation('providers.rotateSecret', {
    input: () => ({ params: { code: provider.code } }),
    onSuccess: (answer) =>
      answer.status === 'success' ? setSecret(answer.secret) : setError(t('games.providerGone')),
    onError: (e) => setError(failure(e)),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !rotate.isPending && onClose()}
      title={t('games.rotateTitle', { name })}
    >
      {secret === null ? (
        <>
          <p>{t('games.rotateBody')}</p>
          <Note tone="error" text={error} />
          <Actions>
            <button type="button" className="btn" onClick={onClose} disabled={rotate.isPending}>
              {t('queue.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--danger"
              disabled={rotate.isPending}
              onClick={() => rotate.mutate()}
            >
              {t('games.rotateConfirm')}
            </button>
          </Actions>
        </>
      ) : (
        <>
          <p className="notice notice--warn">{t('games.secretOnce')}</p>
          <code className="games__secret" aria-label={t('games.newSecret')}>
            {secret}
          </code>
          <Actions>
            <button
              type="button"
              className="btn"
              onClick={() => {
                void navigator.clipboard?.writeText(secret).then(() => setCopied(true));
              }}
            >
              {copied ? t('games.copied') : t('games.copy')}
            </button>
            <button type="button" className="btn btn--primary" onClick={onClose}>
              {t('games.done')}
            </button>
          </Actions>
        </>
      )}
    </Dialog>
  );
}

// --- a game: names, image ---

const GAME_FIELDS = ['nameKo', 'nameEn', 'imgUrl'] as const;
type TGameValues = Pick<TGame, (typeof GAME_FIELDS)[number]>;

function GameDialog({ provider, game, onClose }: { provider: TProvider; game: TGame; onClose: () => void }) {
  const { t } = useTranslation();
  const failure = useFailureText('games');
  const fieldText = useFieldText('games');
  const form = useContractForm<TGameValues>({
    fields: GAME_FIELDS,
    defaultValues: { nameKo: game.nameKo, nameEn: game.nameEn, imgUrl: game.imgUrl },
    validate: (values) => schemaCodes(ZUpdateGameRequest, values, GAME_FIELDS),
  });
  const imgUrl = form.watch('imgUrl');
  const upload = useImageUpload({
    onUploaded: (url) => form.setValue('imgUrl', url),
    onFailed: (text) => form.failForm(text),
  });
  const save = useApiMutation('games.update', {
    input: (body: TGameValues) => ({ params: { provider: provider.code, code: game.code }, body }),
    invalidates: [CATALOG_KEY],
    onSuccess: () => {
      onClose();
    },
    onError: (e) => form.showServerErrors(e) || form.failForm(failure(e)),
  });
  const busy = save.isPending || upload.isPending;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t('games.gameTitle', { code: game.code })}
    >
      <Form form={form} className="games__form" onValid={(values) => save.mutate(values)}>
        <Field label={t('games.nameKo')} status={form.statusOf('nameKo', fieldText('nameKo'))}>
          {(aria) => <input required maxLength={60} {...aria} {...form.register('nameKo')} />}
        </Field>
        <Field label={t('games.nameEn')} status={form.statusOf('nameEn', fieldText('nameEn'))}>
          {(aria) => <input required maxLength={60} {...aria} {...form.register('nameEn')} />}
        </Field>
        <div className="games__image">
          {imgUrl ? (
            <img src={imgUrl} alt="" className="games__preview" />
          ) : (
            <span className="muted">{t('games.noImage')}</span>
          )}
          <div className="games__form">
            <Field label={t('games.imageUrl')} status={form.statusOf('imgUrl', fieldText('imgUrl'))}>
              {(aria) => <input maxLength={500} {...aria} {...form.register('imgUrl')} />}
            </Field>
            <ImageUpload
              label={t('games.upload')}
              upload={upload}
              disabled={busy}
              onStart={() => form.clearErrors('root')}
            />
          </div>
        </div>
        <FormMessage text={form.formMessage} />
        <Actions>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('queue.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('games.save')}
          </button>
        </Actions>
      </Form>
    </Dialog>
  );
}

// --- a provider's games: enable, edit, order (buttons or drag), add ---

const NEW_GAME_FIELDS = ['code', 'nameKo', 'nameEn'] as const;
type TNewGameValues = Pick<TGame, (typeof NEW_GAME_FIELDS)[number]>;

function GamesOfProvider({ provider }: { provider: TProvider }) {
  const { t } = useTranslation();
  const name = useProviderName()(provider);
  const client = useQueryClient();
  const failure = useFailureText('games');
  const stored = provider.games.map((g) => g.code);
  const [order, setOrder] = useState<string[] | null>(null);
  const codes = order && order.length === stored.length ? order : stored;
  const dirty = order !== null && JSON.stringify(codes) !== JSON.stringify(stored);
  const byCode = new Map(provider.games.map((g) => [g.code, g]));
  const [editing, setEditing] = useState<TGame | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const fieldText = useFieldText('games');
  const newGame = (values: TNewGameValues) => ({
    provider: provider.code,
    ...values,
    order: (stored.length + 1) * 10,
  });
  const addForm = useContractForm<TNewGameValues>({
    fields: NEW_GAME_FIELDS,
    defaultValues: { code: '', nameKo: '', nameEn: '' },
    validate: (values) => schemaCodes(ZCreateGameRequest, newGame(values), NEW_GAME_FIELDS),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: CATALOG_KEY });

  const saveOrder = useApiMutation('games.order', {
    input: () => ({ params: { provider: provider.code }, body: { codes } }),
    onSuccess: () => {
      refresh();
      setOrder(null);
      setMessage({ tone: 'ok', text: t('games.orderSaved') });
    },
    onError: (e) => setMessage({ tone: 'error', text: failure(e) }),
  });
  const toggle = useApiMutation('games.update', {
    input: (game: TGame) => ({
      params: { provider: provider.code, code: game.code },
      body: { enabled: !game.enabled },
    }),
    onSuccess: refresh,
    onError: (e) => setMessage({ tone: 'error', text: failure(e) }),
  });
  const add = useApiMutation('games.create', {
    input: (values: TNewGameValues) => ({ body: newGame(values) }),
    onSuccess: (answer) => {
      refresh();
      if (answer.status === 'success') {
        addForm.reset();
        setMessage({ tone: 'ok', text: t('games.added') });
      } else addForm.failField('code', 'taken');
    },
    onError: (e) => addForm.showServerErrors(e) || setMessage({ tone: 'error', text: failure(e) }),
  });

  const move = (from: number, to: number) => {
    if (to < 0 || to >= codes.length) return;
    setOrder(moved(codes, from, to));
  };
  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragging !== null) move(dragging, to);
    setDragging(null);
  };

  return (
    <section className="games__panel" aria-label={t('games.gamesOf', { name })}>
      <div className="page-head">
        <h2 className="games__subtitle">{t('games.gamesOf', { name })}</h2>
        {dirty && (
          <>
            <button
              type="button"
              className="btn btn--primary btn--small"
              disabled={saveOrder.isPending}
              onClick={() => saveOrder.mutate()}
            >
              {t('games.saveOrder')}
            </button>
            <button type="button" className="btn btn--small" onClick={() => setOrder(null)}>
              {t('games.undoOrder')}
            </button>
          </>
        )}
        <span className="muted">{t('games.dragHint')}</span>
      </div>
      {message && <Note tone={message.tone} text={message.text} />}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col" className="num">
                {t('games.position')}
              </th>
              <th scope="col">{t('games.image')}</th>
              <th scope="col">{t('games.code')}</th>
              <th scope="col">{t('games.nameKo')}</th>
              <th scope="col">{t('games.nameEn')}</th>
              <th scope="col">{t('games.state')}</th>
              <th scope="col">{t('queue.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {codes.map((code, index) => {
              const game = byCode.get(code)!;
              return (
                <tr
                  key={code}
                  draggable
                  className={dragging === index ? 'games__dragging' : undefined}
                  onDragStart={() => setDragging(index)}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={(e) => onDrop(e, index)}
                  onDragEnd={() => setDragging(null)}
                >
                  <td className="num nowrap">
                    <span className="games__handle" aria-hidden="true">
                      ⋮⋮
                    </span>{' '}
                    {index + 1}
                  </td>
                  <td>
                    {game.imgUrl ? (
                      <img src={game.imgUrl} alt="" className="games__thumb" />
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                  <td className="nowrap">{game.code}</td>
                  <td>{game.nameKo}</td>
                  <td>{game.nameEn}</td>
                  <td>
                    <span className={game.enabled ? 'state state--already' : 'state state--cansel'}>
                      {game.enabled ? t('games.on') : t('games.off')}
                    </span>
                  </td>
                  <td className="nowrap">
                    <button
                      type="button"
                      className="btn btn--small"
                      aria-label={t('games.moveUp', { code })}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      ↑
                    </button>{' '}
                    <button
                      type="button"
                      className="btn btn--small"
                      aria-label={t('games.moveDown', { code })}
                      disabled={index === codes.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      ↓
                    </button>{' '}
                    <button type="button" className="btn btn--small" onClick={() => setEditing(game)}>
                      {t('games.edit')}
                    </button>{' '}
                    <button
                      type="button"
                      className="btn btn--small"
                      disabled={toggle.isPending}
                      onClick={() => toggle.mutate(game)}
                    >
                      {game.enabled ? t('games.disable') : t('games.enable')}
                    </button>
                  </td>
                </tr>
              );
            })}
            {codes.length === 0 && (
              <tr>
                <td colSpan={7} className="empty">
                  {t('games.noGames')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Form
        form={addForm}
        className="games__inline"
        aria-label={t('games.addGame')}
        onValid={(values) => {
          setMessage(null);
          add.mutate(values);
        }}
      >
        <Field label={t('games.code')} status={addForm.statusOf('code', fieldText('code'))}>
          {(aria) => (
            <input
              required
              maxLength={64}
              pattern="[A-Za-z0-9_.\-]+"
              {...aria}
              {...addForm.register('code')}
            />
          )}
        </Field>
        <Field label={t('games.nameKo')} status={addForm.statusOf('nameKo', fieldText('nameKo'))}>
          {(aria) => <input required maxLength={60} {...aria} {...addForm.register('nameKo')} />}
        </Field>
        <Field label={t('games.nameEn')} status={addForm.statusOf('nameEn', fieldText('nameEn'))}>
          {(aria) => <input required maxLength={60} {...aria} {...addForm.register('nameEn')} />}
        </Field>
        <button type="submit" className="btn" disabled={add.isPending}>
          {t('games.addGame')}
        </button>
      </Form>
      {editing && (
        <GameDialog key={editing.code} provider={provider} game={editing} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}

// --- the catalog: providers ---

function CatalogTab() {
  const { t } = useTranslation();
  const nameOf = useProviderName();
  const failure = useFailureText('games');
  const [selected, setSelected] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ kind: 'settings' | 'rotate'; provider: TProvider } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const catalog = useCatalog();
  const toggle = useApiMutation('providers.update', {
    input: (p: TProvider) => ({ params: { code: p.code }, body: { enabled: !p.enabled } }),
    invalidates: [CATALOG_KEY],
    onError: (e) => setError(failure(e)),
  });
  const providers = catalog.data?.providers ?? [];
  const current = providers.find((p) => p.code === selected) ?? null;
  return (
    <>
      {catalog.isError && <Note tone="error" text={t(errorKey(catalog.error))} />}
      <Note tone="error" text={error} />
      <DataTable
        columns={[
          {
            key: 'provider',
            header: t('games.provider'),
            ...NOWRAP,
            cell: (p) => (
              <>
                <strong>{nameOf(p)}</strong>
                <br />
                <span className="muted">{p.code}</span>
              </>
            ),
          },
          { key: 'kind', header: t('games.kind'), ...NOWRAP, cell: (p) => t(`games.kinds.${p.kind}`) },
          {
            key: 'wallet',
            header: t('games.wallet'),
            ...NOWRAP,
            cell: (p) => t(`games.walletMode.${p.wallet}`),
          },
          {
            key: 'state',
            header: t('games.state'),
            cell: (p) => (
              <span className={p.enabled ? 'state state--already' : 'state state--cansel'}>
                {p.enabled ? t('games.on') : t('games.off')}
              </span>
            ),
          },
          {
            key: 'maintenance',
            header: t('games.maintenanceShort'),
            ...NOWRAP,
            cell: (p) => (p.maintenance ? `${p.maintenance.from} ~ ${p.maintenance.to}` : '—'),
          },
          {
            key: 'jackpot',
            header: t('games.jackpot'),
            cell: (p) => (p.jackpot ? t('games.yes') : t('games.no')),
          },
          { key: 'games', header: t('games.games'), className: 'num', cell: (p) => p.games.length },
          {
            key: 'actions',
            header: t('queue.actions'),
            className: 'games__acts',
            headerClassName: '',
            cell: (p) => (
              <>
                <button
                  type="button"
                  className="btn btn--small"
                  aria-pressed={p.code === selected}
                  onClick={() => setSelected(p.code === selected ? null : p.code)}
                >
                  {t('games.showGames')}
                </button>{' '}
                <button
                  type="button"
                  className="btn btn--small"
                  disabled={toggle.isPending}
                  onClick={() => toggle.mutate(p)}
                >
                  {p.enabled ? t('games.disable') : t('games.enable')}
                </button>{' '}
                <button
                  type="button"
                  className="btn btn--small"
                  onClick={() => setDialog({ kind: 'settings', provider: p })}
                >
                  {t('games.settings')}
                </button>{' '}
                <button
                  type="button"
                  className="btn btn--small"
                  onClick={() => setDialog({ kind: 'rotate', provider: p })}
                >
                  {t('games.rotate')}
                </button>
              </>
            ),
          },
        ]}
        rows={catalog.data ? providers : undefined}
        rowKey={(p) => p.code}
        rowClassName={(p) => (p.code === selected ? 'games__selected' : undefined)}
        empty={t('games.noProviders')}
      />
      {current && <GamesOfProvider key={current.code} provider={current} />}
      {dialog?.kind === 'settings' && (
        <ProviderDialog provider={dialog.provider} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'rotate' && (
        <RotateDialog provider={dialog.provider} onClose={() => setDialog(null)} />
      )}
    </>
  );
}

// --- jackpots ---

const JACKPOT_FIELDS = ['seed', 'ceiling', 'shareBp', 'oneInWon'] as const;

type TJackpotValues = Record<TJackpotTier, Record<(typeof JACKPOT_FIELDS)[number], number>>;

function JackpotsTab() {
  const { t, i18n } = useTranslation();
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const jackpots = useJackpots();
  const won = (n: number) => formatWon(n, i18n.language);
  const data = jackpots.data;
  return (
    <section aria-label={t('games.tabs.jackpots')}>
      <p className="muted">{t('games.jackpotNote')}</p>
      {jackpots.isError && <Note tone="error" text={t(errorKey(jackpots.error))} />}
      {data && (
        <>
          <JackpotForm key={JSON.stringify(data.tiers)} tiers={data.tiers} onMessage={setMessage} />
          {message && <Note tone={message.tone} text={message.text} />}
          <h2 className="games__subtitle">{t('games.hits')}</h2>
          <DataTable
            columns={[
              { key: 'at', header: t('games.at'), ...NOWRAP, cell: (hit) => formatDateTime(hit.at) },
              { key: 'tier', header: t('games.tier'), cell: (hit) => hit.tier },
              { key: 'member', header: t('games.member'), cell: (hit) => hit.userId },
              { key: 'provider', header: t('games.provider'), cell: (hit) => hit.provider },
              { key: 'round', header: t('games.round'), cell: (hit) => hit.roundId },
              { key: 'amount', header: t('games.amount'), className: 'num', cell: (hit) => won(hit.amount) },
            ]}
            rows={data.hits}
            rowKey={(hit) => `${hit.provider}:${hit.roundId}:${hit.tier}`}
            empty={t('games.noHits')}
          />
        </>
      )}
    </section>
  );
}

/** The jackpot tiers' settings on the web kit's form layer: only the changed values are sent, checked by the contract. */
function JackpotForm({
  tiers,
  onMessage,
}: {
  tiers: TJackpotValues & Record<TJackpotTier, { pool: number }>;
  onMessage: (message: { tone: 'ok' | 'error'; text: string } | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const failure = useFailureText('games');
  const fieldText = useFieldText('games');
  const won = (n: number) => formatWon(n, i18n.language);
  const changes = (values: TJackpotValues) =>
    Object.fromEntries(
      JACKPOT_TIERS.flatMap((tier) => {
        const changed = Object.fromEntries(
          JACKPOT_FIELDS.filter((f) => values[tier][f] !== tiers[tier][f]).map((f) => [f, values[tier][f]]),
        );
        return Object.keys(changed).length > 0 ? [[tier, changed]] : [];
      }),
    );
  const defaults = Object.fromEntries(
    JACKPOT_TIERS.map((tier) => [tier, Object.fromEntries(JACKPOT_FIELDS.map((f) => [f, tiers[tier][f]]))]),
  ) as TJackpotValues;
  const form = useContractForm<TJackpotValues>({
    fields: JACKPOT_TIERS,
    defaultValues: defaults,
    validate: (values) => schemaCodes(ZJackpotsPatch, changes(values), JACKPOT_TIERS),
  });
  const dirty = Object.keys(changes(form.watch())).length > 0;
  const save = useApiMutation('jackpots.update', {
    input: (body: TJackpotsPatch) => ({ body }),
    sets: apiKey('jackpots.get'),
    onSuccess: () => {
      onMessage({ tone: 'ok', text: t('games.saved') });
    },
    onError: (e) => form.showServerErrors(e) || onMessage({ tone: 'error', text: failure(e) }),
  });
  return (
    <Form
      form={form}
      onValid={(values) => {
        onMessage(null);
        save.mutate(changes(values));
      }}
    >
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('games.tier')}</th>
              {JACKPOT_FIELDS.map((f) => (
                <th key={f} scope="col" className="num">
                  {t(`games.jp.${f}`)}
                </th>
              ))}
              <th scope="col" className="num">
                {t('games.jp.pool')}
              </th>
            </tr>
          </thead>
          <tbody>
            {JACKPOT_TIERS.map((tier) => {
              const status = form.statusOf(tier, fieldText('jackpot'));
              return (
                <tr key={tier}>
                  <th scope="row">
                    {tier}
                    {status && <small className="field-error"> {status.text}</small>}
                  </th>
                  {JACKPOT_FIELDS.map((f) => (
                    <td key={f} className="num">
                      <input
                        type="number"
                        className="games__num"
                        aria-label={`${tier} ${t(`games.jp.${f}`)}`}
                        aria-invalid={status ? true : undefined}
                        min={f === 'oneInWon' ? 1 : 0}
                        step={1}
                        {...form.register(`${tier}.${f}`, { setValueAs: (v) => Math.trunc(Number(v)) })}
                      />
                    </td>
                  ))}
                  <td className="num">{won(tiers[tier].pool)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="games__actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending || !dirty}>
          {t('games.save')}
        </button>
        {dirty && (
          <button type="button" className="btn" onClick={() => form.reset(defaults)}>
            {t('games.undo')}
          </button>
        )}
      </div>
    </Form>
  );
}

// --- comp rates ---

const COMP_KINDS = ['casino', 'slot', 'sport'] as const;

type TCompRates = Record<(typeof COMP_KINDS)[number], number>;

function CompTab() {
  const { t } = useTranslation();
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const rates = useCompRates();
  return (
    <section aria-label={t('games.tabs.comp')}>
      <p className="muted">{t('games.compNote')}</p>
      {rates.isError && <Note tone="error" text={t(errorKey(rates.error))} />}
      {rates.data && (
        <CompForm key={JSON.stringify(rates.data.rates)} stored={rates.data.rates} onMessage={setMessage} />
      )}
      {message && <Note tone={message.tone} text={message.text} />}
    </section>
  );
}

/** The comp rates on the web kit's form layer: only the changed rates are sent, checked by the contract. */
function CompForm({
  stored,
  onMessage,
}: {
  stored: TCompRates;
  onMessage: (message: { tone: 'ok' | 'error'; text: string } | null) => void;
}) {
  const { t } = useTranslation();
  const failure = useFailureText('games');
  const fieldText = useFieldText('games');
  const changes = (values: TCompRates) =>
    Object.fromEntries(COMP_KINDS.filter((kind) => values[kind] !== stored[kind]).map((k) => [k, values[k]]));
  const form = useContractForm<TCompRates>({
    fields: COMP_KINDS,
    defaultValues: stored,
    validate: (values) => schemaCodes(ZCompRatesPatch, changes(values), COMP_KINDS),
  });
  const values = form.watch();
  const save = useApiMutation('settings.updateCompRates', {
    input: (body: Partial<TCompRates>) => ({ body }),
    sets: apiKey('settings.compRates'),
    onSuccess: () => {
      onMessage({ tone: 'ok', text: t('games.saved') });
    },
    onError: (e) => form.showServerErrors(e) || onMessage({ tone: 'error', text: failure(e) }),
  });
  return (
    <Form
      form={form}
      className="games__comp"
      onValid={(valid) => {
        onMessage(null);
        save.mutate(changes(valid));
      }}
    >
      {COMP_KINDS.map((kind) => (
        <Field key={kind} label={t(`games.kinds.${kind}`)} status={form.statusOf(kind, fieldText(kind))}>
          {(aria) => (
            <>
              <input
                type="number"
                min={0}
                max={10_000}
                step={1}
                {...aria}
                {...form.register(kind, { setValueAs: (v) => Math.trunc(Number(v)) })}
              />
              <span className="muted">{t('games.percent', { value: (values[kind] / 100).toFixed(2) })}</span>
            </>
          )}
        </Field>
      ))}
      <div className="games__actions">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={save.isPending || Object.keys(changes(values)).length === 0}
        >
          {t('games.save')}
        </button>
      </div>
    </Form>
  );
}

const TABS = ['catalog', 'jackpots', 'comp'] as const;

/**
 * Games (owner): providers (enable, maintenance window, wallet mode, jackpot opt-in, secret
 * rotation) and their games (enable, names, image, display order), the jackpot tiers and the comp
 * rates. Members see a change at their next call: the portal's lists are read from the database.
 */
export function GamesPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<(typeof TABS)[number]>('catalog');
  return (
    <div className="games">
      <div className="page-head">
        <h1 className="page-title">{t('games.title')}</h1>
        <div className="games__tabs" role="tablist">
          {TABS.map((id) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={tab === id}
              className={`btn btn--small ${tab === id ? 'btn--primary' : ''}`}
              onClick={() => setTab(id)}
            >
              {t(`games.tabs.${id}`)}
            </button>
          ))}
        </div>
      </div>
      {tab === 'catalog' && <CatalogTab />}
      {tab === 'jackpots' && <JackpotsTab />}
      {tab === 'comp' && <CompTab />}
    </div>
  );
}
