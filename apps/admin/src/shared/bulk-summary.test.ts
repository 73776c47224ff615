import { describe, expect, it } from '@jest/globals';

import { bulkSummary } from './bulk-summary';

const NOUN = { one: 'request', many: 'requests' };
const names = { a: 'Ada', b: 'Bob', c: 'Cy' };

describe('bulkSummary', () => {
  it('says how many were decided when all were', () => {
    const outcome = { approved: true, names, results: [{ id: 'a', success: true }] };
    expect(bulkSummary(outcome, NOUN)).toEqual({ headline: 'Approved 1 request.', failures: [] });
  });

  it('names each item that failed, with its reason', () => {
    const outcome = {
      approved: false,
      names,
      results: [
        { id: 'a', success: true },
        { id: 'b', success: false, error: 'This request has already been decided.', code: 'X' },
        { id: 'c', success: true },
      ],
    };
    expect(bulkSummary(outcome, NOUN)).toEqual({
      headline: 'Rejected 2 of 3 requests; 1 could not be decided:',
      failures: [{ id: 'b', name: 'Bob', reason: 'This request has already been decided.' }],
    });
  });

  it('says when none could be decided', () => {
    const one = { approved: true, names, results: [{ id: 'z', success: false }] };
    expect(bulkSummary(one, NOUN)).toEqual({
      headline: 'The request could not be decided:',
      failures: [{ id: 'z', name: 'z', reason: 'It could not be decided.' }],
    });
    const two = { ...one, results: [...one.results, { id: 'a', success: false, error: 'Gone.' }] };
    expect(bulkSummary(two, NOUN).headline).toBe('None of the 2 requests could be decided:');
  });
});
