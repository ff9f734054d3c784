import { ChevronDown } from "~/ui/icons/chevron-down";
import { useState } from "react";
import { Link } from "react-router";
import { nextOpenIndex, type FaqItem } from "../faq";
import { LINK_CLASS } from "~/ui/links";

/**
 * The FAQ accordion (S-INFO-1): all closed at first, one open at a time, clicking the open
 * one closes it. Closed answers stay in the page with `hidden`, and without JavaScript the
 * stylesheet shows them all (app.css, `scripting: none`; in the page's head since issue 55, as a
 * <style> may not stand in the body), so nobody is locked out of an answer (X-SHOP-2).
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const [open, setOpen] = useState<number | null>(null);

  return (
    <div className="mt-10 border-t border-ink/15">
      {items.map((item, index) => {
        const isOpen = open === index;
        const buttonId = `faq-${item.id}-button`;
        const panelId = `faq-${item.id}-panel`;
        return (
          <div key={item.id} className="border-b border-ink/15">
            <h2 className="font-display text-lg leading-snug font-medium tracking-wide uppercase sm:text-xl">
              <button
                type="button"
                id={buttonId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpen((current) => nextOpenIndex(current, index))}
                className="flex min-h-12 w-full items-center justify-between gap-4 py-5 text-left text-ink uppercase hover:text-accent-dark"
              >
                <span>{item.question}</span>
                <ChevronDown
                  aria-hidden="true"
                  className={`size-6 shrink-0 text-accent transition-transform duration-200 ${isOpen ? "rotate-180" : ""}`}
                />
              </button>
            </h2>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!isOpen}
              data-faq-panel=""
              tabIndex={isOpen ? 0 : -1}
              className="max-h-96 overflow-y-auto pr-2 pb-6 text-base leading-7 text-ink-soft sm:text-lg sm:leading-8"
            >
              {item.answer.map((paragraph) => (
                <p key={paragraph} className="mt-3 first:mt-0">
                  {paragraph}
                </p>
              ))}
              {item.link ? (
                <p className="mt-3">
                  <Link to={item.link.to} className={LINK_CLASS}>
                    {item.link.label}
                  </Link>
                </p>
              ) : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}
