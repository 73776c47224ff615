import {
  BUY_FORMAT_LABELS,
  BUY_FORMATS,
  SITE_CONTENT_LIMITS as LIMITS,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
} from '@memoir/shared';

import { firstUnused } from '../utils/lists';
import { ChoiceField, PartField, YearField } from './content-field';
import { EditorSection, PartListEditor, updatePart, type SectionProps } from './editor-section';

/** The page's links and the words around them: buying, social, publisher, share posts, crackme, footer. */

const HTTP_LINK = 'A full address starting with https://.';

export function BuySection({ content, edit }: SectionProps) {
  return (
    <EditorSection id="buy" title="Buy" intro="The final call to action and a button per format, in this order.">
      <PartField
        at=""
        part={content}
        field="callToAction"
        update={edit}
        label="Call to action"
        hint="The line under “Get your copy”."
        rows={2}
        limit={LIMITS.callToAction}
      />
      <PartListEditor
        content={content}
        edit={edit}
        list="buyLinks"
        limits={LIMITS.buyLinks}
        itemName={(link, index) => `Buy link ${index + 1}: ${BUY_FORMAT_LABELS[link.format]}`}
        firstField="format"
        addText="Add a format"
        newItem={() => {
          const format = firstUnused(
            BUY_FORMATS,
            content.buyLinks.map((link) => link.format),
          );
          return format === null ? null : { format, price: '', url: '', note: '' };
        }}
        renderItem={(part) => (
          <>
            <ChoiceField
              path={`${part.at}.format`}
              label="Format"
              value={part.part.format}
              options={BUY_FORMATS}
              optionLabel={(format) => BUY_FORMAT_LABELS[format]}
              onChange={(format) => part.update((latest) => ({ ...latest, format }))}
            />
            <PartField
              {...part}
              field="price"
              label="Price"
              hint="As buyers should read it: “$17.99”, “£12”."
              limit={LIMITS.price}
            />
            <PartField
              {...part}
              field="url"
              label="Link"
              type="url"
              hint={`The store’s page for this format. ${HTTP_LINK} Leave it empty while there is none: the page then shows the price and “coming soon”.`}
              limit={LIMITS.url}
            />
            <PartField
              {...part}
              field="note"
              label="Note"
              hint="A short line under the button; may be empty."
              limit={LIMITS.note}
            />
          </>
        )}
      />
    </EditorSection>
  );
}

export function SocialSection({ content, edit }: SectionProps) {
  return (
    <EditorSection id="social" title="Social links" intro="The icons in the footer, in this order.">
      <PartListEditor
        content={content}
        edit={edit}
        list="socialLinks"
        limits={LIMITS.socialLinks}
        itemName={(link, index) => `Social link ${index + 1}: ${SOCIAL_NETWORK_LABELS[link.network]}`}
        firstField="network"
        addText="Add a social link"
        newItem={() => {
          const network = firstUnused(
            SOCIAL_NETWORKS,
            content.socialLinks.map((link) => link.network),
          );
          return network === null ? null : { network, url: '' };
        }}
        renderItem={(part) => (
          <>
            <ChoiceField
              path={`${part.at}.network`}
              label="Network"
              value={part.part.network}
              options={SOCIAL_NETWORKS}
              optionLabel={(network) => SOCIAL_NETWORK_LABELS[network]}
              onChange={(network) => part.update((latest) => ({ ...latest, network }))}
            />
            <PartField {...part} field="url" label="Link" type="url" hint={HTTP_LINK} limit={LIMITS.url} />
          </>
        )}
      />
    </EditorSection>
  );
}

export function PublisherSection({ content, edit }: SectionProps) {
  const part = { at: 'publisher', part: content.publisher, update: updatePart(edit, 'publisher') };
  return (
    <EditorSection id="publisher" title="Publisher" intro="The publisher’s link in the footer.">
      <PartField {...part} field="name" label="Name" limit={LIMITS.publisherName} />
      <PartField
        {...part}
        field="url"
        label="Link"
        type="url"
        hint={`${HTTP_LINK} Empty: the name is shown without a link.`}
        limit={LIMITS.url}
      />
    </EditorSection>
  );
}

export function SharePostsSection({ content, edit }: SectionProps) {
  return (
    <EditorSection id="share" title="Share posts" intro="Ready-made posts visitors copy with one click.">
      <PartListEditor
        content={content}
        edit={edit}
        list="sharePosts"
        limits={LIMITS.sharePosts}
        itemName={(_, index) => `Share post ${index + 1}`}
        firstField="network"
        addText="Add a post"
        newItem={() => ({ network: '', text: '' })}
        renderItem={(part) => (
          <>
            <PartField
              {...part}
              field="network"
              label="Network"
              hint="Where the post is meant for, in your words: “LinkedIn”, “Anywhere”."
              limit={LIMITS.shareNetwork}
            />
            <PartField {...part} field="text" label="Post" rows={3} limit={LIMITS.shareText} />
          </>
        )}
      />
    </EditorSection>
  );
}

export function CrackmeSection({ content, edit }: SectionProps) {
  const part = { at: 'crackme', part: content.crackme, update: updatePart(edit, 'crackme') };
  return (
    <EditorSection id="crackme" title="Crackme" intro="The reverse-engineering challenge’s words.">
      <PartField {...part} field="intro" label="Intro" rows={3} limit={LIMITS.crackmeIntro} />
      <PartField {...part} field="prize" label="Prize" limit={LIMITS.crackmePrize} />
    </EditorSection>
  );
}

export function FooterSection({ content, edit }: SectionProps) {
  return (
    <EditorSection id="footer" title="Footer">
      <YearField
        path="copyrightYear"
        label="Copyright year"
        min={LIMITS.copyrightYear.min}
        max={LIMITS.copyrightYear.max}
        value={content.copyrightYear}
        onChange={(copyrightYear) => edit((c) => ({ ...c, copyrightYear }))}
      />
    </EditorSection>
  );
}
