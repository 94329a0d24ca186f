// Two small pages whose copy is one `page` document each: /sitemap (its link groups) and
// /signupSuccess (the confirmation after creating an account).
import { found } from '~/utils/not-found.server';
import { getContentSource } from './content.server';
import { signupSuccessPageQuery, sitemapPageQuery } from './queries.server';

export async function loadSitemapPage(request: Request) {
  return found(await getContentSource(request).fetch(sitemapPageQuery));
}

export async function loadSignupSuccessPage(request: Request) {
  return found(await getContentSource(request).fetch(signupSuccessPageQuery));
}
