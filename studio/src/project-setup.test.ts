// The Studio without SANITY_STUDIO_PROJECT_ID: its configuration still loads (so it builds and its
// schema extracts offline), its sign-in is the auth store that is always signed out and asks
// nothing of any server, and its sign-in screen says what to set and where. With a project id the
// Studio signs in through Sanity as before.
import { renderToStaticMarkup } from 'react-dom/server';
import { firstValueFrom } from 'rxjs';
import type { AuthStore, WorkspaceOptions } from 'sanity';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLACEHOLDER_PROJECT_ID, ProjectNotSet, studioProject } from './project-setup';

async function studioConfig(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return (await import('../sanity.config')).default as unknown as WorkspaceOptions & {
    auth?: AuthStore;
  };
}

// Loading the Studio's configuration loads all of `sanity`: seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('studioProject', () => {
  it('opens the project and dataset set, and knows when none is', () => {
    expect(
      studioProject({ SANITY_STUDIO_PROJECT_ID: 'abc123', SANITY_STUDIO_DATASET: 'staging' }),
    ).toEqual({
      projectId: 'abc123',
      dataset: 'staging',
      configured: true,
    });
    for (const unset of [
      {},
      { SANITY_STUDIO_PROJECT_ID: '' },
      { SANITY_STUDIO_PROJECT_ID: '  ' },
    ]) {
      expect(studioProject(unset)).toEqual({
        projectId: PLACEHOLDER_PROJECT_ID,
        dataset: 'production',
        configured: false,
      });
    }
  });
});

describe('the Studio without a project', () => {
  it('signs in to nothing and says what to set, and where', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const config = await studioConfig({ SANITY_STUDIO_PROJECT_ID: '', SANITY_STUDIO_DATASET: '' });
    expect(config.projectId).toBe(PLACEHOLDER_PROJECT_ID);
    const auth = config.auth!;
    await expect(firstValueFrom(auth.state)).resolves.toMatchObject({
      authenticated: false,
      currentUser: null,
    });
    // The module's own copy (the configuration was loaded afresh).
    expect(auth.LoginComponent?.name).toBe(ProjectNotSet.name);
    expect(auth.handleCallbackUrl).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();

    const shown = renderToStaticMarkup(ProjectNotSet());
    expect(shown).toContain('Set the Sanity project first');
    expect(shown).toContain('SANITY_STUDIO_PROJECT_ID');
    expect(shown).toContain('SANITY_STUDIO_DATASET');
    expect(shown).toContain('studio/.env');
    expect(shown).toContain('npm run build:studio');
    expect(shown).toContain('docs/hosted-adapters.md');
    expect(shown).not.toMatch(/network error/i);
  });

  it('signs in through Sanity once a project is set', async () => {
    const config = await studioConfig({ SANITY_STUDIO_PROJECT_ID: 'abc123' });
    expect(config.projectId).toBe('abc123');
    expect(config.dataset).toBe('production');
    expect(config.auth).toBeUndefined();
  });
});
