import type { OriginSettings } from "~/security/origin.server";
import type { Database } from "~/db/client.server";
import { created, done, problem, type Result } from "~/shared/problems";
import type { SignedInOwner } from "~/security/owner-gate.server";
import { findOwnerById } from "./owners.server";
import { changePasswordWithForm } from "./session-actions.server";
import type { OwnerSessions } from "./session.server";
import {
  cancelInvitation,
  findOpenInvitation,
  INVITATION_GONE,
  inviteOwner,
  removeOwner,
} from "./staff.server";

/** "Remove x?" asked first (X-DAY-1's rule for what cannot be undone), then done. */
export interface ConfirmRemoval {
  confirmRemove: { id: string; email: string };
}

/** "Cancel the invitation to x?" asked first too (X-SEC-17). */
export interface ConfirmCancel {
  confirmCancel: { id: string; email: string };
}

export type OwnersPageAnswer = { message: string } | ConfirmRemoval | ConfirmCancel;

/**
 * The /admin/owners page's forms (X-DAY-4): invite, remove (asked first), cancel an invitation
 * (asked first, X-SEC-17), change my password.
 */
export async function applyOwnersForm(
  db: Database,
  request: Request,
  owner: SignedInOwner,
  form: FormData,
  address: string,
  storage: OwnerSessions,
  settings: OriginSettings,
  now: Date,
): Promise<Result<OwnersPageAnswer>> {
  switch (form.get("intent")) {
    case "invite": {
      const outcome = await inviteOwner(db, { email: form.get("email") }, owner, settings, now);
      if (!outcome.ok) {
        // The shop's one error pattern (issue 56, X-A11Y-2): said at the field, typed kept.
        const email = String(form.get("email") ?? "").slice(0, 300);
        const fieldErrors = { email: outcome.message };
        return { ...outcome, extra: { ...outcome.extra, form: "invite", fieldErrors, email } };
      }
      return created({
        message: `Invitation sent to ${outcome.data.invite.email}. The link works once, for 48 hours.`,
      });
    }
    case "remove": {
      const id = String(form.get("ownerId") ?? "");
      if (form.get("confirmed") !== "yes") {
        if (id === owner.id) return problem("conflict", "You cannot remove yourself.");
        const target = await findOwnerById(db, id);
        if (!target) return problem("not_found", "That owner has already been removed.");
        return done({ confirmRemove: { id: target.id, email: target.email } });
      }
      const outcome = await removeOwner(db, id, owner, now);
      if (!outcome.ok) return outcome;
      return done({
        message: `${outcome.data.removed} can no longer sign in; their sessions have ended.`,
      });
    }
    case "cancel-invitation": {
      const id = String(form.get("invitationId") ?? "");
      if (form.get("confirmed") !== "yes") {
        const invitation = await findOpenInvitation(db, id, now);
        if (!invitation) return problem("not_found", INVITATION_GONE);
        return done({ confirmCancel: invitation });
      }
      const outcome = await cancelInvitation(db, id, owner, now);
      if (!outcome.ok) return outcome;
      return done({
        message: `The invitation to ${outcome.data.cancelled} is cancelled; its link no longer works.`,
      });
    }
    case "password":
      return changePasswordWithForm(db, request, owner, form, address, storage, now);
    default:
      return problem("invalid_input", "Choose what to do.");
  }
}
