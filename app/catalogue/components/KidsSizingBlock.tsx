import { Download } from "~/ui/icons/download";
import { Link } from "react-router";
import { KIDS_SIZE_CHART_URL } from "~/catalogue/size-chart-files";

/** The kids sizing guide block with Download Size Chart (S-CAT-3). */
export function KidsSizingBlock() {
  return (
    <section
      aria-labelledby="kids-sizing"
      className="mb-8 flex flex-col gap-4 rounded-lg bg-white p-6 ring-1 ring-black/5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="kids-sizing" className="font-display text-2xl font-bold uppercase">
          Kids sizing guide
        </h2>
        <p className="mt-1 max-w-xl text-muted">
          No-gi kit is sized by age (6Y to 14Y) and gis by height (M0000 to M4). Kids grow fast: if
          they are between sizes, choose the larger one. Full measurements are in the{" "}
          <Link to="/size-guide#kids" className="text-accent underline underline-offset-2">
            size guide
          </Link>
          .
        </p>
      </div>
      <a
        href={KIDS_SIZE_CHART_URL}
        download
        className="inline-flex shrink-0 items-center justify-center gap-2 rounded bg-ink px-5 py-3 font-semibold text-paper hover:bg-ink-soft"
      >
        <Download aria-hidden="true" className="size-5" /> Download Size Chart
      </a>
    </section>
  );
}
