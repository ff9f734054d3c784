import type { ReactNode } from "react";
import { Wordmark } from "./Wordmark";

/**
 * The back office's pages without a session (sign-in, "Forgot your password?", a one-time link to
 * set a password): one card on the dark page, the wordmark and a heading.
 */
export function OwnerAuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-ink px-4 py-12">
      <section
        aria-labelledby="login-title"
        className="w-full max-w-sm rounded-lg bg-paper p-6 shadow-xl sm:p-8"
      >
        <p className="text-center text-3xl">
          <Wordmark className="text-ink" />
        </p>
        <h1 id="login-title" className="mt-4 text-center font-display text-2xl font-bold uppercase">
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}

/**
 * A form's answer on these pages: a refusal as an alert, a success as a status; each is its own
 * live region, so nothing wraps them in another (read twice otherwise, X-A11Y-7).
 */
export function OwnerAuthMessage({ error, message }: { error?: string; message?: string }) {
  return (
    <div>
      {error ? (
        <p role="alert" className="font-semibold text-accent">
          {error}
        </p>
      ) : message ? (
        <p role="status" className="font-semibold text-green-800">
          {message}
        </p>
      ) : null}
    </div>
  );
}
