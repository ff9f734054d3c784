import type { FileStore } from "~/storage/files.server";
import type { Database } from "~/db/database";
import { done, problem, type Result } from "~/shared/problems";
import { CONFIRMED } from "~/ui/AskFirst";
import { addPhoto, deletePhoto, movePhoto, updatePhoto } from "./owner.server";

/** The owner's page's photo forms (X-PHOTO-1), which work without JavaScript. */

export const PHOTO_INTENTS = ["photo-save", "photo-move", "photo-delete"] as const;

export function isPhotoIntent(form: FormData): boolean {
  return (PHOTO_INTENTS as readonly unknown[]).includes(form.get("intent"));
}

/** The upload form (multipart `file`, `alt`, `color`). */
export async function uploadFromForm(
  db: Database,
  productId: string,
  form: FormData,
  actor: string,
  files: FileStore,
): Promise<Result<{ message: string }>> {
  const file = form.get("file");
  // A form sent with no file chosen carries an empty, nameless file.
  if (file instanceof Blob && file.size === 0) form.delete("file");
  const added = await addPhoto(db, productId, form, actor, files);
  return added.ok
    ? done({ message: "Photo added. It shows in the shop once it is processed." })
    : added;
}

/** Save a photo's alt text and colour, move it, or delete it. */
export async function photoFormAction(
  db: Database,
  productId: string,
  form: FormData,
  actor: string,
  files: FileStore,
): Promise<Result<{ message: string }>> {
  const photoId = String(form.get("photoId") ?? "");
  const intent = form.get("intent");
  if (intent === "photo-delete") {
    if (form.get("confirm") !== CONFIRMED) {
      return problem(
        "invalid_input",
        'Press "Delete" again to confirm: the photo is deleted for good.',
      );
    }
    const deleted = await deletePhoto(db, productId, photoId, actor, files);
    return deleted.ok ? done({ message: "Photo deleted." }) : deleted;
  }
  if (intent === "photo-move") {
    const step = form.get("direction") === "earlier" ? -1 : 1;
    const moved = await movePhoto(db, productId, photoId, step, actor);
    return moved.ok ? done({ message: "Photo moved." }) : moved;
  }
  if (intent === "photo-save") {
    const saved = await updatePhoto(
      db,
      productId,
      photoId,
      { alt: form.get("alt") ?? "", color: form.get("color") ?? "" },
      actor,
    );
    return saved.ok ? done({ message: "Photo saved." }) : saved;
  }
  return problem("invalid_input", "Unknown photo action.");
}
