import { Form, Link } from "react-router";
import { Button } from "~/ui/Button";
import { Field, SelectField } from "~/ui/Field";
import { MAIL_SECURITY, MAIL_SECURITY_LABELS, type MailServerState } from "./mail-server";

/** What the section shows, as the loader sends it. */
export type MailServerView = MailServerState;

/** The form intents this section posts to /admin/settings (each its own form). */
export const MAIL_SERVER_INTENT = "mail-server";
export const MAIL_TEST_INTENT = "mail-test";

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Europe/London",
  });

/**
 * "Outgoing e-mail" on /admin/settings (X-OWN-2): where e-mail goes now, the mail server's form
 * (the password only ever shown as "set") and the test message with the server's answer.
 */
export function MailServerSection({
  mail,
  ownerEmail,
  values,
  errorFor,
}: {
  mail: MailServerView;
  ownerEmail: string;
  /** What was typed, after a refusal of this section's form. */
  values?: Record<string, string>;
  errorFor: (field: string) => string | undefined;
}) {
  const typed = values?.intent === MAIL_SERVER_INTENT ? values : undefined;
  const value = (name: string, saved: string) => typed?.[name] ?? saved;
  const test = mail.lastTest;
  return (
    <section
      id="mail-server"
      aria-labelledby="mail-server-title"
      className="space-y-4 rounded-lg bg-white p-5 ring-1 ring-black/5"
    >
      <h2 id="mail-server-title" className="font-display text-xl font-bold uppercase">
        Outgoing e-mail
      </h2>
      <p data-testid="mail-route">
        {mail.source === "environment" ? (
          <>
            E-mail goes through <strong>{mail.environmentServer}</strong>, set by{" "}
            <code>SMTP_URL</code> where the shop is started. That setting wins over the server below
            while it is there.
          </>
        ) : mail.source === "saved" ? (
          <>
            E-mail goes through <strong>{mail.host}</strong>, the server saved here. A change takes
            effect from the next e-mail, without a restart.
          </>
        ) : (
          <strong className="text-accent">
            No mail server is set: e-mails to customers and to you are only written to files on the
            shop&apos;s machine (DATA_DIR/outbox). Nobody receives them.
          </strong>
        )}
      </p>
      {mail.unreadable ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 font-semibold text-red-800">
          The saved password was sealed with another machine&apos;s key (SECRETS_KEY or
          DATA_DIR/secrets.key) and cannot be read here: type it again and save.
        </p>
      ) : null}
      <Form
        method="post"
        className="space-y-4"
        noValidate
        key={JSON.stringify(mail) + JSON.stringify(typed ?? {})}
      >
        <input type="hidden" name="intent" value={MAIL_SERVER_INTENT} />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="Mail server"
            name="smtpHost"
            className="sm:col-span-2"
            defaultValue={value("smtpHost", mail.host)}
            hint="From your e-mail provider, e.g. smtp.example.com."
            error={errorFor("smtpHost")}
            autoComplete="off"
          />
          <Field
            label="Port"
            name="smtpPort"
            inputMode="numeric"
            defaultValue={value("smtpPort", mail.port)}
            error={errorFor("smtpPort")}
          />
        </div>
        <SelectField
          label="Security"
          name="smtpSecurity"
          defaultValue={value("smtpSecurity", mail.security)}
          error={errorFor("smtpSecurity")}
        >
          {MAIL_SECURITY.map((option) => (
            <option key={option} value={option}>
              {MAIL_SECURITY_LABELS[option]}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="User name"
            name="smtpUser"
            defaultValue={value("smtpUser", mail.user)}
            hint="Often the e-mail address itself; empty for a server without sign-in."
            error={errorFor("smtpUser")}
            autoComplete="off"
          />
          <Field
            label="Password"
            name="smtpPassword"
            type="password"
            defaultValue=""
            hint={
              mail.passwordSet
                ? "Set. Leave empty to keep it; it is never shown again."
                : "Stored encrypted; never shown again."
            }
            error={errorFor("smtpPassword")}
            autoComplete="new-password"
          />
        </div>
        <Field
          label="Send as"
          name="smtpFrom"
          defaultValue={value("smtpFrom", mail.from)}
          hint="The sender customers see, e.g. Grip Truth <orders@example.com>: an address this server may send from."
          error={errorFor("smtpFrom")}
        />
        <Button>Save the mail server</Button>
      </Form>
      <Form method="post" className="space-y-2 border-t border-stone pt-4">
        <input type="hidden" name="intent" value={MAIL_TEST_INTENT} />
        <p>
          A test message goes to you ({ownerEmail}) at once, through the server e-mail uses now.
          Until a server accepts one, the launch checklist keeps &ldquo;E-mail is delivered&rdquo;
          open.
        </p>
        {errorFor("mailTest") ? (
          <p className="text-sm font-semibold text-accent">{errorFor("mailTest")}</p>
        ) : null}
        <Button variant="secondary">Send a test message</Button>
        {test ? (
          <p data-testid="mail-last-test" className="text-sm text-muted">
            Last test, {when(test.at)}, to {test.to}:{" "}
            <strong className={test.accepted ? "text-success" : "text-accent"}>
              {test.accepted ? "accepted" : "not accepted"}
            </strong>
            . The server answered: <q>{test.answer}</q>
          </p>
        ) : null}
      </Form>
    </section>
  );
}

/** The dashboard's warning while e-mail is only written to files in production (X-OWN-2). */
export function MailOnlyInFilesWarning() {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6">
      <p
        role="alert"
        data-testid="mail-files-warning"
        className="rounded-md bg-red-50 p-3 font-semibold text-red-800"
      >
        E-mail is not being sent: no mail server is set, so order confirmations, shipping e-mails
        and your own notices are only written to files on the shop&apos;s machine.{" "}
        <Link to="/admin/settings#mail-server" className="underline">
          Set the outgoing mail server
        </Link>
        .
      </p>
    </div>
  );
}
