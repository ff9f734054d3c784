import { settingsFrom } from "~/db/context.server";
import { Link } from "react-router";
import { findProduct } from "~/catalogue/catalogue";
import { catalogueFrom } from "~/catalogue/store.server";
import { BRAND } from "~/shared/brand";
import { pageMeta } from "~/seo/meta";
import { InfoPageShell, PROSE } from "~/ui/InfoPageShell";
import { EmailLink, ExternalLink, LINK_CLASS, TextLink } from "~/ui/links";
import { PartnerLogo } from "~/content/components/PartnerLogo";
import {
  CUSTOMISATION_DESIGN_IDS,
  CUSTOMISATION_FACTS,
  CUSTOMISATION_STEPS,
  PARTNERS,
  TESTIMONIALS,
  designImageSrc,
} from "~/content/customisation";
import { POLICY } from "~/policy/policy";
import { EnquiryForm, type EnquiryActionData } from "~/enquiries/EnquiryForm";
import { receiveEnquiry } from "~/enquiries/enquiries.server";
import { type Outcome, pageEndpoint, success } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { enquiryFromForm } from "~/enquiries/form";
import type { Route } from "./+types/customisation";
import { BODY_LIMITS } from "~/shared/limits";

/** The enquiry form posted without JavaScript (X-SHOP-2); the same checks as /api/enquiries. */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    crossSite: "Enquiries can only be sent from this shop's pages.",
    body: { kind: "form", limit: BODY_LIMITS.form, tooLarge: "The enquiry is too long." },
    rateLimit: QUOTAS.enquiry,
  },
  async ({ db, body, context }): Promise<Outcome<EnquiryActionData>> => {
    const input = enquiryFromForm(body);
    const outcome = await receiveEnquiry(db, input, settingsFrom(context));
    if (!outcome.ok) {
      // The form is shown again with what was typed, never with the honeypot.
      return {
        ...outcome,
        extra: { ...outcome.extra, ok: false, values: { ...input, website: undefined } },
      };
    }
    return success<EnquiryActionData>({ ok: true }, 201);
  },
);

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Custom academy gear",
    description: `Custom rashguards, shorts, gis and hoodies in your academy's colours from ${BRAND.name}: from ${POLICY.teamMinimumPieces} pieces, made in ${POLICY.madeToOrder}.`,
  });
}

const BUTTON =
  "inline-flex min-h-12 items-center justify-center rounded-md px-6 py-3 font-display text-lg font-medium tracking-wider uppercase";

const HEADING =
  "mt-12 font-display text-2xl leading-tight font-bold tracking-wide text-ink uppercase sm:text-3xl";

/** The catalogue's own picture descriptions, without the product name the link already shows. */
function designAlt(alt: string | undefined, fallback: string): string {
  if (!alt) return fallback;
  const description = alt.includes(": ") ? alt.slice(alt.indexOf(": ") + 2) : alt;
  return description.charAt(0).toUpperCase() + description.slice(1);
}

export async function loader({ context }: Route.LoaderArgs) {
  const catalogue = await catalogueFrom(context);
  return {
    designs: CUSTOMISATION_DESIGN_IDS.map((id) => {
      const product = findProduct(catalogue, id);
      const name = product?.name ?? id;
      return { id, name, alt: designAlt(product?.images[0]?.alt, `${name}, front view`) };
    }),
  };
}

