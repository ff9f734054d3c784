import { BRAND } from "~/shared/brand";
import { pageMeta } from "~/seo/meta";
import { SizeGuideCharts } from "~/content/components/SizeGuideCharts";
import { InfoPageShell, PROSE } from "~/ui/InfoPageShell";
import { LINK_CLASS, TextLink } from "~/ui/links";
import { SIZE_GUIDE_SECTIONS, type SizeGuideSection } from "~/content/size-guide";
import { KIDS_SIZE_CHART_URL } from "~/catalogue/size-chart-files";
import type { Route } from "./+types/size-guide";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Size Guide",
    description: `${BRAND.name} size charts in centimetres for men's, women's and kids' no-gi kit and gis, grappling and Thai shorts, hoodies and sliders.`,
  });
}

function ChartSection({ section }: { section: SizeGuideSection }) {
  return (
    <section aria-labelledby={`${section.id}-heading`} id={section.id} className="scroll-mt-24">
      <h2 id={`${section.id}-heading`}>{section.title}</h2>
      <p>{section.intro}</p>
      <SizeGuideCharts section={section} />
      {section.id === "kids" ? (
        <p>
          <a href={KIDS_SIZE_CHART_URL} download className={LINK_CLASS}>
            Download the kids size chart
          </a>{" "}
          (SVG, A4) to print and keep in the kit bag.
        </p>
      ) : null}
    </section>
  );
}

export default function SizeGuide() {
  return (
    <InfoPageShell
      eyebrow="Support Hub"
      title="Size Guide"
      wide
      prose={false}
      lead="Every size we sell, measured in centimetres. Measure yourself (or your child), then find the size whose range you fall in."
    >
      <nav aria-label="Size charts on this page" className="mt-8">
        <ul className="flex flex-wrap gap-2">
          {[...SIZE_GUIDE_SECTIONS, { id: "how-to-measure", title: "How to measure" }].map(
            (section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-ink/20 bg-white px-4 font-display text-sm tracking-wide text-ink uppercase hover:border-ink"
                >
                  {section.title}
                </a>
              </li>
            ),
          )}
        </ul>
      </nav>

      <div className={PROSE}>
        {SIZE_GUIDE_SECTIONS.map((section) => (
          <ChartSection key={section.id} section={section} />
        ))}

        <section
          aria-labelledby="how-to-measure-heading"
          id="how-to-measure"
          className="scroll-mt-24"
        >
          <h2 id="how-to-measure-heading">How to measure</h2>
          <p>
            Use a soft tape measure over underwear or a thin T-shirt, keep the tape level and snug
            but not tight, and ask someone to help if you can.
          </p>
          <ul>
            <li>
              <strong>Height:</strong> stand straight against a wall in bare feet, heels together,
              and measure from the floor to the top of your head.
            </li>
            <li>
              <strong>Weight:</strong> in light clothing. For a gi, use height first, then weight to
              choose between the standard and L (long) size.
            </li>
            <li>
              <strong>Chest or bust:</strong> round the fullest part, under the arms and across the
              shoulder blades.
            </li>
            <li>
              <strong>Waist:</strong> round your natural waist, the narrowest part, just above the
              belly button.
            </li>
            <li>
              <strong>Hip:</strong> round the widest part of your hips and seat, feet together.
            </li>
            <li>
              <strong>Foot length:</strong> stand on a sheet of paper, mark the heel and the longest
              toe, and measure between the marks.
            </li>
          </ul>
          <p>
            Between two sizes? Go up one for a looser fit or for a growing child. Still not sure?
            See our <TextLink to="/faq">FAQs</TextLink> or <TextLink to="/contact">ask us</TextLink>{" "}
            with your measurements.
          </p>
        </section>
      </div>
    </InfoPageShell>
  );
}
