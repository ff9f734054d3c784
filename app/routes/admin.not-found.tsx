import { data, Link } from "react-router";
import type { Route } from "./+types/admin.not-found";

export const meta = () => [{ title: "Error: Page not found | GRIP TRUTH back office" }];

/** An unknown /admin address: a 404 inside the back office, with its navigation (issue 24, item 11). */
export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export default function AdminNotFound(_: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-6">
      <h1 className="font-display text-3xl font-bold uppercase">Page not found</h1>
      <p>There is no back-office page at this address.</p>
      <p>
        <Link to="/admin" className="font-semibold underline underline-offset-4">
          Go to the dashboard
        </Link>
      </p>
    </div>
  );
}
