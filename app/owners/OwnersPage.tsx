import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { MIN_PASSWORD_LENGTH } from "~/shared/limits";
import { ActionOutcome } from "~/ui/ActionOutcome";
import { Button, ButtonLink } from "~/ui/Button";
import { EmailText } from "~/ui/EmailText";
import { Field } from "~/ui/Field";
import { ErrorSummary, fieldId } from "~/ui/forms";
import type { OwnersPageAnswer } from "./owners-page.server";
import type { OwnerRow, PendingInvite } from "./staff.server";
import { formatLondon } from "~/shared/london-time";

const card = "rounded-lg bg-white p-4 ring-1 ring-black/5 sm:p-5";

function ConfirmRemove({ id, email }: { id: string; email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [id]);
  return (
    <section
      aria-labelledby="confirm-title"
      className="rounded-lg bg-white p-4 ring-2 ring-accent sm:p-5"
    >
      <h2
        id="confirm-title"
        ref={heading}
        tabIndex={-1}
        className="font-display text-xl font-bold uppercase focus:outline-none"
      >
        Remove{" "}
        <span className="font-sans normal-case">
          <EmailText email={email} />
        </span>
        ?
      </h2>
      <p className="mt-2">They are signed out at once and can no longer sign in.</p>
      <Form method="post" className="mt-3 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="ownerId" value={id} />
        <input type="hidden" name="confirmed" value="yes" />
        <Button variant="danger">Yes, remove this owner</Button>
        <ButtonLink to="/admin/owners">Keep them</ButtonLink>
      </Form>
    </section>
  );
}

function ConfirmCancel({ id, email }: { id: string; email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [id]);
  return (
    <section
      aria-labelledby="confirm-cancel-title"
      className="rounded-lg bg-white p-4 ring-2 ring-accent sm:p-5"
    >
      <h2
        id="confirm-cancel-title"
        ref={heading}
        tabIndex={-1}
        className="font-display text-xl font-bold uppercase focus:outline-none"
      >
        Cancel the invitation to{" "}
        <span className="font-sans normal-case">
          <EmailText email={email} />
        </span>
        ?
      </h2>
      <p className="mt-2">Its link stops working at once. You can invite them again later.</p>
      <Form method="post" className="mt-3 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="cancel-invitation" />
        <input type="hidden" name="invitationId" value={id} />
        <input type="hidden" name="confirmed" value="yes" />
        <Button variant="danger">Yes, cancel this invitation</Button>
        <ButtonLink to="/admin/owners">Keep it</ButtonLink>
      </Form>
    </section>
  );
}

/**
 * /admin/owners (X-DAY-4): who can sign in, invitations (each can be cancelled, X-SEC-17),
 * removing an owner, my password.
 */
export function OwnersPage({
  owners,
  invitations,
  me,
  answer,
}: {
  owners: readonly OwnerRow[];
  invitations: readonly PendingInvite[];
  /** The signed-in owner's id. */
  me: string;
  /** What the last post answered: a message, the removal's step, or a refusal. */
  answer?:
    | OwnersPageAnswer
    | { error: string; form?: string; email?: string; fieldErrors?: Record<string, string> };
}) {
  const busy = useNavigation().state === "submitting";
  const confirm = answer && "confirmRemove" in answer ? answer.confirmRemove : null;
  const confirmCancel = answer && "confirmCancel" in answer ? answer.confirmCancel : null;
  const done = answer && "message" in answer;
  // A refused invitation is answered in its own form's summary and field (issue 56).
  const invite =
    answer && "form" in answer && answer.form === "invite"
      ? (answer as { error: string; email?: string; fieldErrors?: Record<string, string> })
      : null;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6">
      <h1 className="font-display text-3xl font-bold uppercase">Owners</h1>
      <ActionOutcome outcome={invite ? null : answer} />
      {confirm ? <ConfirmRemove {...confirm} /> : null}
      {confirmCancel ? <ConfirmCancel {...confirmCancel} /> : null}
      <section aria-labelledby="owners-title" className={card}>
        <h2 id="owners-title" className="font-display text-xl font-bold uppercase">
          Who can sign in
        </h2>
        <ul className="mt-3 divide-y divide-stone">
          {owners.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span className="min-w-0">
                <span className="block font-semibold">
                  <EmailText email={o.email} />
                  {o.id === me ? <span className="ml-2 text-sm text-muted">(you)</span> : null}
                </span>
                <span className="block text-sm text-muted">
                  Since {formatLondon(new Date(o.createdAt))}
                </span>
              </span>
              {o.id !== me && owners.length > 1 ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="ownerId" value={o.id} />
                  <Button variant="secondary" aria-label={`Remove ${o.email}`}>
                    Remove
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
        {invitations.length > 0 ? (
          <>
            <h3 className="mt-4 font-semibold">Invited, not yet joined</h3>
            <ul className="mt-1 divide-y divide-stone text-sm">
              {invitations.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <EmailText email={i.email} />{" "}
                    <span className="text-muted">
                      by <EmailText email={i.invitedBy} />, link works until{" "}
                      {formatLondon(new Date(i.expiresAt))}
                    </span>
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="cancel-invitation" />
                    <input type="hidden" name="invitationId" value={i.id} />
                    <Button variant="secondary" aria-label={`Cancel invitation to ${i.email}`}>
                      Cancel invitation
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      <section aria-labelledby="invite-title" className={card}>
        <h2 id="invite-title" className="font-display text-xl font-bold uppercase">
          Invite an owner
        </h2>
        <p className="mt-1 text-muted">
          They get an e-mail with a link to choose their password. It works once, for 48 hours.
        </p>
        <Form
          method="post"
          key={done ? "sent" : "form"}
          className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
          noValidate
        >
          <input type="hidden" name="intent" value="invite" />
          {invite ? (
            <div className="sm:col-span-2">
              <ErrorSummary
                form="invite"
                message={invite.error}
                errors={invite.fieldErrors ?? {}}
                answer={invite}
              />
            </div>
          ) : null}
          <Field
            id={fieldId("invite", "email")}
            label="Their e-mail"
            name="email"
            type="email"
            autoComplete="off"
            required
            defaultValue={invite?.email}
            error={invite?.fieldErrors?.email}
          />
          <Button busy={busy}>Send invitation</Button>
        </Form>
      </section>
      <section aria-labelledby="password-title" className={card}>
        <h2 id="password-title" className="font-display text-xl font-bold uppercase">
          Change my password
        </h2>
        <p className="mt-1 text-muted">Your other sessions end; this one stays signed in.</p>
        <Form
          method="post"
          key={done ? "changed" : "password"}
          className="mt-3 grid gap-3"
          noValidate
        >
          <input type="hidden" name="intent" value="password" />
          <Field
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
          />
          <Field
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            required
          />
          <Field
            label="New password again"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
          />
          <Button busy={busy} className="justify-self-start">
            Change password
          </Button>
        </Form>
      </section>
    </div>
  );
}
