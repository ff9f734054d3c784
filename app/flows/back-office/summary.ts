/** The dashboard's figures (X-DAY-2), as GET /api/admin/summary answers them; see summary.server.ts. */
export interface DashboardSummary {
  takingsPence: number;
  refundsPence: number;
  netPence: number;
  orders: number;
  averageOrderPence: number;
  byDay: { date: string; netPence: number; orders: number }[];
  toMake: number;
  toShip: number;
  openReturns: number;
  openEnquiries: number;
  lowStock: {
    productId: string;
    optionType: string;
    size: string;
    color: string;
    quantity: number;
  }[];
  topProducts: { productId: string; name: string; quantity: number; netPence: number }[];
  /** Issue 53: delivery charges less their share of refunds; with every product's net, the net. */
  deliveryNetPence: number;
  /** Issue 54 (X-GIFT-6): what the shop owes in unspent cards today (active, not past their last
   *  day): `outstandingGiftCardPence`, the figure /admin/gift-cards and its CSV show. */
  giftCardsOutstandingPence: number;
}

/** What the page shows beside the JSON's figures. */
export interface DashboardExtras {
  todayTakingsPence: number;
  todayOrders: number;
  /** Product names for the low-stock list, by id. */
  productNames: Record<string, string>;
}
