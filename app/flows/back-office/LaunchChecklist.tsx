import { CircleCheck } from "~/ui/icons/circle-check";
import { Circle } from "~/ui/icons/circle";
import { Link } from "react-router";
import type { LaunchItem } from "./launch.server";

/**
 * The dashboard's launch checklist (X-TRUE-3): shown until every item is done, each with a link to
 * where it is done. Its own component, beside the dashboard's, so either can change alone.
 */
export function LaunchChecklist({ items }: { items: readonly LaunchItem[] }) {
  if (items.every((item) => item.done)) return null;
  const left = items.filter((item) => !item.done).length;
  return (
    <section
      aria-labelledby="launch-title"
      className="mx-auto mt-6 max-w-6xl px-4"
      data-testid="launch-checklist"
    >
      <div className="rounded-lg bg-white p-5 ring-2 ring-accent">
        <h2 id="launch-title" className="font-display text-xl font-bold uppercase">
          Before you open: {left} of {items.length} to do
        </h2>
        <ul className="mt-3 space-y-2">
          {items.map((item) => (
            <li key={item.id} className="flex items-start gap-2" data-done={item.done}>
              {item.done ? (
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
              ) : (
                <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
              )}
              <span>
                <span className="sr-only">{item.done ? "Done: " : "To do: "}</span>
                {item.done ? (
                  item.label
                ) : (
                  <Link to={item.href} className="font-semibold text-accent-dark underline">
                    {item.label}
                  </Link>
                )}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
