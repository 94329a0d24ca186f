// Sign out: ends the session and goes to /signin?resetFlag=false (spec §2 "Header and footer").
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { signOut } from '~/utils/session.server';

export async function action({ request }: ActionFunctionArgs) {
  return signOut(request);
}

export function loader() {
  return redirect('/');
}
