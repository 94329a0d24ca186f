import { describe, expect, it } from 'vitest';
import { parseEnv } from '~/utils/env.server';
import { devOutboxDir } from './dev-outbox.server';

describe('the development outbox page', () => {
  it('does not exist in production (404)', () => {
    let thrown: unknown;
    try {
      devOutboxDir(parseEnv({ NODE_ENV: 'production' }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });

  it('shows the outbox folder in development while the outbox mailer sends', () => {
    expect(devOutboxDir(parseEnv({ NODE_ENV: 'development', DATA_DIR: '/tmp/bc-data' }))).toBe(
      '/tmp/bc-data/outbox',
    );
  });
});
