import { BRAND } from "~/shared/brand";
import { EmailLink } from "~/ui/links";
import { pageMeta } from "~/seo/meta";
import { FaqAccordion } from "~/content/components/FaqAccordion";
import { InfoPageShell } from "~/ui/InfoPageShell";
import { faqItems } from "~/content/faq";
import { catalogueFrom } from "~/catalogue/store.server";
import { POLICY, settingsPolicy } from "~/policy/policy";
import type { Route } from "./+types/faq";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "FAQs",
    description: `Answers on sizing, gi shrinkage, made-to-order times, name customisation, delivery, returns, team orders and kit care at ${BRAND.name}.`,
  });
}

/** The answers quote the owner's delivery settings (X-TRUE-2). */
export async function loader({ context }: Route.LoaderArgs) {
  return { items: faqItems(settingsPolicy((await catalogueFrom(context)).settings)) };
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  return (
    <InfoPageShell
      eyebrow="Support Hub"
      title="Frequently asked questions"
      prose={false}
      lead="The questions athletes and parents ask us most. Tap a question to see the answer."
    >
      <FaqAccordion items={loaderData.items} />
      <div className="mt-12 rounded-md bg-ink px-6 py-8 text-paper">
        <h2 className="font-display text-2xl font-bold tracking-wide uppercase">Still stuck?</h2>
        <p className="mt-3 leading-7 text-stone">
          E-mail us at{" "}
          <EmailLink className="font-medium break-words text-white underline decoration-2 underline-offset-4 hover:text-stone" />{" "}
          with your order number if you have one. We answer within {POLICY.enquiryReply}.
        </p>
      </div>
    </InfoPageShell>
  );
}
