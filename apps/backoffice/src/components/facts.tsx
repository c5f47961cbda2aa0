import type { ReactNode } from 'react';

/** One fact of a `Facts` list: its label, its value and the value's classes (`num`, `nowrap` ...). */
export type TFact = readonly [label: string, value: ReactNode, className?: string];

/**
 * A list of labelled facts or figures, a `<div>` with its `<dt>` and `<dd>` for each (keyed by its
 * label); a `null` item (a fact that does not apply) is left out.
 */
export function Facts({ className, items }: { className: string; items: readonly (TFact | null)[] }) {
  return (
    <dl className={className}>
      {items.map(
        (item) =>
          item && (
            <div key={item[0]}>
              <dt>{item[0]}</dt>
              <dd className={item[2]}>{item[1]}</dd>
            </div>
          ),
      )}
    </dl>
  );
}
