import type { ReactElement } from "react";
import type { SettingsPolicy } from "~/policy/policy";

/** One information page: its words live in app/content/pages/<slug>.tsx. */
export interface InfoPageContent {
  /** The <h1>, and the page title before " | GRIP TRUTH". */
  title: string;
  /** The hub it belongs to, shown above the title. */
  eyebrow: string;
  /** One sentence for search results and link previews. */
  description: string;
  lead: string;
  /** The page; `policy`: the figures the owner's settings make (X-TRUE-2). */
  Body: (props: { policy: SettingsPolicy }) => ReactElement;
}
