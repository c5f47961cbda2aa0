import { useTranslation } from 'react-i18next';
import { GameLobby } from '../../components/games/game-lobby.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { BannerCarousel } from './components/banner-carousel.tsx';
import { CashTicker } from './components/cash-ticker.tsx';
import { CommunityPanels } from './components/community-panels.tsx';
import { JackpotStrip } from './components/jackpot-strip.tsx';
import './home.css';

/**
 * The home page, in this order (apps/portal/README.md, "Home page"): the banner carousel (the welcome slide
 * first), the jackpot strip, the live deposit and withdrawal ticker, the LIVE CASINO / SLOT GAMES switcher
 * and the notices and help panels. Every block keeps its height from the first (prerendered) paint, so
 * nothing moves when the data arrives.
 */
export function HomePage() {
  const { t } = useTranslation(['home', 'game']);
  useDocumentTitle();

  return (
    <div className="home">
      <BannerCarousel />
      <JackpotStrip />
      <CashTicker />
      <section className="home-section home-games" aria-labelledby="home-games-title">
        <div className="home-section__head">
          <h2 className="home-section__title" id="home-games-title">
            {t('games.title')}
          </h2>
        </div>
        <GameLobby />
      </section>
      <CommunityPanels />
    </div>
  );
}
