// The orders' words other folders may name (issue 48): their states and their postal address,
// without importing the orders' tables.
export {
  FULFILMENT_STATUSES,
  type FulfilmentStatus,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
  type PostalAddress,
} from "./schema";
