/**
 * Text put into markup the shop writes by hand, in one place: HTML e-mails and pages
 * (`escapeHtml`), and XML (`escapeXml`: the drawings' SVG, the size chart, the product feed).
 */

/** The five characters HTML gives meaning to, as numeric references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** XML's five entities, and the characters XML 1.0 cannot hold at all left out. */
export function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
  );
}
