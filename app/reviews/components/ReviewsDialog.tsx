import { X } from "~/ui/icons/x";
import { useEffect, useId, useRef } from "react";
import type { PublicReview } from "../types";
import { ReviewForm } from "./ReviewForm";

export type ReviewsTab = "reviews" | "write";
const TABS: readonly { id: ReviewsTab; label: string }[] = [
  { id: "reviews", label: "Reviews" },
  { id: "write", label: "Write a review" },
];

/**
 * The reviews modal (S-REV-2): a native modal <dialog> (focus kept inside, Escape closes, focus
 * returns to the opener) with two real tabs; arrow keys, Home and End move between them.
 */
export function ReviewsDialog({
  open,
  tab,
  onTabChange,
  onClose,
  productId,
  productName,
  reviewCount,
  list,
  notice,
  onSubmitted,
}: {
  open: boolean;
  tab: ReviewsTab;
  onTabChange: (tab: ReviewsTab) => void;
  onClose: () => void;
  productId: string;
  productName: string;
  reviewCount: number;
  /**
   * The list of every review, as the section renders it: passed in rather than imported, so the
   * list's code stays with the page and is not split off into a chunk of its own (X-PERF-2).
   */
  list: React.ReactNode;
  notice: string | null;
  onSubmitted: (review: PublicReview) => Promise<void>;
}) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const tabRefs = useRef<Record<ReviewsTab, HTMLButtonElement | null>>({
    reviews: null,
    write: null,
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      tabRefs.current[tab]?.focus();
    }
    if (!open && dialog.open) dialog.close();
    // Only opening and closing move focus; a tab change is handled where it happens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const select = (next: ReviewsTab, focus = true) => {
    onTabChange(next);
    if (focus) tabRefs.current[next]?.focus();
  };

  const onTabKey = (event: React.KeyboardEvent) => {
    const index = TABS.findIndex((t) => t.id === tab);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(TABS[target]!.id);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="reviews-dialog m-auto h-dvh max-h-dvh w-full max-w-full bg-paper p-0 text-ink shadow-2xl backdrop:bg-black/60 sm:h-auto sm:max-h-[90dvh] sm:w-[min(44rem,calc(100%-2rem))] sm:rounded-lg"
    >
      <div className="flex h-full max-h-[inherit] flex-col">
        <div className="flex items-start justify-between gap-4 border-b border-stone px-5 pt-4">
          <div className="min-w-0">
            <h2 id={`${id}-title`} className="font-display text-2xl font-bold uppercase">
              Reviews
            </h2>
            <p className="truncate text-sm text-muted">{productName}</p>
            <div
              role="tablist"
              aria-label="Reviews"
              className="mt-3 flex gap-1"
              onKeyDown={onTabKey}
            >
              {TABS.map((t) => (
                <button
                  key={t.id}
                  ref={(el) => {
                    tabRefs.current[t.id] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`${id}-tab-${t.id}`}
                  aria-selected={tab === t.id}
                  aria-controls={`${id}-panel-${t.id}`}
                  tabIndex={tab === t.id ? 0 : -1}
                  onClick={() => select(t.id, false)}
                  className={`-mb-px border-b-3 px-3 py-2 font-display text-base tracking-wider uppercase ${
                    tab === t.id
                      ? "border-accent text-ink"
                      : "border-transparent text-muted hover:text-ink"
                  }`}
                >
                  {t.label}
                  {t.id === "reviews" ? ` (${reviewCount})` : ""}
                </button>
              ))}
            </div>
          </div>
          <button
            type="button"
            onClick={onClose}
            className="-mr-2 rounded p-2 hover:bg-stone"
            aria-label="Close reviews"
          >
            <X aria-hidden="true" />
          </button>
        </div>
        <div
          role="tabpanel"
          id={`${id}-panel-reviews`}
          aria-labelledby={`${id}-tab-reviews`}
          hidden={tab !== "reviews"}
          tabIndex={0}
          className="flex-1 overflow-y-auto px-5 py-5"
        >
          <div
            role="status"
            className={
              notice ? "mb-4 rounded bg-success/10 px-4 py-3 font-semibold text-success" : ""
            }
          >
            {notice}
          </div>
          {list}
        </div>
        <div
          role="tabpanel"
          id={`${id}-panel-write`}
          aria-labelledby={`${id}-tab-write`}
          hidden={tab !== "write"}
          className="flex-1 overflow-y-auto px-5 py-5"
        >
          <ReviewForm
            productId={productId}
            onSubmitted={async (review) => {
              await onSubmitted(review);
              // The form's panel is hidden now: keep focus on something visible.
              tabRefs.current.reviews?.focus();
            }}
          />
        </div>
      </div>
    </dialog>
  );
}