export default function Customisation({ actionData, loaderData }: Route.ComponentProps) {
  return (
    <InfoPageShell
      eyebrow="Academies and teams"
      title="Custom academy gear"
      lead={`Rashguards, shorts, gis, Thai shorts and hoodies in your club's colours, with your logo and your athletes' names, made by the same small Teesside team that makes ours.`}
      prose={false}
    >
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <ExternalLink
          href={BRAND.bookACall}
          className={`${BUTTON} bg-accent text-white hover:bg-accent-dark`}
        >
          Book a Call
        </ExternalLink>
        <ExternalLink
          href={BRAND.signUp}
          className={`${BUTTON} border-2 border-ink text-ink hover:bg-ink hover:text-paper`}
        >
          Sign Up
        </ExternalLink>
      </div>

      <div className={PROSE}>
        <h2>How it works</h2>
        <ol>
          {CUSTOMISATION_STEPS.map((step) => (
            <li key={step.title}>
              <strong>{step.title}.</strong> {step.text}
            </li>
          ))}
        </ol>
      </div>

      <dl className="mt-8 grid gap-px overflow-hidden rounded-md border border-stone bg-stone sm:grid-cols-2">
        {CUSTOMISATION_FACTS.map((fact) => (
          <div key={fact.label} className="bg-white px-5 py-4">
            <dt className="font-display text-sm tracking-widest text-muted uppercase">
              {fact.label}
            </dt>
            <dd className="mt-1 font-semibold text-ink">{fact.value}</dd>
          </div>
        ))}
      </dl>

      <div className={PROSE}>
        <h2>Names on gis</h2>
        <p>
          Every gi in a team order can carry its own name, embroidered on the lapel: send us a list
          of names (up to 20 characters each) with the sizes, and each gi comes bagged and labelled
          with its owner&apos;s name. Individual athletes can add a name to any of our{" "}
          <TextLink to="/mens/bjj-gi">gis</TextLink> in the shop.
        </p>

        <h2>Start an enquiry</h2>
        <p>
          Fill in the{" "}
          <a href="#enquiry" className={LINK_CLASS}>
            enquiry form
          </a>{" "}
          below with the garments you have in mind, rough numbers and any deadline, use{" "}
          <strong>Book a Call</strong> above to arrange a chat, or e-mail{" "}
          <EmailLink subject="Custom academy gear" /> with your logo files. Press{" "}
          <strong>Sign Up</strong> to follow us and hear about new designs and partner offers. We
          answer every enquiry within {POLICY.enquiryReply}.
        </p>

        <h2>Designs we have made</h2>
        <p>Five of our no-gi designs started life as kit for a club, a team or a cause.</p>
      </div>
      <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {loaderData.designs.map((design) => (
          <li key={design.id}>
            <Link
              to={`/product/${design.id}`}
              className="group block rounded-md border border-stone bg-white p-2 hover:border-ink"
            >
              <img
                src={designImageSrc(design.id)}
                alt={design.alt}
                width={1000}
                height={1000}
                loading="lazy"
                decoding="async"
                className="aspect-square h-auto w-full rounded bg-paper object-contain"
              />
              <span className="mt-2 block font-display text-sm leading-snug tracking-wide text-ink uppercase group-hover:text-accent-dark group-hover:underline">
                {design.name}
              </span>
            </Link>
          </li>
        ))}
      </ul>

      <EnquiryForm key={actionData ? "posted" : "fresh"} actionData={actionData} />

      <h2 className={HEADING}>Our partner academies</h2>
      <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
        {PARTNERS.map((partner) => (
          <li key={partner.id} className="rounded-md border border-stone bg-white px-4 py-3">
            <PartnerLogo partner={partner} />
          </li>
        ))}
      </ul>

      <h2 className={HEADING}>What our partners say</h2>
      <div className="mt-6 grid gap-6">
        {TESTIMONIALS.map((t) => (
          <figure key={t.name} className="rounded-md border-l-4 border-accent bg-white p-6">
            <blockquote className="text-lg leading-8 text-ink">
              <p>&ldquo;{t.quote}&rdquo;</p>
            </blockquote>
            <figcaption className="mt-4 text-base text-muted">
              <span className="font-display font-bold tracking-wide text-ink uppercase">
                {t.name}
              </span>
              , {t.role}, {t.academy}
            </figcaption>
          </figure>
        ))}
      </div>
    </InfoPageShell>
  );
}
