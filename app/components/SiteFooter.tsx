import { Star } from "~/ui/icons/star";
import { Link } from "react-router";
import { BRAND } from "~/shared/brand";
import { EmailLink } from "~/ui/links";
import { useShopContact } from "~/ui/shop-contact";
import { INFO_HUB, LEGAL_LINKS, SUPPORT_HUB } from "./navigation";
import { Wordmark } from "./Wordmark";

/** The footer's notice, in the year the shop's clock says (X-TRUE-8); without it, no year. */
export function copyrightNotice(year: number | undefined): string {
  return `© ${year ? `${year} ` : ""}${BRAND.name}. All rights reserved. Prices in GBP.`;
}

/** "{n} verified review(s)", singular for one (S-GLB-7). */
export function reviewCountText(count: number): string {
  return `${count} verified ${count === 1 ? "review" : "reviews"}`;
}

function LinkColumn({
  title,
  links,
}: {
  title: string;
  links: readonly { label: string; to: string }[];
}) {
  const id = `footer-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="font-display text-lg tracking-wider text-paper uppercase">
        {title}
      </h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-stone hover:text-white hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Who sells and where (X-OWN-1, the Electronic Commerce Regulations' geographic address), from
 *  the owner's settings. */
function SellerAddress() {
  const seller = useShopContact();
  return (
    <address className="mt-3 text-sm not-italic" data-testid="footer-seller">
      {seller.name}, {seller.postalAddress.join(", ")}
      {seller.companyNumber ? `. Company number ${seller.companyNumber}` : ""}
      {seller.vatNumber ? `. VAT number ${seller.vatNumber}` : ""}
    </address>
  );
}

export function SiteFooter({ reviewCount, year }: { reviewCount: number; year?: number }) {
  return (
    <footer className="mt-16 bg-ink text-stone">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Link to="/" aria-label="GRIP TRUTH home">
            <Wordmark className="text-3xl text-paper" />
          </Link>
          <p className="mt-3 font-display tracking-widest text-paper uppercase">{BRAND.slogan}</p>
          <div className="mt-4 flex items-center gap-2">
            {/* Issue 53: no stars beside "0 verified reviews". */}
            {reviewCount > 0 ? (
              <span className="flex text-yellow-400" role="img" aria-label="Five stars">
                {[0, 1, 2, 3, 4].map((i) => (
                  <Star key={i} aria-hidden="true" className="size-4 fill-current" />
                ))}
              </span>
            ) : null}
            <span data-testid="review-count">{reviewCountText(reviewCount)}</span>
          </div>
        </div>
        <LinkColumn title="Support Hub" links={SUPPORT_HUB} />
        <LinkColumn title="Info Hub" links={INFO_HUB} />
        <div>
          <h2 className="font-display text-lg tracking-wider text-paper uppercase">Follow us</h2>
          <a
            href={BRAND.instagram}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-flex items-center gap-2 text-stone hover:text-white hover:underline"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <rect x="3" y="3" width="18" height="18" rx="5" />
              <circle cx="12" cy="12" r="4" />
              <circle cx="17.5" cy="6.5" r="1" fill="currentColor" />
            </svg>
            Instagram<span className="sr-only"> (opens in a new tab)</span>
          </a>
          <p className="mt-4 text-sm">
            Questions? <EmailLink className="underline hover:text-white" />
          </p>
          <SellerAddress />
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>{copyrightNotice(year)}</p>
          <ul className="flex gap-5">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
