import { ArrowRight } from "~/ui/icons/arrow-right";
import { Link } from "react-router";
import type { ProductImage } from "~/catalogue/types";

const TONES = {
  dark: "bg-ink text-paper",
  accent: "bg-accent text-white",
  light: "bg-white text-ink ring-1 ring-black/5",
} as const;

export function PromoBlock({
  eyebrow,
  title,
  text,
  cta,
  to,
  image,
  tone,
}: {
  eyebrow: string;
  title: string;
  text: string;
  cta: string;
  to: string;
  image?: ProductImage;
  tone: keyof typeof TONES;
}) {
  const muted = tone === "light" ? "text-muted" : "text-white/85";
  const mark = title.match(/\d+\s*%/)?.[0]?.replace(/\s+/g, "");
  return (
    <section
      className={`relative flex min-h-64 overflow-hidden rounded-lg ${TONES[tone]}`}
      aria-label={title}
    >
      <div className="relative z-10 flex flex-1 flex-col justify-center gap-3 p-7 sm:p-9">
        <p className={`text-xs font-semibold tracking-[0.3em] uppercase ${muted}`}>{eyebrow}</p>
        <h2 className="font-display text-4xl leading-none font-bold uppercase">{title}</h2>
        <p className={`max-w-sm ${muted}`}>{text}</p>
        <Link
          to={to}
          className="mt-2 inline-flex w-fit items-center gap-2 font-display text-lg tracking-wider uppercase underline decoration-2 underline-offset-8 hover:decoration-4"
        >
          {cta} <ArrowRight aria-hidden="true" className="size-5" />
        </Link>
      </div>
      {image ? (
        <div className="hidden w-2/5 shrink-0 sm:block">
          <img
            src={image.src}
            alt=""
            width={1000}
            height={1000}
            loading="lazy"
            className="size-full object-cover"
          />
        </div>
      ) : mark ? (
        // The tile's own figure ("Up to 30% off" → 30%), drawn large: never one of its own.
        <p
          aria-hidden="true"
          className="pointer-events-none absolute -right-4 -bottom-8 font-display text-[10rem] leading-none font-bold text-white/15"
        >
          {mark}
        </p>
      ) : null}
    </section>
  );
}
