import type { OriginSettings } from "~/security/origin.server";
import type { Database } from "~/db/client.server";
import { type Outcome, refuse, success } from "~/security/edge.server";
import type { SignedInOwner } from "~/security/owner-gate.server";
import { findOwnerById } from "./owners.server";
import { changePasswordWithForm } from "./session-actions.server";
import type { OwnerSessions } from "./session.server";
import { inviteOwner, removeOwner } from "./staff.server";

/** "Remove x?" asked first (X-DAY-1's rule for what cannot be undone), then done. */
export interface ConfirmRemoval {
  confirmRemove: { id: string; email: string };
}

export type OwnersPageAnswer = { message: string } | ConfirmRemoval;

/** The /admin/owners page's forms (X-DAY-4): invite, remove (asked first), change my password. */
export async function applyOwnersForm(
  db: Database,
  request: Request,
  owner: SignedInOwner,
  form: FormData,
  address: string,
  storage: OwnerSessions,
  settings: OriginSettings,
): Promise<Outcome<OwnersPageAnswer>> {
  switch (form.get("intent")) {
    case "invite": {
      const outcome = await inviteOwner(db, { email: form.get("email") }, owner, settings);
      if (!outcome.ok) return outcome;
      return success(
        {
          message: `Invitation sent to ${outcome.data.invite.email}. The link works once, for 48 hours.`,
        },
        201,
      );
    }
    case "remove": {
      const id = String(form.get("ownerId") ?? "");
      if (form.get("confirmed") !== "yes") {
        if (id === owner.id) return refuse(409, "You cannot remove yourself.");
        const target = await findOwnerById(db, id);
        if (!target) return refuse(404, "That owner has already been removed.");
        return success({ confirmRemove: { id: target.id, email: target.email } });
      }
      const outcome = await removeOwner(db, id, owner);
      if (!outcome.ok) return outcome;
      return success({
        message: `${outcome.data.removed} can no longer sign in; their sessions have ended.`,
      });
    }
    case "password":
      return changePasswordWithForm(db, request, owner, form, address, storage);
    default:
      return refuse(400, "Choose what to do.");
  }
}
