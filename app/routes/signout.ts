// Sign out: ends the session and goes to /signin?resetFlag=false (docs/product.md, "Endpoints").
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { getConfig } from '~/utils/env.server';
import { isSameSiteFormPost } from '~/utils/form-origin.server';
import { signOut } from '~/accounts/session.server';

export async function action({ request }: ActionFunctionArgs) {
  // Another site may not sign a visitor out (cross-site POSTs are refused on every form).
  if (!isSameSiteFormPost(request, getConfig().siteUrl)) return redirect('/');
  return signOut(request);
}

export function loader() {
  return redirect('/');
}
