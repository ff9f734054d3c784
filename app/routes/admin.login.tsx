import { Form, Link, redirect, useNavigation } from "react-router";
import { currentOwner, OWNER_HOME } from "~/owners/guard.server";
import { clockFrom } from "~/db/context.server";
import { signInWithForm } from "~/owners/session-actions.server";
import { ownerSessionsFrom } from "~/owners/session.server";
import { Field } from "~/ui/Field";
import { errorOf, ErrorSummary, fieldErrorsOf, fieldId, SubmitButton } from "~/ui/forms";
import { OwnerAuthCard } from "~/components/OwnerAuthCard";
import { pageEndpoint } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import type { Route } from "./+types/admin.login";
import { BODY_LIMITS } from "~/shared/limits";

/** Owner pages are private: never kept by a browser or proxy cache. */
export const headers = () => ({ "Cache-Control": "no-store" });

export const meta = () => [
  { title: "Sign in | GRIP TRUTH back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await currentOwner(request, context)) throw redirect(OWNER_HOME);
  return null;
}

export const action = pageEndpoint(
  {
    sameOrigin: true,
    body: { kind: "form", limit: BODY_LIMITS.short },
    rateLimit: QUOTAS.signIn,
    noStore: true,
  },
  ({ db, request, body, address, context }) =>
    signInWithForm(
      db,
      request,
      body,
      address,
      ownerSessionsFrom(context),
      clockFrom(context).now(),
    ),
);

const SIGN_IN_FORM = "sign-in";

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = fieldErrorsOf(actionData);
  // One form pattern (X-A11Y-2): the summary takes the focus and links to the fields; the
  // button stays focusable while signing in.
  return (
    <OwnerAuthCard title="Back office">
      <Form method="post" className="mt-6 grid gap-4" noValidate>
        <ErrorSummary
          form={SIGN_IN_FORM}
          message={errorOf(actionData)}
          errors={errors}
          fieldOrder={["email", "password"]}
          answer={actionData}
        />
        <Field
          id={fieldId(SIGN_IN_FORM, "email")}
          label="E-mail"
          name="email"
          type="email"
          autoComplete="username"
          required
          error={errors.email}
        />
        <Field
          id={fieldId(SIGN_IN_FORM, "password")}
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <SubmitButton busy={busy}>{busy ? "Signing in..." : "Sign in"}</SubmitButton>
      </Form>
      <p className="mt-4 text-center">
        <Link to="/admin/forgot-password" className="underline underline-offset-4">
          Forgot your password?
        </Link>
      </p>
    </OwnerAuthCard>
  );
}
