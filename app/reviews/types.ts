/** A review as any visitor may see it: never the reviewer's e-mail (X-REV-2). */
export interface PublicReview {
  id: string;
  product_id: string;
  customer_name: string;
  rating: number;
  review_text: string;
  photo_urls: string[];
  /** ISO 8601. */
  created_at: string;
  verified_purchase: boolean;
}
