import type { SiteContent } from '@memoir/shared';
import type { ReactNode } from 'react';

import { replaceAt } from '../utils/lists';
import { ListEditor } from './list-editor';

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

type Edit = SectionProps['edit'];
/** The content's lists of parts (themes, quotes, links, posts), by name. */
type PartList = { [K in keyof SiteContent]: SiteContent[K] extends readonly object[] ? K : never }[keyof SiteContent];
type PartOf<K extends PartList> = SiteContent[K][number];

/** How the `index`th part of the list `key` is changed, from the content's latest state. */
function updateItem<K extends PartList>(edit: Edit, key: K, index: number) {
  return (change: (part: PartOf<K>) => PartOf<K>): void =>
    edit((content) => {
      const list = content[key] as readonly PartOf<K>[];
      const item = list[index];
      return item === undefined ? content : { ...content, [key]: replaceAt(list, index, change(item)) };
    });
}

/** How the part `key` of the content (the publisher, the crackme) is changed. */
export function updatePart<K extends 'publisher' | 'crackme'>(edit: Edit, key: K) {
  return (change: (part: SiteContent[K]) => SiteContent[K]): void =>
    edit((content) => ({ ...content, [key]: change(content[key]) }));
}

/** What a field of one part of a list needs: where it is, the part, and how to change it. */
export interface ItemFields<K extends PartList> {
  readonly at: string;
  readonly part: PartOf<K>;
  readonly update: (change: (part: PartOf<K>) => PartOf<K>) => void;
}

/**
 * The list `list` of the content (themes, quotes, links, posts) in a ListEditor: its path, items
 * and changes come from the content, and each item is rendered with its fields' `at`, `part`
 * and `update`.
 */
export function PartListEditor<K extends PartList>(
  props: SectionProps & {
    readonly list: K;
    readonly limits: { readonly min: number; readonly max: number };
    readonly itemName: (part: PartOf<K>, index: number) => string;
    /** The field that gets focus in a new item. */
    readonly firstField: keyof PartOf<K> & string;
    readonly renderItem: (fields: ItemFields<K>, index: number) => ReactNode;
    readonly newItem?: () => PartOf<K> | null;
    readonly addText?: string;
  },
) {
  const { list, edit } = props;
  return (
    <ListEditor<PartOf<K>>
      path={list}
      items={props.content[list] as readonly PartOf<K>[]}
      min={props.limits.min}
      max={props.limits.max}
      itemName={props.itemName}
      firstField={(index) => `${list}[${index}].${props.firstField}`}
      newItem={props.newItem}
      addText={props.addText}
      onChange={(items) => edit((content) => ({ ...content, [list]: items }))}
      renderItem={(part, index) =>
        props.renderItem({ at: `${list}[${index}]`, part, update: updateItem(edit, list, index) }, index)
      }
    />
  );
}
