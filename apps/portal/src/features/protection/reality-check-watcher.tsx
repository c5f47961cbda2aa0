import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { postRealityCheck, useGameMessages } from '../../components/games/game-messages.ts';
import { useLocalizedPath } from '../../i18n/use-localized-path.ts';
import { callApi } from '../../lib/api.ts';
import {
  sessionSummaryQueryOptions,
  useSessionSummary,
} from '../../lib/protection/api/get-session-summary.ts';
import {
  dueCheckAt,
  lastShownFor,
  nextCheckAt,
  parseShownCheck,
} from '../../lib/protection/reality-check.ts';
import { firstRequirement } from '../../lib/session/requirements.ts';
import { useSession } from '../../lib/session/session-context.ts';
import {
  readSessionStorage,
  readStorage,
  SESSION_KEYS,
  STORAGE_KEYS,
  writeSessionStorage,
  writeStorage,
} from '../../lib/storage.ts';
import type { TShownCheck } from './overlays.tsx';

const RealityCheckDialog = lazy(() =>
  import('./overlays.tsx').then((m) => ({ default: m.RealityCheckDialog })),
);
const LastLoginNotice = lazy(() => import('./overlays.tsx').then((m) => ({ default: m.LastLoginNotice })));

/** Longest single wait: a tab that slept is checked again on wake, and long timers overflow. */
const MAX_WAIT_MS = 60 * 60_000;

/**
 * The reality check of the portal (issue 14), mounted in the frame: when the member chose one, at
 * every whole interval since the session started (get-session-summary's `startedAt`, so a reload
 * keeps the moments) a dialog shows the session's length and net result, with continue, history and
 * sign out. Each moment shows once (remembered in local storage), across tabs and reloads too.
 * The house game window the portal opened shows the same check, and the member's choice there
 * comes back here (components/games/game-messages.ts, decision 0014).
 */
export function RealityCheckWatcher({ onSignOut }: { onSignOut: () => Promise<void> | void }) {
  const session = useSession();
  // Not while something must be done first (a password change, newer terms): no play is possible.
  const isMember = session.status === 'authenticated' && !firstRequirement(session.user);
  const summary = useSessionSummary(isMember);
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<TShownCheck | null>(null);
  const [tick, setTick] = useState(0);
  const isShowing = useRef(false);
  const navigate = useNavigate();
  const href = useLocalizedPath();
  const data = summary.data;
  const startedAt = data?.startedAt;
  const minutes = data?.realityCheckMinutes ?? 0;

  useEffect(() => {
    if (!isMember || !data || !startedAt || minutes <= 0) return;
    const startedAtMs = new Date(startedAt).getTime();
    const now = Date.now();
    const stored = parseShownCheck(readStorage(STORAGE_KEYS.realityCheckShown));
    const due = dueCheckAt(startedAtMs, minutes, now, lastShownFor(stored, startedAt));
    if (due !== null && !isShowing.current) {
      isShowing.current = true;
      writeStorage(STORAGE_KEYS.realityCheckShown, JSON.stringify({ startedAt, shownAt: due }));
      // The figures of the moment: fetched again (the last ones if that fails).
      void queryClient
        .fetchQuery({ ...sessionSummaryQueryOptions(), staleTime: 0 })
        .catch(() => data)
        .then((fresh) => {
          const at = Date.now();
          setShown({ summary: fresh, at });
          // The house game window open beside the portal shows it too (decision 0014).
          postRealityCheck(fresh, at);
        });
    }
    const next = nextCheckAt(startedAtMs, minutes, now);
    if (next === null) return;
    const timer = window.setTimeout(() => setTick((n) => n + 1), Math.min(MAX_WAIT_MS, next - now + 250));
    // A tab that slept (a phone's locked screen) looks again as soon as it is visible.
    const onVisible = () => {
      if (document.visibilityState === 'visible') setTick((n) => n + 1);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [isMember, data, startedAt, minutes, tick, queryClient]);

  const close = () => {
    isShowing.current = false;
    setShown(null);
  };
  // The member's choice in the game window's reality check (decision 0014).
  useGameMessages({
    onContinue: close,
    onHistory: () => {
      close();
      void navigate(href('history'));
      window.focus();
    },
    onSignOut: () => {
      close();
      void onSignOut();
    },
  });

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheckDialog
        shown={shown}
        onContinue={close}
        onHistory={close}
        onSignOut={() => {
          close();
          void onSignOut();
        }}
      />
    </Suspense>
  );
}

/**
 * After a sign-in (the sign-in flow marks the tab before its reload), the previous sign-in's date,
 * time and IP, once, as a small notice (get-sessions `lastLogin`; nothing on a first sign-in).
 */
export function LastLoginWatcher() {
  const session = useSession();
  const [lastLogin, setLastLogin] = useState<{ at: string; ip: string | null } | null>(null);
  const isMember = session.status === 'authenticated';

  useEffect(() => {
    if (!isMember || readSessionStorage(SESSION_KEYS.justSignedIn) !== '1') return;
    writeSessionStorage(SESSION_KEYS.justSignedIn, '');
    let isCurrent = true;
    callApi('get-sessions', {}).then(
      (answer) => {
        if (isCurrent && answer.lastLogin) setLastLogin(answer.lastLogin);
      },
      () => {},
    );
    return () => {
      isCurrent = false;
    };
  }, [isMember]);

  if (!lastLogin) return null;
  return (
    <Suspense fallback={null}>
      <LastLoginNotice lastLogin={lastLogin} onClose={() => setLastLogin(null)} />
    </Suspense>
  );
}
