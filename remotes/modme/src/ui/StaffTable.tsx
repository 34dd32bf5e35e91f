// The scrolling table frame the ModMe list pages share: header row from `headings`, rows as children.
import type { ReactNode } from "react";

/** A column heading; `hidden` ones are read by screen readers only (e.g. a column of buttons). */
export type Heading = string | { label: string; hidden: true };

export function StaffTable({ headings, children }: { headings: ReadonlyArray<Heading>; children: ReactNode }) {
  return (
    <div className="modme-table-wrap">
      <table className="modme-table">
        <thead>
          <tr>
            {headings.map((heading) =>
              typeof heading === "string" ? (
                <th key={heading} scope="col">
                  {heading}
                </th>
              ) : (
                <th key={heading.label} scope="col">
                  <span className="visually-hidden">{heading.label}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
