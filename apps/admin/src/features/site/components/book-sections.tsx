import { SITE_CONTENT_LIMITS as LIMITS } from '@memoir/shared';

import { replaceAt } from '../utils/lists';
import { PartField, TextField } from './content-field';
import { EditorSection, PartListEditor, type SectionProps } from './editor-section';
import { ListEditor } from './list-editor';

/** The page's words about the book and its author: the hero, "About the book", themes, quotes, the bio. */

export function BookSection({ content, edit }: SectionProps) {
  return (
    <EditorSection id="book" title="Book" intro="The top of the page, and the title and text of its link previews.">
      <PartField at="" part={content} field="title" update={edit} label="Title" limit={LIMITS.title} />
      <PartField at="" part={content} field="subtitle" update={edit} label="Subtitle" limit={LIMITS.subtitle} />
      <PartField at="" part={content} field="tagline" update={edit} label="Tagline" limit={LIMITS.tagline} />
      <PartField at="" part={content} field="author" update={edit} label="Author" limit={LIMITS.author} />
      <PartField at="" part={content} field="blurb" update={edit} label="Blurb" rows={5} limit={LIMITS.blurb} />
    </EditorSection>
  );
}

/** "About the book" and "About the author": a text per paragraph. */
function Paragraphs(props: {
  readonly path: 'about' | 'authorBio';
  readonly paragraphs: readonly string[];
  readonly onChange: (paragraphs: readonly string[]) => void;
}) {
  return (
    <ListEditor
      path={props.path}
      items={props.paragraphs}
      min={LIMITS.paragraphs.min}
      max={LIMITS.paragraphs.max}
      itemName={(_, index) => `Paragraph ${index + 1}`}
      firstField={(index) => `${props.path}[${index}]`}
      newItem={() => ''}
      addText="Add a paragraph"
      onChange={props.onChange}
      renderItem={(paragraph, index) => (
        <TextField
          path={`${props.path}[${index}]`}
          label="Text"
          rows={4}
          limit={LIMITS.paragraph}
          value={paragraph}
          onChange={(text) => props.onChange(replaceAt(props.paragraphs, index, text))}
        />
      )}
    />
  );
}

export function AboutSection({ content, edit }: SectionProps) {
  return (
    <EditorSection
      id="about"
      title="About the book"
      intro={`From ${LIMITS.paragraphs.min} to ${LIMITS.paragraphs.max} paragraphs.`}
    >
      <Paragraphs path="about" paragraphs={content.about} onChange={(about) => edit((c) => ({ ...c, about }))} />
    </EditorSection>
  );
}

export function ThemesSection({ content, edit }: SectionProps) {
  return (
    <EditorSection id="themes" title="Themes" intro="The three cards under “About the book”.">
      <PartListEditor
        content={content}
        edit={edit}
        list="themes"
        limits={{ min: LIMITS.themes, max: LIMITS.themes }}
        itemName={(_, index) => `Theme ${index + 1}`}
        firstField="kicker"
        renderItem={(part) => (
          <>
            <PartField
              {...part}
              field="kicker"
              label="Kicker"
              hint="The small line above the title."
              limit={LIMITS.themeKicker}
            />
            <PartField {...part} field="title" label="Title" limit={LIMITS.themeTitle} />
            <PartField {...part} field="body" label="Body" rows={3} limit={LIMITS.themeBody} />
          </>
        )}
      />
    </EditorSection>
  );
}

export function QuotesSection({ content, edit }: SectionProps) {
  return (
    <EditorSection id="quotes" title="Quotes" intro="The three quotes of the manifesto carousel.">
      <PartListEditor
        content={content}
        edit={edit}
        list="quotes"
        limits={{ min: LIMITS.quotes, max: LIMITS.quotes }}
        itemName={(_, index) => `Quote ${index + 1}`}
        firstField="text"
        renderItem={(part) => (
          <>
            <PartField {...part} field="text" label="Quote" rows={2} limit={LIMITS.quoteText} />
            <PartField
              {...part}
              field="chapter"
              label="Chapter"
              hint="Where it is from, as the page shows it under the quote."
              limit={LIMITS.quoteChapter}
            />
          </>
        )}
      />
    </EditorSection>
  );
}

export function AuthorSection({ content, edit }: SectionProps) {
  return (
    <EditorSection
      id="author"
      title="About the author"
      intro={`From ${LIMITS.paragraphs.min} to ${LIMITS.paragraphs.max} paragraphs.`}
    >
      <Paragraphs
        path="authorBio"
        paragraphs={content.authorBio}
        onChange={(authorBio) => edit((c) => ({ ...c, authorBio }))}
      />
    </EditorSection>
  );
}
