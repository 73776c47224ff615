import type { ReactNode } from 'react';

/**
 * A section of the landing page: its heading names it for screen readers (aria-labelledby
 * `<name>-heading`), `id` is its anchor where a link leads to it, `kind` its own look.
 */
export function Section(props: {
  readonly name: string;
  readonly heading: string;
  readonly id?: string;
  readonly kind?: string;
  readonly children: ReactNode;
}) {
  return (
    <section
      className={props.kind === undefined ? 'section' : `section ${props.kind}`}
      aria-labelledby={`${props.name}-heading`}
      id={props.id}
    >
      <h2 id={`${props.name}-heading`}>{props.heading}</h2>
      {props.children}
    </section>
  );
}
