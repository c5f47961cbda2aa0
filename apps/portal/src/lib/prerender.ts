/**
 * What the app needs to know about a prerendered document (decisions 0013, 0016).
 *
 * The build renders each locale's public pages (the home page, /login, /register, ...) and the
 * not-found page into HTML, and a frame with a page skeleton for every other route
 * (`src/app/prerender.tsx`), so the first paint needs no script. The app hydrates a page's own
 * document: the markup stays, React attaches to it (the build rendered it with the same components
 * and translations, and whatever only the browser knows is read through `lib/hydration.ts`). The
 * frame is replaced instead: the app's first render (in a transition, once the page's chunk is
 * loaded) swaps it for the page in one commit.
 */

/** The attribute on `#root` that marks prerendered markup and tells its kind (`home`, `shell`, ...). */
export const PRERENDER_ATTRIBUTE = 'data-prerendered';

/** The kind of the frame document, the one prerendered document the app replaces. */
const SHELL_KIND = 'shell';

/**
 * Where boot.js keeps, until the page itself is live, the fields the visitor typed into (with what
 * they held) and a form submission it held back (vite-prerender.ts).
 */
export const PRERENDER_INPUT_KEY = '__prerenderedInput';

type TField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface TPrerenderedInput {
  fields: Map<TField, { value: string; checked: boolean }>;
  submit: { form: HTMLFormElement; submitter: HTMLElement | null } | null;
  /** Set once the page is live: boot.js keeps nothing more. */
  live: boolean;
}

const prerenderedInput = () =>
  (window as unknown as Record<string, TPrerenderedInput | undefined>)[PRERENDER_INPUT_KEY];

/**
 * The page itself is live (the frame mounts `PageLive` with the page, app/layout/app-layout.tsx):
 * React hydrates the page's part of a document after the frame's, so the frame's first commit is
 * too early to hand the page what the visitor did. From now on boot.js keeps nothing.
 */
export function markPageLive(): void {
  const input = prerenderedInput();
  if (input) input.live = true;
}

/**
 * Gives a hydrated page what the visitor did before it was live: hydration sets each field to what
 * its component holds (the build's empty value), so each typed value goes in again through the
 * field's own events (the component's state takes it), then a held submission is made. The
 * elements are the build's own, kept by hydration; a field the app replaced is left alone.
 */
export function replayPrerenderedInput(): void {
  const input = prerenderedInput();
  if (!input) return;
  for (const [field, kept] of input.fields) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== kept.checked) field.click();
      continue;
    }
    // React hands a field's component a value its tracker has not seen: the tracker follows what is
    // set on the field itself, so that is emptied, and the value goes in through the prototype's
    // setter (as Testing Library's events do).
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
    if (!setValue || kept.value === '') continue;
    field.value = '';
    setValue.call(field, kept.value);
    field.dispatchEvent(
      new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  }
  const { submit } = input;
  input.fields.clear();
  input.submit = null;
  // Once the components have rendered what they were just given.
  if (submit?.form.isConnected)
    window.setTimeout(() => {
      if (submit.form.isConnected)
        submit.form.requestSubmit(submit.submitter?.isConnected ? submit.submitter : undefined);
    }, 0);
}

/** The id of the inline JSON script with the translations of the first render (`{lng, resources}`). */
export const I18N_SCRIPT_ID = 'i18n-resources';

/** What `root` holds: a prerendered page (hydrated), the prerendered frame (replaced), or nothing. */
export function prerenderedMarkup(root: HTMLElement): 'page' | 'frame' | null {
  const kind = root.getAttribute(PRERENDER_ATTRIBUTE);
  if (kind === null) return null;
  return kind === SHELL_KIND ? 'frame' : 'page';
}

/**
 * Build time only: where the build's render counts the modules a view imports on demand
 * (vite-prerender.ts, src/app/prerender.tsx).
 */
export const PRERENDER_IMPORTS_KEY = '__PRERENDER_IMPORTS__';
