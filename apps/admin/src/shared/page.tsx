import type { HTMLAttributes, LiHTMLAttributes, ReactNode } from 'react';

/*
 * The pieces every admin screen is built from, on one type and spacing scale (styles.css): with
 * the page header (screen.tsx), the form field (form-field.tsx) and the load error
 * (load-error.tsx), a screen needs no spacing or form style of its own.
 */

type HeadingLevel = 2 | 3;

/**
 * A section of a screen under its heading, apart from what comes before it. The heading names
 * the section for screen readers (`aria-labelledby`).
 */
export function Section({
  id,
  title,
  level = 2,
  className,
  children,
  ...rest
}: Omit<HTMLAttributes<HTMLElement>, 'title' | 'id'> & {
  /** The heading's id is `<id>-heading`. */
  readonly id: string;
  readonly title: ReactNode;
  readonly level?: HeadingLevel;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={className === undefined ? 'section' : `section ${className}`}
      {...rest}
    >
      <Heading id={`${id}-heading`}>{title}</Heading>
      {children}
    </section>
  );
}

/** Buttons side by side, apart from one another, wrapping when the screen is narrow. */
export function ButtonRow({ children, className }: { readonly children: ReactNode; readonly className?: string }) {
  return <div className={className === undefined ? 'actions' : `actions ${className}`}>{children}</div>;
}

/** One item of a list, on its own card. */
export function ListCard({ className, ...item }: LiHTMLAttributes<HTMLLIElement>) {
  return <li className={className === undefined ? 'card' : `card ${className}`} {...item} />;
}

/** A short label beside a name ("You", "Two-factor", "Published"), apart from it. */
export function Badge({ tone, children }: { readonly tone?: string; readonly children: ReactNode }) {
  return <span className={tone === undefined ? 'badge' : `badge badge-${tone}`}>{children}</span>;
}

/** What a list or a screen says when there is nothing to show. */
export function EmptyState({ children }: { readonly children: ReactNode }) {
  return <p className="empty">{children}</p>;
}
