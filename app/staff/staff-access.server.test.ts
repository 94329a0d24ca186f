// Who may open the operations pages: a staff account signed in within 12 hours. Everyone else gets
// the plain 404, a staff member with an older sign-in is sent to sign in again.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { requireStaff, STAFF_SESSION_MAX_AGE_MS } from './staff-access.server';

const state = vi.hoisted(() => ({
  user: null as { id: string; email: string } | null,
  staff: false,
  signedInAt: null as number | null,
}));

vi.mock('~/accounts/session.server', () => ({
  getSessionUser: () => Promise.resolve(state.user),
  signedInAt: () => Promise.resolve(state.signedInAt),
}));
vi.mock('~/accounts/get-accounts.server', () => ({
  getAccounts: () => ({ isStaff: () => Promise.resolve(state.staff) }),
}));

const NOW = Date.parse('2026-11-25T08:00:00Z');
const request = new Request('https://www.businesschauffeur.example/staff');

async function answer() {
  try {
    await requireStaff(request, NOW);
    return 'allowed';
  } catch (thrown) {
    const response = thrown as Response;
    return `${response.status} ${response.headers.get('Location') ?? ''}`.trim();
  }
}

describe('requireStaff', () => {
  beforeEach(() => {
    state.user = { id: 'a1', email: 'dispatch@businesschauffeur.example' };
    state.staff = true;
    state.signedInAt = NOW - 60_000;
  });

  it('lets a staff member signed in within 12 hours through', async () => {
    await expect(answer()).resolves.toBe('allowed');
    state.signedInAt = NOW - STAFF_SESSION_MAX_AGE_MS;
    await expect(answer()).resolves.toBe('allowed');
  });

  it('answers 404 to a visitor and to a customer without the role', async () => {
    state.user = null;
    await expect(answer()).resolves.toBe('404');
    state.user = { id: 'c1', email: 'customer@example.com' };
    state.staff = false;
    await expect(answer()).resolves.toBe('404');
  });

  it('sends a staff member whose sign-in is older than 12 hours (or untimed) to sign in again', async () => {
    state.signedInAt = NOW - STAFF_SESSION_MAX_AGE_MS - 1;
    await expect(answer()).resolves.toBe('302 /signin?resetFlag=false');
    state.signedInAt = null;
    await expect(answer()).resolves.toBe('302 /signin?resetFlag=false');
  });
});
