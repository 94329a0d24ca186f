// The policy pages: the /bccPolicies index and each policy (cancellation, child safety, fatigue
// management, social responsibility, data retention and privacy, terms and conditions). A policy's
// sections are those with a title, as the items of a page's sections are trimmed
// (app/content/page-sections.server.ts).
import { found } from '~/utils/not-found.server';
import { getContentSource } from './content.server';
import { titledItems } from './page-sections.server';
import { policiesIndexQuery, policyPageQuery } from './queries.server';

export async function loadPoliciesIndex(request: Request) {
  const { page, policies } = await getContentSource(request).fetch(policiesIndexQuery);
  return { page: found(page), policies };
}

/** The policy with this route key, or the 404 page when staff have not published it. */
export async function loadPolicy(request: Request, route: string) {
  const policy = found(await getContentSource(request).fetch(policyPageQuery, { route }));
  return { ...policy, sections: titledItems(policy.sections) };
}

export type PolicyPage = Awaited<ReturnType<typeof loadPolicy>>;
