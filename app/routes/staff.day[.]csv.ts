// /staff/day.csv?date=YYYY-MM-DD: the run sheet of /staff/day as a CSV file for spreadsheets,
// every text field made safe from formulas. Staff only: everyone else gets the site's plain 404.
import type { LoaderFunctionArgs } from '@remix-run/node';
import {
  loadRunSheet,
  runSheetCsv,
  runSheetDate,
  runSheetFilename,
} from '~/dispatch/run-sheet.server';
import { requireStaff } from '~/staff/staff-access.server';
import { PRIVATE_PAGE_CACHE } from '~/utils/route-headers';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const sheet = await loadRunSheet(runSheetDate(new URL(request.url).searchParams.get('date')));
  return new Response(runSheetCsv(sheet), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${runSheetFilename(sheet.date)}"`,
      'Cache-Control': PRIVATE_PAGE_CACHE,
    },
  });
}
