import { describe, expect, it } from 'vitest';
import { filterOptions, matchesQuery } from '@/web/lib/search';
import { avatarInitial } from '@/web/lib/user-display';

describe('matchesQuery (combobox and client-side filters)', () => {
  it('ignores case and accents', () => {
    expect(matchesQuery('beyonce', 'Beyoncé')).toBe(true);
    expect(matchesQuery('ÉDITH', 'Edith Piaf')).toBe(true);
  });

  it('needs every term, in any order and any of the texts', () => {
    expect(matchesQuery('piaf edith', 'Edith Piaf')).toBe(true);
    expect(matchesQuery('edith album', 'Edith Piaf', 'Album')).toBe(true);
    expect(matchesQuery('edith single', 'Edith Piaf', 'Album')).toBe(false);
  });

  it('matches everything for an empty query', () => {
    expect(matchesQuery('   ', 'anything')).toBe(true);
  });
});

describe('filterOptions', () => {
  const options = [
    { value: 'src-1', label: 'FUGA', keywords: ['bunny_cdn'] },
    { value: 'src-2', label: 'The Orchard', keywords: ['google_cloud'] },
  ];

  it('finds options by label, value or hidden keywords', () => {
    expect(filterOptions(options, 'orch').map((o) => o.value)).toEqual(['src-2']);
    expect(filterOptions(options, 'src-1').map((o) => o.value)).toEqual(['src-1']);
    expect(filterOptions(options, 'google').map((o) => o.value)).toEqual(['src-2']);
    expect(filterOptions(options, 'nothing')).toEqual([]);
  });
});

describe('avatarInitial', () => {
  it("uses the email's first letter, upper-cased, or 'U'", () => {
    expect(avatarInitial('jane@example.com')).toBe('J');
    expect(avatarInitial('')).toBe('U');
    expect(avatarInitial(null)).toBe('U');
  });
});
