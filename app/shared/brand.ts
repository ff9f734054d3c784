/** The brand's look: its name, slogan and social links (colours and type are the brand tokens in
 *  app/app.css). Who sells, its e-mail and addresses are the owner's settings (X-OWN-1,
 *  app/policy/shop-settings.ts), never this file. */
export const BRAND = {
  name: "GRIP TRUTH",
  slogan: "The Grip Is The Truth",
  instagram: "https://www.instagram.com/griptruth/",
  /** Book a Call and Sign Up on the customisation page are social-media links (S-INFO-1,
   *  docs/catalogue.md). */
  bookACall: "https://www.instagram.com/griptruth/",
  signUp: "https://www.facebook.com/griptruth/",
} as const;
