// /staff/reports.csv: the report of /staff/reports as a CSV file for spreadsheets, with the same
// query (from, to, group). Staff only: everyone else gets the site's plain 404.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadReport, reportCsv, reportFilename } from '~/staff/reports.server';
import { requireStaff } from '~/staff/staff-access.server';
import { PRIVATE_PAGE_CACHE } from '~/utils/route-headers';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const report = await loadReport(new URL(request.url));
  return new Response(reportCsv(report), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${reportFilename(report.filters)}"`,
      'Cache-Control': PRIVATE_PAGE_CACHE,
    },
  });
}
