import { data, Form, Link, useNavigation } from "react-router";
import { setPasswordWithForm } from "~/owners/session-actions.server";
import { ownerSessionsFrom } from "~/owners/session.server";
import { describeLink } from "~/owners/staff.server";
import { BODY_LIMITS, MIN_PASSWORD_LENGTH } from "~/shared/limits";
import { OwnerAuthCard, OwnerAuthMessage } from "~/components/OwnerAuthCard";
import { clockFrom, dbFrom } from "~/db/context.server";
import { pageEndpoint, statusOf } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { Button } from "~/ui/Button";
import { EmailText } from "~/ui/EmailText";
import { Field } from "~/ui/Field";
import type { Route } from "./+types/admin.set-password";

export const headers = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

export const meta = () => [
  { title: "Choose your password | GRIP TRUTH back office" },
  { name: "robots", content: "noindex" },
];

/** A link that still works shows its form; a used or expired one a sentence and a 4xx. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const link = await describeLink(dbFrom(context), params.token, clockFrom(context).now());
  if (!link.ok) return data({ gone: link.message, link: null }, { status: statusOf(link) });
  return { gone: null, link: link.data };
}

export const action = pageEndpoint(
  {
    sameOrigin: true,
    body: { kind: "form", limit: BODY_LIMITS.credentials },
    rateLimit: QUOTAS.signIn,
    noStore: true,
  },
  ({ db, body, params, context }) =>
    setPasswordWithForm(
      db,
      params.token ?? "",
      body,
      ownerSessionsFrom(context),
      clockFrom(context).now(),
    ),
);

/**
 * /admin/set-password/:token (X-DAY-4): the one-time link of an invitation or a password reset.
 * Setting the password signs the owner in.
 */
export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { link, gone } = loaderData;
  if (!link) {
    return (
      <OwnerAuthCard title="Link no longer works">
        <p role="alert" className="mt-4 text-center font-semibold">
          {gone}
        </p>
        <p className="mt-4 text-center">
          <Link to="/admin/login" className="underline underline-offset-4">
            Go to sign in
          </Link>
        </p>
      </OwnerAuthCard>
    );
  }
  return (
    <OwnerAuthCard title={link.kind === "invite" ? "Welcome" : "Choose a new password"}>
      <p className="mt-4 text-center text-muted">
        {link.kind === "invite"
          ? "Choose the password for your owner account:"
          : "Choose a new password for"}{" "}
        <span className="font-semibold text-ink">
          <EmailText email={link.email} />
        </span>
      </p>
      <Form method="post" className="mt-6 grid gap-4" noValidate>
        <input type="hidden" name="email" value={link.email} autoComplete="username" />
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          minLength={MIN_PASSWORD_LENGTH}
          required
        />
        <Field
          label="New password again"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
        />
        <OwnerAuthMessage error={actionData?.error} />
        <Button busy={busy}>{busy ? "Saving..." : "Set password and sign in"}</Button>
      </Form>
    </OwnerAuthCard>
  );
}
