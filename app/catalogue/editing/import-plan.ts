/** What a catalogue file would change, as the import's preview shows it (X-TRUE-4). Pure. */

/** One field of a product or an option as the file and the catalogue say it, as CSV cells. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

export interface OptionChange {
  type: string;
  action: "create" | "change" | "remove";
  changes: FieldChange[];
}

/** A product the file creates or changes, with every field that differs. */
export interface ProductChange {
  id: string;
  name: string;
  action: "create" | "change";
  changes: FieldChange[];
  options: OptionChange[];
}

/**
 * What a file would do to the catalogue (X-TRUE-4): the products it creates or changes, how many
 * rows of products it leaves as they are, and a digest of exactly these changes, which the
 * "Apply" form carries back so the change applied is the one previewed.
 */
export interface ImportPlan {
  changes: ProductChange[];
  unchanged: number;
  digest: string;
}

/** Said when the catalogue moved between the preview and "Apply". */
export const IMPORT_STALE =
  "The catalogue changed since this preview, so nothing was applied. Here is the preview again: check it, then apply.";

/** "Apply 1 change", "Apply 3 changes": the button says how many products it changes. */
export const changesLabel = (n: number) => `${n} ${n === 1 ? "change" : "changes"}`;
