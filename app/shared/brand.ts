/** The shop's name and contact points: change them here to rebrand (colours and type are the
 *  brand tokens in app/app.css). */
export const BRAND = {
  name: "GRIP TRUTH",
  slogan: "The Grip Is The Truth",
  email: "hello@griptruth.co.uk",
  instagram: "https://www.instagram.com/griptruth/",
  /** Book a Call and Sign Up on the customisation page are social-media links (S-INFO-1,
   *  docs/catalogue.md). */
  bookACall: "https://www.instagram.com/griptruth/",
  signUp: "https://www.facebook.com/griptruth/",
  /**
   * Who sells, as a buyer must be told (X-UK-4): the confirmation e-mail and receipts print this.
   * The seller's e-mail is `email` above.
   */
  seller: {
    name: "GRIP TRUTH Ltd",
    postalAddress: ["Unit 7, Riverside Park Road", "Middlesbrough", "TS2 1QW", "United Kingdom"],
  },
} as const;
