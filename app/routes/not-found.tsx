import { data } from "react-router";

// Unknown paths answer a real 404; the root error boundary shows the page.
export function loader() {
  throw data("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}
