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
