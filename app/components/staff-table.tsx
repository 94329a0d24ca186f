// The operations pages' data table (staff.css): it scrolls sideways inside its own box on a narrow
// screen, its column headings carry their scope, and amount columns are right-aligned.
import type { ReactNode } from 'react';

/** A column heading; an amount column is right-aligned, with its figures. */
export type StaffColumn = string | { label: string; amount: true };

export function StaffTable({
  caption,
  columns,
  footer,
  children,
}: {
  caption?: string;
  columns: readonly StaffColumn[];
  /** Rows of a total, in the table's foot. */
  footer?: ReactNode;
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <div className="staff-table-wrap">
      <table className="staff-table">
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col" className="staff-amount">
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </div>
  );
}
