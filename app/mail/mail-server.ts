// The outgoing mail server's words and shapes (X-OWN-2), for the back office's form and the
// server part (mail-server.server.ts). Pure: safe in the browser.

export const MAIL_SECURITY = ["starttls", "tls", "none"] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];

export const MAIL_SECURITY_LABELS: Record<MailSecurity, string> = {
  starttls: "STARTTLS (usually port 587)",
  tls: "TLS from the start (usually port 465)",
  none: "None (a server on this machine or network only)",
};

/** What a test message found. */
export interface MailTest {
  at: string;
  accepted: boolean;
  /** The server's answer ("250 2.0.0 OK queued as …"), or why it was not sent. */
  answer: string;
  /** Which server it went to (route fingerprint): a test counts only for that server. */
  via: string;
  to: string;
}

/** What /admin/settings shows of the mail server (mail-server.server.ts makes it; the page's
 *  section shows it). */
export interface MailServerState {
  source: "environment" | "saved" | "files";
  /** The environment's server (no password), when SMTP_URL wins. */
  environmentServer: string | null;
  host: string;
  port: string;
  security: MailSecurity;
  user: string;
  from: string;
  passwordSet: boolean;
  /** A saved password this machine's key cannot open. */
  unreadable: boolean;
  lastTest: MailTest | null;
}
