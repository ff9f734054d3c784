/** The product id of a gift card line in the cart and the checkout request (issue 54). */
export const GIFT_CARD_PRODUCT_ID = "gift-card";

/** Whether a cart or checkout line is a gift card. */
export const isGiftCardLine = (line: { productId: string }) =>
  line.productId === GIFT_CARD_PRODUCT_ID;
