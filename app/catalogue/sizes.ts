/** Size, belt rank and colour lists of the catalogue (S-CAT-6, docs/catalogue.md). */

export const ADULT_LETTER_SIZES = ["XS", "S", "M", "L", "XL", "XXL"] as const;
export const WOMENS_NO_GI_SIZES = ["XS", "S", "M", "L", "XL"] as const;
export const KIDS_NO_GI_SIZES = ["6Y", "8Y", "10Y", "12Y", "14Y"] as const;

export const MENS_GI_SIZES = [
  "A0",
  "A0L",
  "A1",
  "A1L",
  "A2",
  "A2L",
  "A3",
  "A3L",
  "A4",
  "A4L",
  "A5",
  "A6L",
] as const;
export const WOMENS_GI_SIZES = ["F1", "F1L", "F2", "F2L", "F3", "F3L", "F4"] as const;
export const KIDS_GI_SIZES = ["M0000", "M000", "M00", "M0", "M1", "M2", "M3", "M4"] as const;

export const MENS_SLIDER_SIZES = ["5", "6", "7", "8", "9", "10", "11", "12", "13", "14"] as const;
export const WOMENS_SLIDER_SIZES = ["11", "12", "1", "2", "3", "4", "5", "6"] as const;
export const KIDS_SLIDER_SIZES = ["8", "9", "10", "11", "12", "1", "2", "3"] as const;

export const HOODIE_SIZES = ADULT_LETTER_SIZES;
export const THAI_SHORTS_SIZES = ADULT_LETTER_SIZES;

export const ADULT_BELT_RANKS = ["White", "Blue", "Purple", "Brown", "Black"] as const;
export const KIDS_BELT_RANKS = [
  "White",
  "Grey/White",
  "Grey",
  "Grey/Black",
  "Yellow/White",
  "Yellow",
  "Yellow/Black",
  "Orange/White",
  "Orange",
  "Orange/Black",
  "Green/White",
  "Green",
  "Green/Black",
] as const;

export const HOODIE_COLORS = ["Grey", "Black"] as const;
export const THAI_SHORTS_COLORS = ["Purple", "Red", "Grey"] as const;
