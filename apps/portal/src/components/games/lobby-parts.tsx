import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCasinoEntry } from '@casino/contracts/games';
import type { TLocale } from '@casino/contracts/locales';
import { Icon, type TIconName } from '../ui/icon.tsx';
import { GameTileSkeleton } from './game-tile.tsx';

/* The lobby's pieces shared by its tabs (game-lobby.tsx) and the MINI GAME panel's chunk (mini-panel.tsx). */

/** Tiles shown while the catalog loads: two full rows on a phone, one or two on a desktop. */
const SKELETON_TILES = 8;

/**
 * A readable name from a code (`evolution_baccarat-a` reads "Evolution Baccarat A"): the provider
 * of a live-casino table is named on the wire by its code only (docs/api/member-calls.md), and a table
 * without names falls back to its code.
 */
export function nameOfCode(code: string): string {
  return code
    .split(/[\s_-]+/u)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** A table's name: Korean on the ko locale, English otherwise (either when the other is missing). */
export function casinoName(entry: TCasinoEntry, locale: TLocale): string {
  const name = locale === 'ko' ? entry.nameKo || entry.nameEn : entry.nameEn || entry.nameKo;
  return name || nameOfCode(entry.code);
}

interface TileGridProps<T> {
  query: { isPending: boolean; refetch: () => unknown };
  items: readonly T[] | undefined;
  emptyText: string;
  emptyIcon: TIconName;
  render: (item: T) => ReactNode;
  keyOf: (item: T) => string;
}

/** The tiles of one tab, with skeletons while loading, an error with a retry, or an empty state. */
export function TileGrid<T>({ query, items, emptyText, emptyIcon, render, keyOf }: TileGridProps<T>) {
  const { t } = useTranslation(['game', 'common']);
  if (query.isPending)
    return (
      <div className="game-grid" aria-busy="true">
        <span className="visually-hidden" role="status">
          {t('common:state.loading')}
        </span>
        {Array.from({ length: SKELETON_TILES }, (_, i) => (
          <GameTileSkeleton key={i} />
        ))}
      </div>
    );
  if (!items)
    return (
      <div className="empty-state" role="alert">
        <Icon name="error" size={28} />
        <p className="empty-state__title">{t('loadFailed')}</p>
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  if (items.length === 0)
    return (
      <div className="empty-state">
        <Icon name={emptyIcon} size={28} />
        <p className="empty-state__title">{emptyText}</p>
        <p className="empty-state__text">{t('empty.text')}</p>
      </div>
    );
  return (
    <ul className="game-grid" role="list">
      {items.map((item) => (
        <li key={keyOf(item)} className="game-grid__item">
          {render(item)}
        </li>
      ))}
    </ul>
  );
}
