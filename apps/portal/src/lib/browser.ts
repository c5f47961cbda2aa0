/**
 * Reloads the page (after sign-in and sign-out), or loads `url` instead when given; a function of
 * its own so tests can replace it.
 */
export function reloadPage(url?: string): void {
  if (url) window.location.assign(url);
  else window.location.reload();
}
