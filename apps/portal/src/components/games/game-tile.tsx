import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/icon.tsx';
import { TileArt, type TTileArtKind } from './tile-art.tsx';

/**
 * Whether an `imgUrl` may be shown: a picture of this site only (docs/operations.md
 * "Images": every image of the product's own content is served by the server itself).
 */
export function isOwnImage(url: string): boolean {
  if (!url) return false;
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

export interface GameTileProps {
  name: string;
  /** A second line under the name (the provider of a live-casino table). */
  caption?: string | undefined;
  imgUrl: string;
  /** What the fallback picture is drawn from (the code: stable even when the name is translated). */
  artSeed: string;
  artKind: TTileArtKind;
  /** `used` is not `y`: the tile says "under maintenance", and a press tells why (msg2002). */
  isClosed?: boolean;
  /** The shape of the picture: 4:3 in the lobby, square for the games of a slot provider. */
  shape?: 'wide' | 'square';
  onSelect: () => void;
}

/**
 * One game tile (a live-casino table, a slot provider, a slot game): a button with the picture in a
 * box of fixed aspect ratio (nothing moves when it arrives), the name and, when closed, a badge. A
 * closed tile stays focusable and pressable (`aria-disabled`), so the member learns why it is closed.
 */
export function GameTile({
  name,
  caption,
  imgUrl,
  artSeed,
  artKind,
  isClosed = false,
  shape = 'wide',
  onSelect,
}: GameTileProps) {
  const { t } = useTranslation(['game', 'common']);
  const [hasFailed, setHasFailed] = useState(false);
  const showImage = !hasFailed && isOwnImage(imgUrl);
  return (
    <button
      type="button"
      className={`game-tile game-tile--${shape}${isClosed ? ' game-tile--closed' : ''}`}
      aria-disabled={isClosed || undefined}
      onClick={onSelect}
    >
      <span className="game-tile__media">
        {showImage ? (
          <img
            className="game-tile__img"
            src={imgUrl}
            alt=""
            loading="lazy"
            decoding="async"
            onError={() => setHasFailed(true)}
          />
        ) : (
          <TileArt seed={artSeed} label={name} kind={artKind} />
        )}
        {isClosed ? (
          <span className="game-tile__badge">
            <Icon name="lock" size={14} />
            {t('tile.closed')}
          </span>
        ) : (
          <span className="game-tile__play" aria-hidden="true">
            <Icon name="play" size={22} />
          </span>
        )}
      </span>
      <span className="game-tile__body">
        <span className="game-tile__name">{name}</span>
        {caption && <span className="game-tile__caption">{caption}</span>}
      </span>
    </button>
  );
}

/** The space of a tile while the catalog loads. */
export function GameTileSkeleton({ shape = 'wide' }: { shape?: 'wide' | 'square' }) {
  return (
    <span className={`game-tile game-tile--${shape} game-tile--skeleton`} aria-hidden="true">
      <span className="game-tile__media skeleton" />
      <span className="game-tile__body">
        <span className="skeleton game-tile__skeleton-line" />
      </span>
    </span>
  );
}
