/**
 * The price of a name on a gi in the seeded catalogue (S-PDP-5), quoted by the FAQ, the home page
 * and the customisation page. The catalogue in the database is what charges it (X-CAT-3).
 */
export const GI_NAME_PRICE_PENCE = 1000;
