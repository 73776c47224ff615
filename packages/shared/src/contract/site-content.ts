import {
  BUY_FORMATS,
  SITE_CONTENT_LIMITS as LIMITS,
  SOCIAL_NETWORKS,
  type BuyFormat,
  type SiteContent as SiteContentShape,
  type SocialNetwork,
} from '../site-content';
import { Field } from './fields';

/*
 * The site's content, as the admin app edits it (docs/site-content.md). The request is checked
 * here for its shape (types, no unknown field, at most TEXT_CAP per text); the domain then
 * judges every rule (lengths, the three themes and quotes, links) and names the field at fault.
 */

export class ThemeCard {
  @Field.text('Kicker', { maxLength: LIMITS.themeKicker }) kicker!: string;
  @Field.text('Title', { maxLength: LIMITS.themeTitle }) title!: string;
  @Field.text('Body', { maxLength: LIMITS.themeBody }) body!: string;
}

export class Quote {
  @Field.text('Quote', { maxLength: LIMITS.quoteText }) text!: string;
  @Field.text('Chapter', { maxLength: LIMITS.quoteChapter }) chapter!: string;
}

export class BuyLink {
  @Field.oneOf('Format', BUY_FORMATS) format!: BuyFormat;
  @Field.text('Price', { maxLength: LIMITS.price, description: 'As the owner writes it: "$17.99", "£12"' })
  price!: string;
  @Field.text('Link', {
    maxLength: LIMITS.url,
    description: 'http(s); empty: the page shows the price and "coming soon"',
  })
  url!: string;
  @Field.text('Note', { maxLength: LIMITS.note }) note!: string;
}

export class SocialLink {
  @Field.oneOf('Network', SOCIAL_NETWORKS) network!: SocialNetwork;
  @Field.text('Link', { maxLength: LIMITS.url }) url!: string;
}

export class Publisher {
  @Field.text('Publisher', { maxLength: LIMITS.publisherName }) name!: string;
  @Field.text('Publisher link', { maxLength: LIMITS.url, description: 'http(s); empty: the name without a link' })
  url!: string;
}

export class SharePost {
  @Field.text('Network', { maxLength: LIMITS.shareNetwork }) network!: string;
  @Field.text('Post', { maxLength: LIMITS.shareText }) text!: string;
}

export class CrackmeContent {
  @Field.text('Crackme intro', { maxLength: LIMITS.crackmeIntro }) intro!: string;
  @Field.text('Prize', { maxLength: LIMITS.crackmePrize }) prize!: string;
}

/** A section's paragraphs, one text each. */
const paragraphs = (label: string) =>
  Field.texts(label, {
    minItems: LIMITS.paragraphs.min,
    maxItems: LIMITS.paragraphs.max,
    itemMaxLength: LIMITS.paragraph,
    description: 'One text per paragraph',
  });

/** Every word, link and price of the landing page that the owner edits. */
export class SiteContent implements SiteContentShape {
  @Field.text('Title', { maxLength: LIMITS.title }) title!: string;
  @Field.text('Subtitle', { maxLength: LIMITS.subtitle }) subtitle!: string;
  @Field.text('Tagline', { maxLength: LIMITS.tagline }) tagline!: string;
  @Field.text('Author', { maxLength: LIMITS.author }) author!: string;
  @Field.text('Blurb', { maxLength: LIMITS.blurb }) blurb!: string;
  @paragraphs('About the book') about!: readonly string[];
  @Field.list(() => ThemeCard, { minItems: LIMITS.themes, maxItems: LIMITS.themes, label: 'Themes' })
  themes!: readonly ThemeCard[];
  @Field.list(() => Quote, { minItems: LIMITS.quotes, maxItems: LIMITS.quotes, label: 'Quotes' })
  quotes!: readonly Quote[];
  @paragraphs('About the author') authorBio!: readonly string[];
  @Field.text('Call to action', { maxLength: LIMITS.callToAction, description: 'The line under "Get your copy"' })
  callToAction!: string;
  @Field.list(() => BuyLink, { minItems: LIMITS.buyLinks.min, maxItems: LIMITS.buyLinks.max, label: 'Buy links' })
  buyLinks!: readonly BuyLink[];
  @Field.list(() => SocialLink, { maxItems: LIMITS.socialLinks.max, label: 'Social links' })
  socialLinks!: readonly SocialLink[];
  @Field.nested(() => Publisher, { label: 'Publisher' }) publisher!: Publisher;
  @Field.list(() => SharePost, { maxItems: LIMITS.sharePosts.max, label: 'Share posts' })
  sharePosts!: readonly SharePost[];
  @Field.nested(() => CrackmeContent, { label: 'Crackme' }) crackme!: CrackmeContent;
  @Field.integer('Copyright year', { minimum: LIMITS.copyrightYear.min, maximum: LIMITS.copyrightYear.max })
  copyrightYear!: number;
}

export class SiteContentDraft {
  @Field.count('revision', { description: 'Goes up by one with every save; a save names the one it edited' })
  revision!: number;
  @Field.text('updatedAt', { format: 'date-time' }) updatedAt!: string;
  @Field.text('updatedBy', { nullable: true, description: 'The admin who saved it; null for the first version' })
  updatedBy!: string | null;
  @Field.nested(() => SiteContent) content!: SiteContent;
}

export class SiteContentPublished {
  @Field.count('version') version!: number;
  @Field.text('publishedAt', { format: 'date-time' }) publishedAt!: string;
  @Field.text('publishedBy', { nullable: true, description: 'null for the first version (the texts shipped)' })
  publishedBy!: string | null;
  @Field.nested(() => SiteContent) content!: SiteContent;
}

export class SiteContentResponse {
  @Field.nested(() => SiteContentDraft) draft!: SiteContentDraft;
  @Field.nested(() => SiteContentPublished) published!: SiteContentPublished;
}

export class SaveSiteDraftBody {
  @Field.count('revision', { description: 'The revision this draft was edited from' }) revision!: number;
  @Field.nested(() => SiteContent, { label: 'Content' }) content!: SiteContent;
}

export class SiteDraftSaved {
  @Field.count('revision') revision!: number;
}

export class PublishSiteContentBody {
  @Field.count('revision', { description: 'The draft revision to publish: refused (409) when it is not the latest' })
  revision!: number;
}

export class SiteContentPublishedAnswer {
  @Field.count('version') version!: number;
}

export class SiteContentVersion {
  @Field.count('version') version!: number;
  @Field.text('publishedAt', { format: 'date-time' }) publishedAt!: string;
  @Field.text('publishedBy', { nullable: true }) publishedBy!: string | null;
  @Field.texts('changed', {
    description: 'The content fields that differ from the version before (all of them for the first)',
  })
  changed!: readonly string[];
}

export class SiteContentVersions {
  @Field.list(() => SiteContentVersion) versions!: readonly SiteContentVersion[];
}

export class SiteContentPreview {
  @Field.text('url', { format: 'uri', description: 'The public page rendered from the draft; unguessable' })
  url!: string;
  @Field.text('expiresAt', { format: 'date-time' }) expiresAt!: string;
}
