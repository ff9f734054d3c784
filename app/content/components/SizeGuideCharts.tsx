import type { SizeGuideSection } from "~/content/size-guide";
import { DataTable } from "./DataTable";

/** One section's charts as /size-guide shows them (each a captioned table that scrolls sideways
 *  in a focusable region on a phone); the team page reuses them beside each product (issue 41). */
export function SizeGuideCharts({ section }: { section: SizeGuideSection }) {
  return (
    <>
      {section.charts.map((chart) => (
        <DataTable
          key={chart.id}
          caption={chart.caption}
          columns={chart.columns}
          rows={chart.rows.map((row) => ({ header: row.size, cells: row.cells }))}
          note={chart.note}
        />
      ))}
    </>
  );
}
