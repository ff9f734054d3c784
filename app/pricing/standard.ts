/** The option of a product that has no options (S-PDP-7, S-ACC-3). */
export const STANDARD_OPTION = "Standard";
/** The size of a product that has no sizes. */
export const NO_SIZE = "N/A";
