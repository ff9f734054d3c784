import type { ReactNode } from "react";

/**
 * Headings, paragraphs and lists of an information page. Links are styled by TextLink and
 * friends rather than here, so buttons that happen to be links keep their own look.
 */
export const PROSE =
  "text-base leading-7 text-ink-soft sm:text-lg sm:leading-8 [&_h2]:mt-12 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:leading-tight [&_h2]:font-bold [&_h2]:tracking-wide [&_h2]:text-ink [&_h2]:uppercase sm:[&_h2]:text-3xl [&_h3]:mt-8 [&_h3]:font-display [&_h3]:text-xl [&_h3]:leading-snug [&_h3]:font-medium [&_h3]:tracking-wide [&_h3]:text-ink [&_h3]:uppercase [&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-ink";

interface InfoPageShellProps {
  title: string;
  /** A short line above the title, e.g. "Support Hub". */
  eyebrow?: string;
  /** The opening paragraph, set larger than the body. */
  lead?: ReactNode;
  /** Size-guide tables need more room than prose. */
  wide?: boolean;
  /** Off for pages that style their own content (the FAQ accordion). */
  prose?: boolean;
  children: ReactNode;
}

/** The one section of an information page, opening with its single <h1>. */
export function InfoPageShell({
  title,
  eyebrow,
  lead,
  wide = false,
  prose = true,
  children,
}: InfoPageShellProps) {
  return (
    <section
      aria-labelledby="page-title"
      className={`mx-auto px-4 py-10 sm:px-6 sm:py-16 ${wide ? "max-w-5xl" : "max-w-3xl"}`}
    >
      {eyebrow ? (
        <p className="font-display text-sm font-medium tracking-[0.2em] text-accent-dark uppercase">
          {eyebrow}
        </p>
      ) : null}
      <h1
        id="page-title"
        className="mt-2 font-display text-4xl leading-none font-bold tracking-wide text-ink uppercase sm:text-6xl"
      >
        {title}
      </h1>
      <div aria-hidden="true" className="mt-5 h-1 w-16 bg-accent" />
      {lead ? <p className="mt-6 text-lg leading-8 text-ink sm:text-xl">{lead}</p> : null}
      {prose ? <div className={`mt-4 ${PROSE}`}>{children}</div> : children}
    </section>
  );
}
