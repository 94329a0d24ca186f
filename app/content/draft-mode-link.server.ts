// Checks a draft-mode link the Studio's Presentation tool opens (/api/preview?sanity-preview-
// secret=…&sanity-preview-pathname=/weddings): the Studio has just written the secret to the
// dataset, as a draft only a reader with a token sees, and it expires within the hour. The site
// reads it back with its read token (@sanity/preview-url-secret), so no secret is typed or shared
// by hand (docs/decisions/052-visual-editing-in-draft-mode.md).
import { createClient } from '@sanity/client';
import { validatePreviewUrl } from '@sanity/preview-url-secret';
import { getConfig } from '~/utils/env.server';

export type DraftModeLink =
  { valid: true; redirectTo: string | undefined } | { valid: false; reason: 'secret' | 'studio' };

/**
 * Whether the link carries a live secret made by the configured Studio (SANITY_STUDIO_URL): a
 * secret another Studio made (a developer's, on the same project) does not open draft mode here,
 * since only the configured Studio may frame the site.
 */
export async function checkDraftModeLink(url: string): Promise<DraftModeLink> {
  const { content } = getConfig();
  if (content.adapter !== 'sanity' || !content.readToken || !content.studioUrl) {
    return { valid: false, reason: 'secret' };
  }
  const client = createClient({
    projectId: content.projectId,
    dataset: content.dataset,
    apiVersion: content.apiVersion,
    token: content.readToken,
    useCdn: false,
    timeout: content.timeoutMs,
    maxRetries: 0,
    ignoreBrowserTokenWarning: true,
    ...(content.apiHost ? { apiHost: content.apiHost, useProjectHostname: false } : {}),
  });
  const result = await validatePreviewUrl(client, url);
  if (!result.isValid) return { valid: false, reason: 'secret' };
  if (result.studioOrigin !== new URL(content.studioUrl).origin) {
    return { valid: false, reason: 'studio' };
  }
  return { valid: true, redirectTo: result.redirectTo };
}
