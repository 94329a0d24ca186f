/**
 * Which Sanity project the Studio opens: SANITY_STUDIO_PROJECT_ID and SANITY_STUDIO_DATASET, read
 * when the Studio is built or started (docs/hosted-adapters.md, "Sanity"). Without a project id the
 * Studio still builds (offline, for `npm run build:studio` and the schema extraction), but it
 * contacts no Sanity server: its sign-in is an auth store of its own whose sign-in screen says what
 * to set and where, instead of the network error a made-up project would end in.
 */
import { createClient } from '@sanity/client';
import { of } from 'rxjs';
import type { AuthStore } from 'sanity';

/** The project id the Studio's schema tools use when none is set; no such project exists. */
export const PLACEHOLDER_PROJECT_ID = 'not-configured';

export interface StudioProject {
  projectId: string;
  dataset: string;
  /** False when SANITY_STUDIO_PROJECT_ID is not set: the Studio only says what to set. */
  configured: boolean;
}

type StudioEnv = Partial<Record<'SANITY_STUDIO_PROJECT_ID' | 'SANITY_STUDIO_DATASET', string>>;

export function studioProject(env: StudioEnv): StudioProject {
  const projectId = env.SANITY_STUDIO_PROJECT_ID?.trim() ?? '';
  return {
    projectId: projectId || PLACEHOLDER_PROJECT_ID,
    dataset: env.SANITY_STUDIO_DATASET?.trim() || 'production',
    configured: projectId !== '',
  };
}

/** What the Studio says with no project set. */
export const PROJECT_NOT_SET = {
  title: 'Set the Sanity project first',
  lines: [
    'This Studio was built without SANITY_STUDIO_PROJECT_ID, so it has no Sanity project to open.',
    'Set SANITY_STUDIO_PROJECT_ID to your project’s id (sanity.io/manage shows it) and SANITY_STUDIO_DATASET to its dataset (usually production), in the environment or in studio/.env. Then build the Studio again with npm run build:studio, or restart npm run dev -w studio.',
    'Setting up Sanity step by step: docs/hosted-adapters.md, “Sanity”.',
  ],
} as const;

/** The Studio's sign-in screen when no project is set: what to set, and where. */
export function ProjectNotSet() {
  return (
    <section aria-labelledby="project-not-set" style={{ lineHeight: 1.5, padding: '0.5rem' }}>
      <h1 id="project-not-set" style={{ fontSize: '1.25rem', margin: '0 0 0.75rem' }}>
        {PROJECT_NOT_SET.title}
      </h1>
      {PROJECT_NOT_SET.lines.map((line) => (
        <p key={line} style={{ margin: '0 0 0.75rem' }}>
          {line}
        </p>
      ))}
    </section>
  );
}

/**
 * The Studio's sign-in without a project: always signed out, so the Studio shows ProjectNotSet as
 * its sign-in screen. Its client is never asked for anything.
 */
export function projectNotSetAuth({ projectId, dataset }: StudioProject): AuthStore {
  const client = createClient({ projectId, dataset, apiVersion: '2025-01-01', useCdn: false });
  return {
    state: of({ authenticated: false, currentUser: null, client }),
    token: of(null),
    LoginComponent: ProjectNotSet,
  };
}
