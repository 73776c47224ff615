import type { SiteContent } from '@memoir/shared';

/*
 * Every input of the editor is named by its path in the content ("tagline",
 * "themes[1].title", "buyLinks[0].price"): its id comes from the path, and so does the place
 * of a 400's message (`fieldErrors` keys name the body's field: "content.themes[1].title").
 * A list or a group has a path of its own ("buyLinks", "publisher") for a message about the
 * whole of it (too many links), shown at its top.
 */

/** The input's (or the group message's) element id for a path: "site-themes-1-title" for "themes[1].title". */
export function fieldId(path: string): string {
  return `site-${path.replace(/\[(\d+)\]/g, '-$1').replace(/\./g, '-')}`;
}

/**
 * A `fieldErrors` key as a content path: without the body's "content." and with list indexes
 * in brackets whichever way the server wrote them ("content.themes.1.title" too). A key
 * outside the content ("revision") gives "".
 */
export function errorPath(key: string): string {
  if (!key.startsWith('content.')) return '';
  return key.slice('content.'.length).replace(/\.(\d+)(?=\.|\[|$)/g, '[$1]');
}

/** The path one level up: of "themes[1].title" is "themes[1]", then "themes", then "". */
export function parentPath(path: string): string {
  const match = /^(.*?)(?:\.[^.[\]]+|\[\d+\])$/.exec(path);
  return match ? (match[1] ?? '') : '';
}

const each = <T>(list: readonly T[], path: string, inner: (index: number) => readonly string[]) =>
  list.flatMap((_, index) => [`${path}[${index}]`, ...inner(index)]);

/** Every path of the editor, in the order the screen shows them (a group before its inputs). */
export function contentPaths(content: SiteContent): readonly string[] {
  return [
    'title',
    'subtitle',
    'tagline',
    'author',
    'blurb',
    'about',
    ...each(content.about, 'about', () => []),
    'themes',
    ...each(content.themes, 'themes', (i) => [`themes[${i}].kicker`, `themes[${i}].title`, `themes[${i}].body`]),
    'quotes',
    ...each(content.quotes, 'quotes', (i) => [`quotes[${i}].text`, `quotes[${i}].chapter`]),
    'authorBio',
    ...each(content.authorBio, 'authorBio', () => []),
    'callToAction',
    'buyLinks',
    ...each(content.buyLinks, 'buyLinks', (i) =>
      ['format', 'price', 'url', 'note'].map((field) => `buyLinks[${i}].${field}`),
    ),
    'socialLinks',
    ...each(content.socialLinks, 'socialLinks', (i) => [`socialLinks[${i}].network`, `socialLinks[${i}].url`]),
    'publisher',
    'publisher.name',
    'publisher.url',
    'sharePosts',
    ...each(content.sharePosts, 'sharePosts', (i) => [`sharePosts[${i}].network`, `sharePosts[${i}].text`]),
    'crackme',
    'crackme.intro',
    'crackme.prize',
    'copyrightYear',
  ];
}

/** A 400's messages placed on the screen. */
export interface PlacedErrors {
  /** By the path of the input (or group) that shows it. */
  readonly byPath: Readonly<Record<string, string>>;
  /** The one to focus: the first on the screen. */
  readonly first: string | null;
  /** Messages no input shows (a field of the request outside the content): shown with the save status. */
  readonly elsewhere: readonly string[];
}

/**
 * Puts each message next to its input; a path the screen has no input for (an item the
 * server counted, a list as a whole) goes to the nearest group above it that the screen has.
 */
export function placeFieldErrors(
  fieldErrors: Readonly<Record<string, string>>,
  paths: readonly string[],
): PlacedErrors {
  const known = new Set(paths);
  const byPath: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const [key, message] of Object.entries(fieldErrors)) {
    let path = errorPath(key);
    while (path !== '' && !known.has(path)) path = parentPath(path);
    if (path === '') elsewhere.push(message);
    else byPath[path] = byPath[path] === undefined ? message : `${byPath[path]} ${message}`;
  }
  return { byPath, first: paths.find((path) => byPath[path] !== undefined) ?? null, elsewhere };
}
