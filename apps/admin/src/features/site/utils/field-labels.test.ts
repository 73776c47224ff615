import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SITE_CONTENT } from '@memoir/shared';

import { changedInWords, CONTENT_FIELD_LABELS, fieldInWords } from './field-labels';

describe('what a version changed, in words', () => {
  it('names each changed field as the editor labels its section, in the editor’s order', () => {
    expect(changedInWords(['buyLinks', 'tagline'])).toBe('Tagline, Buy links');
    expect(changedInWords(['authorBio', 'about', 'copyrightYear'])).toBe(
      'About the book, About the author, Copyright year',
    );
  });

  it('has words for every field of the content', () => {
    expect(Object.keys(CONTENT_FIELD_LABELS).sort()).toEqual(Object.keys(DEFAULT_SITE_CONTENT).sort());
  });

  it('still reads a field it does not know (one added on the server later), after the known ones', () => {
    expect(fieldInWords('scheduledPublishAt')).toBe('Scheduled publish at');
    expect(changedInWords(['pressKit', 'title'])).toBe('Title, Press kit');
  });

  it('names a field once, and says so when nothing changed', () => {
    expect(changedInWords(['title', 'title'])).toBe('Title');
    expect(changedInWords([])).toBe('Nothing');
  });
});
