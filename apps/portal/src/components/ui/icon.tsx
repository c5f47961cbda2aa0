import { ICON_PATHS, type TIconName } from './icon-paths.ts';

export type { TIconName };

/** The portal's own line icons (24 px grid, drawn with the current text colour). */
export function Icon({ name, size = 20, className }: { name: TIconName; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
