import { Link } from "react-router";

/** "Request a return" for an order (X-UK-5), from the tracking page; the number fills the form in. */
export function ReturnLink({ orderNumber }: { orderNumber: string }) {
  return (
    <p>
      Sending something back?{" "}
      <Link
        to={`/returns/request?order=${encodeURIComponent(orderNumber)}`}
        className="font-semibold text-accent-dark underline"
      >
        Request a return
      </Link>
      . The form says until when you can send things back.
    </p>
  );
}
