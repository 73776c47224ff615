import { describe, expect, it } from '@jest/globals';
import { HttpError } from '@memoir/web-ui';

import { formatBytes, progressText, uploadFailureText } from './media-words';

describe('the media screen words', () => {
  it('says sizes as a person reads them', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(812_345)).toBe('812 KB');
    expect(formatBytes(4_212_000)).toBe('4.2 MB');
    expect(progressText(1_200_000, 48_000_000)).toBe('1.2 MB of 48.0 MB (2%)');
    expect(progressText(0, 0)).toBe('0 bytes of 0 bytes (0%)');
  });

  it("shows the server's message for a refused upload, else words for its status", () => {
    const refused = new HttpError(415, { success: false, error: 'Upload a JPEG, PNG or WebP image.' }, '');
    expect(uploadFailureText(refused)).toBe('Upload a JPEG, PNG or WebP image.');
    expect(uploadFailureText(new HttpError(413, null, 'Payload Too Large'))).toBe('The file is too large.');
    expect(uploadFailureText(new HttpError(502, null, 'Bad Gateway'))).toBe(
      'The server could not take the file just now. Try again in a moment.',
    );
  });

  it('tells a cancelled upload from a lost connection', () => {
    expect(uploadFailureText(new DOMException('cancelled', 'AbortError'))).toBe(
      'Upload cancelled. Nothing was changed.',
    );
    expect(uploadFailureText(new TypeError('Failed to fetch'))).toBe(
      'The upload did not reach the server. Check your connection and try again.',
    );
  });
});
