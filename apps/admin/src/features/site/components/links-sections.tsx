import {
  BUY_FORMAT_LABELS,
  BUY_FORMATS,
  SITE_CONTENT_LIMITS as LIMITS,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
  type BuyLink,
  type SharePost,
  type SocialLink,
} from '@memoir/shared';

import { firstUnused, replaceAt } from '../utils/lists';
import { ChoiceField, TextField, YearField } from './content-field';
import { EditorSection, type SectionProps } from './editor-section';
import { ListEditor } from './list-editor';

/** The page's links and the words around them: buying, social, publisher, share posts, crackme, footer. */

const HTTP_LINK = 'A full address starting with https://.';

export function BuySection({ content, edit }: SectionProps) {
  const change = (index: number, link: BuyLink) =>
    edit((c) => ({ ...c, buyLinks: replaceAt(c.buyLinks, index, link) }));
  return (
    <EditorSection id="buy" title="Buy" intro="The final call to action and a button per format, in this order.">
      <TextField
        path="callToAction"
        label="Call to action"
        hint="The line under “Get your copy”."
        rows={2}
        limit={LIMITS.callToAction}
        value={content.callToAction}
        onChange={(callToAction) => edit((c) => ({ ...c, callToAction }))}
      />
      <ListEditor
        path="buyLinks"
        items={content.buyLinks}
        min={LIMITS.buyLinks.min}
        max={LIMITS.buyLinks.max}
        itemName={(link, index) => `Buy link ${index + 1}: ${BUY_FORMAT_LABELS[link.format]}`}
        firstField={(index) => `buyLinks[${index}].format`}
        addText="Add a format"
        newItem={() => {
          const format = firstUnused(
            BUY_FORMATS,
            content.buyLinks.map((link) => link.format),
          );
          return format === null ? null : { format, price: '', url: '', note: '' };
        }}
        onChange={(buyLinks) => edit((c) => ({ ...c, buyLinks }))}
        renderItem={(link, index) => (
          <>
            <ChoiceField
              path={`buyLinks[${index}].format`}
              label="Format"
              value={link.format}
              options={BUY_FORMATS}
              optionLabel={(format) => BUY_FORMAT_LABELS[format]}
              onChange={(format) => change(index, { ...link, format })}
            />
            <TextField
              path={`buyLinks[${index}].price`}
              label="Price"
              hint="As buyers should read it: “$17.99”, “£12”."
              limit={LIMITS.price}
              value={link.price}
              onChange={(price) => change(index, { ...link, price })}
            />
            <TextField
              path={`buyLinks[${index}].url`}
              label="Link"
              type="url"
              hint={`The store’s page for this format. ${HTTP_LINK} Leave it empty while there is none: the page then shows the price and “coming soon”.`}
              limit={LIMITS.url}
              value={link.url}
              onChange={(url) => change(index, { ...link, url })}
            />
            <TextField
              path={`buyLinks[${index}].note`}
              label="Note"
              hint="A short line under the button; may be empty."
              limit={LIMITS.note}
              value={link.note}
              onChange={(note) => change(index, { ...link, note })}
            />
          </>
        )}
      />
    </EditorSection>
  );
}

export function SocialSection({ content, edit }: SectionProps) {
  const change = (index: number, link: SocialLink) =>
    edit((c) => ({ ...c, socialLinks: replaceAt(c.socialLinks, index, link) }));
  return (
    <EditorSection id="social" title="Social links" intro="The icons in the footer, in this order.">
      <ListEditor
        path="socialLinks"
        items={content.socialLinks}
        min={LIMITS.socialLinks.min}
        max={LIMITS.socialLinks.max}
        itemName={(link, index) => `Social link ${index + 1}: ${SOCIAL_NETWORK_LABELS[link.network]}`}
        firstField={(index) => `socialLinks[${index}].network`}
        addText="Add a social link"
        newItem={() => {
          const network = firstUnused(
            SOCIAL_NETWORKS,
            content.socialLinks.map((link) => link.network),
          );
          return network === null ? null : { network, url: '' };
        }}
        onChange={(socialLinks) => edit((c) => ({ ...c, socialLinks }))}
        renderItem={(link, index) => (
          <>
            <ChoiceField
              path={`socialLinks[${index}].network`}
              label="Network"
              value={link.network}
              options={SOCIAL_NETWORKS}
              optionLabel={(network) => SOCIAL_NETWORK_LABELS[network]}
              onChange={(network) => change(index, { ...link, network })}
            />
            <TextField
              path={`socialLinks[${index}].url`}
              label="Link"
              type="url"
              hint={HTTP_LINK}
              limit={LIMITS.url}
              value={link.url}
              onChange={(url) => change(index, { ...link, url })}
            />
          </>
        )}
      />
    </EditorSection>
  );
}

export function PublisherSection({ content, edit }: SectionProps) {
  const { publisher } = content;
  return (
    <EditorSection id="publisher" title="Publisher" intro="The publisher’s link in the footer.">
      <TextField
        path="publisher.name"
        label="Name"
        limit={LIMITS.publisherName}
        value={publisher.name}
        onChange={(name) => edit((c) => ({ ...c, publisher: { ...c.publisher, name } }))}
      />
      <TextField
        path="publisher.url"
        label="Link"
        type="url"
        hint={`${HTTP_LINK} Empty: the name is shown without a link.`}
        limit={LIMITS.url}
        value={publisher.url}
        onChange={(url) => edit((c) => ({ ...c, publisher: { ...c.publisher, url } }))}
      />
    </EditorSection>
  );
}

export function SharePostsSection({ content, edit }: SectionProps) {
  const change = (index: number, post: SharePost) =>
    edit((c) => ({ ...c, sharePosts: replaceAt(c.sharePosts, index, post) }));
  return (
    <EditorSection id="share" title="Share posts" intro="Ready-made posts visitors copy with one click.">
      <ListEditor
        path="sharePosts"
        items={content.sharePosts}
        min={LIMITS.sharePosts.min}
        max={LIMITS.sharePosts.max}
        itemName={(_, index) => `Share post ${index + 1}`}
        firstField={(index) => `sharePosts[${index}].network`}
        addText="Add a post"
        newItem={() => ({ network: '', text: '' })}
        onChange={(sharePosts) => edit((c) => ({ ...c, sharePosts }))}
        renderItem={(post, index) => (
          <>
            <TextField
              path={`sharePosts[${index}].network`}
              label="Network"
              hint="Where the post is meant for, in your words: “LinkedIn”, “Anywhere”."
              limit={LIMITS.shareNetwork}
              value={post.network}
              onChange={(network) => change(index, { ...post, network })}
            />
            <TextField
              path={`sharePosts[${index}].text`}
              label="Post"
              rows={3}
              limit={LIMITS.shareText}
              value={post.text}
              onChange={(text) => change(index, { ...post, text })}
            />
          </>
        )}
      />
    </EditorSection>
  );
}

export function CrackmeSection({ content, edit }: SectionProps) {
  const { crackme } = content;
  return (
    <EditorSection id="crackme" title="Crackme" intro="The reverse-engineering challenge’s words.">
      <TextField
        path="crackme.intro"
        label="Intro"
        rows={3}
        limit={LIMITS.crackmeIntro}
        value={crackme.intro}
        onChange={(intro) => edit((c) => ({ ...c, crackme: { ...c.crackme, intro } }))}
      />
      <TextField
        path="crackme.prize"
        label="Prize"
        limit={LIMITS.crackmePrize}
        value={crackme.prize}
        onChange={(prize) => edit((c) => ({ ...c, crackme: { ...c.crackme, prize } }))}
      />
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
