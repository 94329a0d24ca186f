import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.NODE_ENV = 'production';
  delete process.env.SMTP_URL;
});

import { devOutboxDir } from './dev-outbox.server';

describe('the development outbox page', () => {
  it('does not exist in production (404)', () => {
    let thrown: unknown;
    try {
      devOutboxDir();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });
});
