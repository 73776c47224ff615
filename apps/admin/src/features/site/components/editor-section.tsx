import type { SiteContent } from '@memoir/shared';
import type { ReactNode } from 'react';

/** What every section of the editor gets: the content on the screen, and the way to change it. */
export interface SectionProps {
  readonly content: SiteContent;
  readonly edit: (change: (content: SiteContent) => SiteContent) => void;
}

/** A section of the editor, named by its heading as the page's section is. */
export function EditorSection(props: {
  readonly id: string;
  readonly title: string;
  readonly intro?: ReactNode;
  readonly children: ReactNode;
}) {
  const heading = `site-section-${props.id}`;
  return (
    <section className="site-section" aria-labelledby={heading}>
      <h2 id={heading}>{props.title}</h2>
      {props.intro === undefined ? null : <p className="hint">{props.intro}</p>}
      {props.children}
    </section>
  );
}
