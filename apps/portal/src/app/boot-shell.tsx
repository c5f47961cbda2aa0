/**
 * What shows until the first translations arrive: the same dark frame that index.html paints
 * before any script runs (no text, so no language is assumed and nothing shifts).
 */
export function BootShell() {
  return (
    <div className="boot" aria-busy="true">
      <div className="boot__bar" />
    </div>
  );
}
