import { clockFrom, settingsFrom } from "~/db/context.server";
import { Form, Link, useNavigation } from "react-router";
import { requestPasswordReset } from "~/owners/staff.server";
import { OwnerAuthCard, OwnerAuthMessage } from "~/components/OwnerAuthCard";
import { pageEndpoint } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import type { Route } from "./+types/admin.forgot-password";
import { BODY_LIMITS } from "~/shared/limits";

export const headers = () => ({ "Cache-Control": "no-store" });

export const meta = () => [
  { title: "Forgot your password? | GRIP TRUTH back office" },
  { name: "robots", content: "noindex" },
];

/** Rate-limited like the sign-in (the same per-connection quota); the same answer for any address. */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    body: { kind: "form", limit: BODY_LIMITS.credentials },
    rateLimit: QUOTAS.signIn,
    noStore: true,
  },
  ({ db, body, context }) =>
    requestPasswordReset(
      db,
      { email: body.get("email") },
      settingsFrom(context),
      clockFrom(context).now(),
    ),
);

/** /admin/forgot-password (X-DAY-4): an owner asks for a one-time link to choose a new password. */
export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const sent = actionData && "message" in actionData ? actionData.message : undefined;
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <OwnerAuthCard title="Forgot your password?">
      <p className="mt-4 text-center text-muted">
        Enter your owner e-mail and we will send you a link to choose a new password.
      </p>
      <Form method="post" className="mt-6 grid gap-4" noValidate>
        <Field label="E-mail" name="email" type="email" autoComplete="username" required />
        <OwnerAuthMessage error={error} message={sent} />
        <Button busy={busy}>{busy ? "Sending..." : "Send the link"}</Button>
      </Form>
      <p className="mt-4 text-center">
        <Link to="/admin/login" className="underline underline-offset-4">
          Back to sign in
        </Link>
      </p>
    </OwnerAuthCard>
  );
}
