import { SITE_CONTENT_LIMITS as LIMITS, type Quote, type ThemeCard } from '@memoir/shared';

import { replaceAt } from '../utils/lists';
import { TextField } from './content-field';
import { EditorSection, type SectionProps } from './editor-section';
import { ListEditor } from './list-editor';

/** The page's words about the book and its author: the hero, "About the book", themes, quotes, the bio. */

export function BookSection({ content, edit }: SectionProps) {
  return (
    <EditorSection id="book" title="Book" intro="The top of the page, and the title and text of its link previews.">
      <TextField
        path="title"
        label="Title"
        limit={LIMITS.title}
        value={content.title}
        onChange={(title) => edit((c) => ({ ...c, title }))}
      />
      <TextField
        path="subtitle"
        label="Subtitle"
        limit={LIMITS.subtitle}
        value={content.subtitle}
        onChange={(subtitle) => edit((c) => ({ ...c, subtitle }))}
      />
      <TextField
        path="tagline"
        label="Tagline"
        limit={LIMITS.tagline}
        value={content.tagline}
        onChange={(tagline) => edit((c) => ({ ...c, tagline }))}
      />
      <TextField
        path="author"
        label="Author"
        limit={LIMITS.author}
        value={content.author}
        onChange={(author) => edit((c) => ({ ...c, author }))}
      />
      <TextField
        path="blurb"
        label="Blurb"
        rows={5}
        limit={LIMITS.blurb}
        value={content.blurb}
        onChange={(blurb) => edit((c) => ({ ...c, blurb }))}
      />
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
  const change = (index: number, theme: ThemeCard) =>
    edit((c) => ({ ...c, themes: replaceAt(c.themes, index, theme) }));
  return (
    <EditorSection id="themes" title="Themes" intro="The three cards under “About the book”.">
      <ListEditor
        path="themes"
        items={content.themes}
        min={LIMITS.themes}
        max={LIMITS.themes}
        itemName={(_, index) => `Theme ${index + 1}`}
        firstField={(index) => `themes[${index}].kicker`}
        onChange={(themes) => edit((c) => ({ ...c, themes }))}
        renderItem={(theme, index) => (
          <>
            <TextField
              path={`themes[${index}].kicker`}
              label="Kicker"
              hint="The small line above the title."
              limit={LIMITS.themeKicker}
              value={theme.kicker}
              onChange={(kicker) => change(index, { ...theme, kicker })}
            />
            <TextField
              path={`themes[${index}].title`}
              label="Title"
              limit={LIMITS.themeTitle}
              value={theme.title}
              onChange={(title) => change(index, { ...theme, title })}
            />
            <TextField
              path={`themes[${index}].body`}
              label="Body"
              rows={3}
              limit={LIMITS.themeBody}
              value={theme.body}
              onChange={(body) => change(index, { ...theme, body })}
            />
          </>
        )}
      />
    </EditorSection>
  );
}

export function QuotesSection({ content, edit }: SectionProps) {
  const change = (index: number, quote: Quote) => edit((c) => ({ ...c, quotes: replaceAt(c.quotes, index, quote) }));
  return (
    <EditorSection id="quotes" title="Quotes" intro="The three quotes of the manifesto carousel.">
      <ListEditor
        path="quotes"
        items={content.quotes}
        min={LIMITS.quotes}
        max={LIMITS.quotes}
        itemName={(_, index) => `Quote ${index + 1}`}
        firstField={(index) => `quotes[${index}].text`}
        onChange={(quotes) => edit((c) => ({ ...c, quotes }))}
        renderItem={(quote, index) => (
          <>
            <TextField
              path={`quotes[${index}].text`}
              label="Quote"
              rows={2}
              limit={LIMITS.quoteText}
              value={quote.text}
              onChange={(text) => change(index, { ...quote, text })}
            />
            <TextField
              path={`quotes[${index}].chapter`}
              label="Chapter"
              hint="Where it is from, as the page shows it under the quote."
              limit={LIMITS.quoteChapter}
              value={quote.chapter}
              onChange={(chapter) => change(index, { ...quote, chapter })}
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
