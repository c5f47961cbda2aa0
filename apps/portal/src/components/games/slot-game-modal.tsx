import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TProviderEntry, TSlotGame } from '@casino/contracts/games';
import type { TLocale } from '@casino/contracts/locales';
import { Icon } from '../ui/icon.tsx';
import { ModalLayer, ModalTitle } from '@casino/web-kit/modal-layer.tsx';
import { useLocale } from '../../i18n/locale-context.ts';
import { useSlotByCompany } from './api/get-slot-by-company.ts';
import type { GameLauncher } from './use-game-launcher.ts';
import { GameTile, GameTileSkeleton } from './game-tile.tsx';

const SKELETON_TILES = 12;

/** A slot game's name in the member's language: Korean on ko, English otherwise. */
export function slotGameName(game: TSlotGame, locale: TLocale): string {
  return locale === 'ko' ? game.nameKo || game.nameEn : game.nameEn || game.nameKo;
}

/**
 * Arrow keys move between the tiles of a grid as they are laid out (left, right, up and down by
 * the number of columns on screen), Home and End to the first and last; Tab still walks them too.
 */
function moveInGrid(event: KeyboardEvent<HTMLUListElement>) {
  const grid = event.currentTarget;
  const tiles = [...grid.querySelectorAll<HTMLButtonElement>('button.game-tile')];
  const index = tiles.indexOf(event.target as HTMLButtonElement);
  if (index < 0) return;
  const columns = Math.max(1, getComputedStyle(grid).gridTemplateColumns.split(' ').filter(Boolean).length);
  const steps: Record<string, number> = {
    ArrowRight: index + 1,
    ArrowLeft: index - 1,
    ArrowDown: index + columns,
    ArrowUp: index - columns,
    Home: 0,
    End: tiles.length - 1,
  };
  const next = steps[event.key];
  if (next === undefined) return;
  event.preventDefault();
  tiles[Math.min(tiles.length - 1, Math.max(0, next))]?.focus();
}

/**
 * The full-screen slot-game modal: the games of one slot provider as a grid of
 * tiles (picture and name), and a close button. It is a modal layer on Radix Dialog like every
 * other: focus is trapped inside and returns to the provider's tile, and Escape closes it.
 */
export function SlotGameModal({
  provider,
  launcher,
  onClose,
}: {
  provider: TProviderEntry | null;
  launcher: GameLauncher;
  onClose: () => void;
}) {
  const { t } = useTranslation(['game', 'common']);
  const locale = useLocale();
  const query = useSlotByCompany(provider?.code ?? null);
  const answer = query.data;
  const games = answer?.status === 'success' ? answer.games : undefined;

  function select(game: TSlotGame) {
    if (!launcher.requireMember()) return;
    launcher.launch({ code: game.code, company: game.gameCompany });
  }

  return (
    <ModalLayer
      isOpen={provider !== null}
      overlayClassName="modal-overlay--full"
      onEscape={onClose}
      className="slot-modal"
      aria-describedby={undefined}
      aria-busy={query.isPending || undefined}
    >
      <header className="slot-modal__header">
        <div className="slot-modal__bar">
          <div className="slot-modal__heading">
            <span className="slot-modal__icon" aria-hidden="true">
              <Icon name="reels" size={22} />
            </span>
            <div>
              <ModalTitle className="slot-modal__title">{provider?.name}</ModalTitle>
              <p className="slot-modal__count">
                {games ? t('modal.count', { count: games.length }) : t('modal.lead')}
              </p>
            </div>
          </div>
          <button type="button" className="btn btn--secondary slot-modal__close" onClick={onClose}>
            <Icon name="close" size={20} />
            <span>{t('common:action.close')}</span>
          </button>
        </div>
      </header>
      <div className="slot-modal__body">
        {query.isPending ? (
          <div className="game-grid game-grid--games">
            <span className="visually-hidden" role="status">
              {t('common:state.loading')}
            </span>
            {Array.from({ length: SKELETON_TILES }, (_, i) => (
              <GameTileSkeleton key={i} shape="square" />
            ))}
          </div>
        ) : answer?.status === 'fail' ? (
          <div className="empty-state">
            <Icon name="lock" size={28} />
            <p className="empty-state__title">{t('common:msg2002')}</p>
          </div>
        ) : !games ? (
          <div className="empty-state" role="alert">
            <Icon name="error" size={28} />
            <p className="empty-state__title">{t('modal.loadFailed')}</p>
            <button type="button" className="btn btn--secondary btn--sm" onClick={() => void query.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : games.length === 0 ? (
          <div className="empty-state">
            <Icon name="reels" size={28} />
            <p className="empty-state__title">{t('modal.empty')}</p>
          </div>
        ) : (
          <ul className="game-grid game-grid--games" role="list" onKeyDown={moveInGrid}>
            {games.map((game) => {
              const name = slotGameName(game, locale);
              return (
                <li key={game.code} className="game-grid__item">
                  <GameTile
                    name={name}
                    imgUrl={game.imgUrl}
                    artSeed={`${game.gameCompany}/${game.code}`}
                    artKind="slot"
                    shape="square"
                    onSelect={() => select(game)}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </ModalLayer>
  );
}
