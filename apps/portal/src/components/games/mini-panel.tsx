import { useTranslation } from 'react-i18next';
import type { TCasinoEntry } from '@casino/contracts/games';
import { useLocale } from '../../i18n/locale-context.ts';
import { useMiniSetting } from './api/get-mini-setting.ts';
import { casinoName, TileGrid } from './lobby-parts.tsx';
import { GameTile } from './game-tile.tsx';
import type { GameLauncher } from './use-game-launcher.ts';

/**
 * The MINI GAME tab: the house Powerball and Ladder (`get-mini-setting`), each opened like a live
 * table through `open-game` in the game window. Its own chunk: loaded when the tab opens.
 */
export default function MiniPanel({ launcher }: { launcher: GameLauncher }) {
  const { t } = useTranslation('game');
  const locale = useLocale();
  const mini = useMiniSetting();

  function select(entry: TCasinoEntry) {
    if (!launcher.requireMember() || !launcher.requireOpen(entry.used)) return;
    launcher.launch({ code: entry.code, company: entry.gameCompany });
  }

  return (
    <TileGrid
      query={mini}
      items={mini.data?.mini}
      emptyText={t('empty.mini')}
      emptyIcon="game"
      render={(entry) => (
        <GameTile
          name={casinoName(entry, locale)}
          caption={t('miniCaption')}
          imgUrl={entry.imgUrl}
          artSeed={`${entry.gameCompany}/${entry.code}`}
          artKind="casino"
          isClosed={entry.used !== 'y'}
          onSelect={() => select(entry)}
        />
      )}
      keyOf={(entry) => `${entry.gameCompany}/${entry.code}`}
    />
  );
}
