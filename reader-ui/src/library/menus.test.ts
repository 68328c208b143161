import { describe, expect, it } from 'vitest';
import { menusAnswer } from '@epos/schemas/library/payloads';
import { NO_MENUS, toMenus } from './menus';

describe('library menus', () => {
  it("keeps the API's entries in its order", () => {
    const answer = menusAnswer.parse({
      main: [
        { pageid: 'b', name: 'Zeta first', url: '/zeta' },
        { pageid: 'a', name: 'Alpha', url: '/alpha' },
      ],
      footer: [{ pageid: 'c', name: 'Contact', url: '/contact' }],
    });
    expect(toMenus(answer)).toEqual(answer);
  });

  it('shows nothing for an odd answer, and drops entries that are no site path', () => {
    expect(toMenus(null)).toEqual(NO_MENUS);
    expect(toMenus([])).toEqual(NO_MENUS);
    expect(
      toMenus({
        main: [
          { pageid: 'x', name: 'Away', url: 'https://evil.test' },
          { pageid: 'y', name: 'Away too', url: '//evil.test' },
          { name: 'Kept', url: '/kept' },
          'junk',
        ],
        footer: 'no',
      }),
    ).toEqual({
      main: [{ pageid: '/kept', name: 'Kept', url: '/kept' }],
      footer: [],
    });
  });
});
