import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SITE_CONTENT } from '@memoir/shared';

import { contentPaths, errorPath, fieldId, parentPath, placeFieldErrors } from './field-paths';

const PATHS = contentPaths(DEFAULT_SITE_CONTENT);

describe('the paths of the editor’s fields', () => {
  it('turns a path into the id of its input', () => {
    expect(fieldId('tagline')).toBe('site-tagline');
    expect(fieldId('themes[1].title')).toBe('site-themes-1-title');
    expect(fieldId('about[0]')).toBe('site-about-0');
    expect(fieldId('publisher.url')).toBe('site-publisher-url');
  });

  it('reads a 400’s field key as a content path, whichever way the indexes are written', () => {
    expect(errorPath('content.themes[1].title')).toBe('themes[1].title');
    expect(errorPath('content.themes.1.title')).toBe('themes[1].title');
    expect(errorPath('content.about.2')).toBe('about[2]');
    expect(errorPath('content.buyLinks[0].url')).toBe('buyLinks[0].url');
    expect(errorPath('revision')).toBe('');
    expect(errorPath('content')).toBe('');
  });

  it('goes up one level at a time', () => {
    expect(parentPath('themes[1].title')).toBe('themes[1]');
    expect(parentPath('themes[1]')).toBe('themes');
    expect(parentPath('publisher.url')).toBe('publisher');
    expect(parentPath('themes')).toBe('');
  });

  it('lists every input once, in the order of the screen, each group before its inputs', () => {
    expect(new Set(PATHS).size).toBe(PATHS.length);
    expect(PATHS.slice(0, 5)).toEqual(['title', 'subtitle', 'tagline', 'author', 'blurb']);
    expect(PATHS.indexOf('themes')).toBeLessThan(PATHS.indexOf('themes[0].kicker'));
    expect(PATHS).toContain('buyLinks[2].price');
    expect(PATHS).not.toContain('buyLinks[3].price');
    expect(PATHS.at(-1)).toBe('copyrightYear');
  });
});

describe('placing a 400’s messages on the screen', () => {
  it('puts each message next to its input, and focus on the first one the screen shows', () => {
    const placed = placeFieldErrors(
      {
        'content.buyLinks[1].price': 'Price must be at most 30 characters.',
        'content.themes[1].title': 'Title is required.',
      },
      PATHS,
    );
    expect(placed.byPath).toEqual({
      'buyLinks[1].price': 'Price must be at most 30 characters.',
      'themes[1].title': 'Title is required.',
    });
    expect(placed.first).toBe('themes[1].title');
    expect(placed.elsewhere).toEqual([]);
  });

  it('puts a message about an item or a list the screen has no input for at the nearest group above', () => {
    const placed = placeFieldErrors(
      {
        'content.buyLinks': 'Buy links must have at most 5 items.',
        'content.socialLinks[7].url': 'Link is required.',
        'content.crackme': 'Crackme must be a group of fields (a JSON object).',
      },
      PATHS,
    );
    expect(placed.byPath).toEqual({
      buyLinks: 'Buy links must have at most 5 items.',
      socialLinks: 'Link is required.',
      crackme: 'Crackme must be a group of fields (a JSON object).',
    });
    expect(placed.first).toBe('buyLinks');
  });

  it('keeps a message about no part of the content for the save status', () => {
    const placed = placeFieldErrors({ revision: 'revision must be a whole number.' }, PATHS);
    expect(placed).toEqual({ byPath: {}, first: null, elsewhere: ['revision must be a whole number.'] });
  });
});
