import type { ReactNode } from 'react';

/**
 * A section labelled by its heading: `<section aria-labelledby>` with the `<h2>` of id
 * `<name>-title` first (a card's title unless `titleClassName` says otherwise).
 */
export function TitledSection({
  name,
  className,
  title,
  titleClassName = 'card__title',
  children,
}: {
  name: string;
  className: string;
  title: ReactNode;
  titleClassName?: string;
  children: ReactNode;
}) {
  const titleId = `${name}-title`;
  return (
    <section className={className} aria-labelledby={titleId}>
      <h2 className={titleClassName} id={titleId}>
        {title}
      </h2>
      {children}
    </section>
  );
}
