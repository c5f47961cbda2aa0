import { GameReturnWatcher } from '../../features/game/game-return-watcher.tsx';
import { HealthDialogs } from '../health-dialogs.tsx';
import { useMemberEvents } from '../member-events.ts';
import { LastLoginWatcher, RealityCheckWatcher } from '../../features/protection/reality-check-watcher.tsx';

/**
 * What the frame watches for a signed-in member only: the event stream (balance, counts, requests'
 * states and pools as they change), the money coming back from a closed game window, the reality
 * check, the previous sign-in's notice and the dialogs of unread notes and answered help posts. Its own chunk, loaded once the session says a member is signed in: a guest's
 * first script carries none of it (decision 0016).
 */
export default function MemberWatchers({ onSignOut }: { onSignOut: () => Promise<void> | void }) {
  useMemberEvents();
  return (
    <>
      <GameReturnWatcher />
      <RealityCheckWatcher onSignOut={onSignOut} />
      <LastLoginWatcher />
      <HealthDialogs />
    </>
  );
}
