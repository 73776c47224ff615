import { describe, expect, it } from '@jest/globals';

import { parseScholarshipSearch, scholarshipCsvPath, scholarshipPagePath } from './scholarship-search';

describe('the scholarship screen and its URL', () => {
  it('reads the status and the search from the URL, dropping what it does not know', () => {
    expect(parseScholarshipSearch({ status: 'rejected', q: 'gmail' })).toEqual({ status: 'rejected', q: 'gmail' });
    expect(parseScholarshipSearch({ status: 'archived', q: '' })).toEqual({});
  });

  it('reads the default view first, then the pending requests; filtered, the matching ones', () => {
    expect(scholarshipPagePath({}, null)).toBe('/api/admin/scholarships');
    expect(scholarshipPagePath({}, 'C')).toBe('/api/admin/scholarships?status=pending&before=C');
    expect(scholarshipPagePath({ status: 'approved' }, 'C')).toBe('/api/admin/scholarships?status=approved&before=C');
    expect(scholarshipCsvPath({ q: 'grace@example.org' })).toBe('/api/admin/scholarships.csv?q=grace%40example.org');
  });
});
