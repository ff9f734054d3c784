// A fixture for app/architecture.test.ts: a flow making a response (a redirect) itself.
import { redirect } from "react-router";

export const back = () => redirect("/admin/orders");
