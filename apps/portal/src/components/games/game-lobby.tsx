import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCasinoEntry, TProviderEntry } from '@casino/contracts/games';
import { Icon, type TIconName } from '../ui/icon.tsx';
import { useCasinoSetting } from './api/get-casino-setting.ts';
import { useSlotSetting } from './api/get-slot-setting.ts';
import { useLocale } from '../../i18n/locale-context.ts';
import { useGameLauncher } from './use-game-launcher.ts';
import { GameTile } from './game-tile.tsx';
import { SlotGameModal } from './slot-game-modal.tsx';
import { casinoName, nameOfCode, TileGrid } from './lobby-parts.tsx';
import './games.css';

export { casinoName, nameOfCode };

export type TLobbyTab = 'casino' | 'slot' | 'mini';

const TABS: ReadonlyArray<{ id: TLobbyTab; icon: TIconName }> = [
  { id: 'casino', icon: 'cards' },
  { id: 'slot', icon: 'reels' },
  { id: 'mini', icon: 'game' },
];

// MINI GAME (Powerball, Ladder): its own chunk, loaded when the tab opens (the entry is at its budget).
const MiniPanel = lazy(() => import('./mini-panel.tsx'));

/**
 * The game switcher (LIVE CASINO / SLOT GAMES) with its tiles: one per live-casino
 * table and one per slot provider; an open slot provider opens the slot-game modal. The /game page
 * shows it, and the home page's switcher can show it as well (composed in app/).
 */
export function GameLobby({ initialTab = 'casino' }: { initialTab?: TLobbyTab }) {
  const { t } = useTranslation(['game', 'common']);
  const locale = useLocale();
  const baseId = useId();
  const [tab, setTab] = useState<TLobbyTab>(initialTab);
  const [provider, setProvider] = useState<TProviderEntry | null>(null);
  const tabRefs = useRef<Partial<Record<TLobbyTab, HTMLButtonElement | null>>>({});
  const launcher = useGameLauncher();
  const casino = useCasinoSetting();
  const slot = useSlotSetting();
  const counts: Record<TLobbyTab, number | undefined> = {
    casino: casino.data?.casiono.length,
    slot: slot.data?.slot.length,
    mini: undefined,
  };

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.findIndex((item) => item.id === tab);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const id = TABS[next]!.id;
    setTab(id);
    tabRefs.current[id]?.focus();
  }

  function selectCasino(entry: TCasinoEntry) {
    if (!launcher.requireMember() || !launcher.requireOpen(entry.used)) return;
    launcher.launch({ code: entry.code, company: entry.gameCompany });
  }

  function selectProvider(entry: TProviderEntry) {
    if (!launcher.requireMember() || !launcher.requireOpen(entry.used)) return;
    setProvider(entry);
  }

  return (
    <div className="game-lobby">
      <div className="game-tabs" role="tablist" aria-label={t('tabs.label')}>
        {TABS.map(({ id, icon }) => {
          const isSelected = id === tab;
          return (
            <button
              key={id}
              ref={(element) => {
                tabRefs.current[id] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${id}`}
              tabIndex={isSelected ? 0 : -1}
              className="game-tabs__tab"
              onClick={() => setTab(id)}
              onKeyDown={onTabKey}
            >
              <Icon name={icon} size={22} />
              <span className="game-tabs__label">{t(`tabs.${id}`)}</span>
              {counts[id] !== undefined && (
                <span className="game-tabs__count">
                  <span className="visually-hidden">{t('tabs.countLabel')} </span>
                  {counts[id]}
                </span>
              )}
            </button>
          );
        })}
      </div>

      {TABS.map(({ id }) => (
        <div
          key={id}
          role="tabpanel"
          id={`${baseId}-panel-${id}`}
          aria-labelledby={`${baseId}-tab-${id}`}
          hidden={id !== tab}
          className="game-panel"
        >
          {id !== tab ? null : id === 'mini' ? (
            <Suspense
              fallback={
                <TileGrid
                  query={{ isPending: true, refetch: () => 0 }}
                  items={[]}
                  emptyText=""
                  emptyIcon="game"
                  render={() => null}
                  keyOf={String}
                />
              }
            >
              <MiniPanel launcher={launcher} />
            </Suspense>
          ) : id === 'casino' ? (
            <TileGrid
              query={casino}
              items={casino.data?.casiono}
              emptyText={t('empty.casino')}
              emptyIcon="cards"
              render={(entry) => (
                <GameTile
                  name={casinoName(entry, locale)}
                  caption={nameOfCode(entry.gameCompany)}
                  imgUrl={entry.imgUrl}
                  artSeed={`${entry.gameCompany}/${entry.code}`}
                  artKind="casino"
                  isClosed={entry.used !== 'y'}
                  onSelect={() => selectCasino(entry)}
                />
              )}
              keyOf={(entry) => `${entry.gameCompany}/${entry.code}`}
            />
          ) : (
            <TileGrid
              query={slot}
              items={slot.data?.slot}
              emptyText={t('empty.slot')}
              emptyIcon="reels"
              render={(entry) => (
                <GameTile
                  name={entry.name || nameOfCode(entry.code)}
                  imgUrl={entry.imgUrl}
                  artSeed={entry.code}
                  artKind="slot"
                  isClosed={entry.used !== 'y'}
                  onSelect={() => selectProvider(entry)}
                />
              )}
              keyOf={(entry) => entry.code}
            />
          )}
        </div>
      ))}

      <SlotGameModal provider={provider} launcher={launcher} onClose={() => setProvider(null)} />
    </div>
  );
}
