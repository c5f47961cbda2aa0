import { describe, expect, it } from 'vitest';
import { OPERATOR_ROLES } from '@casino/contracts/backoffice';
import { homeOf, MENU, menuFor, roleMayOpen } from './menu.ts';

const ids = (role: (typeof OPERATOR_ROLES)[number]) => menuFor(role).map((item) => item.id);

describe('the role menu', () => {
  it("shows the owner everything but a partner's own console", () => {
    const partnerOwn = ['partnerHome', 'partnerMembers', 'partnerCodes'];
    expect(ids('owner')).toEqual(MENU.map((item) => item.id).filter((id) => !partnerOwn.includes(id)));
  });

  it('shows a partner its console: dashboard, tree, members, codes, settlements, payouts', () => {
    expect(ids('partner')).toEqual([
      'partnerHome',
      'partners',
      'partnerMembers',
      'partnerCodes',
      'settlements',
      'payouts',
      'account',
    ]);
    expect(homeOf('partner')).toBe('/partner');
    expect(roleMayOpen('partner', 'members')).toBe(false);
    expect(roleMayOpen('partner', 'sites')).toBe(false);
  });

  it('shows each other role its own work only', () => {
    expect(ids('cashier')).toEqual([
      'dashboard',
      'deposits',
      'withdrawals',
      'members',
      'rounds',
      'mini',
      'settings',
      'promotions',
      'levels',
      'depositEvents',
      'fraud',
      'account',
    ]);
    expect(ids('support')).toEqual([
      'dashboard',
      'members',
      'breaks',
      'helpdesk',
      'rounds',
      'mini',
      'fraud',
      'account',
    ]);
    expect(ids('content')).toEqual(['notices', 'popups', 'banners', 'account']);
  });

  it('keeps money screens from support and content operators', () => {
    for (const role of ['support', 'content'] as const) {
      expect(roleMayOpen(role, 'deposits')).toBe(false);
      expect(roleMayOpen(role, 'withdrawals')).toBe(false);
    }
    expect(roleMayOpen('content', 'members')).toBe(false);
    expect(roleMayOpen('cashier', 'notices')).toBe(false);
    // The report of members under a break matches its route's permission (owner and support).
    expect(roleMayOpen('support', 'breaks')).toBe(true);
    expect(roleMayOpen('cashier', 'breaks')).toBe(false);
    expect(roleMayOpen('content', 'breaks')).toBe(false);
  });

  it('lands every role on a screen of its own menu', () => {
    for (const role of OPERATOR_ROLES) {
      const home = homeOf(role);
      expect(menuFor(role).some((item) => item.path === home)).toBe(true);
    }
    expect(homeOf('cashier')).toBe('/');
    expect(homeOf('content')).toBe('/notices');
  });
});
