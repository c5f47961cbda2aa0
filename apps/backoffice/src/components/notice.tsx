import { useTranslation } from 'react-i18next';
import { errorKey } from '../lib/api.ts';

/**
 * A message line of a screen or dialog: an error as an alert, anything else (done, a warning) as a
 * status, in the house's `notice` classes; nothing without text.
 */
export function Notice({
  tone,
  text,
}: {
  tone: 'ok' | 'warn' | 'error' | undefined;
  text: string | null | undefined;
}) {
  if (!text || !tone) return null;
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`notice notice--${tone}`}>
      {text}
    </p>
  );
}

/** A failed read or call in the console's words (`errors.<status>`), as an alert; nothing without a failure. */
export function FailureNotice({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return <Notice tone="error" text={t(errorKey(error))} />;
}
