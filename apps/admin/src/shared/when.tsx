import { mailtoHref } from '@memoir/web-ui';

/** When something happened, in the owner's locale, as a `<time>` a machine can read. */
export const When = ({ iso }: { readonly iso: string }) => <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;

/** Who sent an item and when: the address as a mail link (isolated: it may be right-to-left), then the time. */
export function SentBy({ email, at }: { readonly email: string; readonly at: string }) {
  return (
    <p>
      <a href={mailtoHref(email)} dir="auto">
        {email}
      </a>{' '}
      · <When iso={at} />
    </p>
  );
}
