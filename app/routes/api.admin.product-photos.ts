import { filesFrom } from "~/storage/files.server";
import { requireOwner } from "~/owners/guard.server";
import { addPhoto, listOwnerPhotos, reorderPhotos } from "~/catalogue/photos/owner.server";
import { PHOTO_MESSAGES } from "~/catalogue/photos/photo-rules";
import { dbFrom } from "~/db/context.server";
import { endpoint } from "~/security/edge.server";
import { BODY_LIMITS } from "~/shared/limits";
import type { Route } from "./+types/api.admin.product-photos";

/** GET /api/admin/products/:id/photos: the product's photos in order (X-PHOTO-1). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireOwner(request, "api", context);
  const photos = await listOwnerPhotos(dbFrom(context), params.id);
  return photos
    ? Response.json(photos, { headers: { "Cache-Control": "no-store" } })
    : Response.json({ error: `No product has the id "${params.id}".` }, { status: 404 });
}

/** POST multipart `file`, `alt`, `color?`: 201 the photo, "processing" until it is ready. */
const upload = endpoint(
  {
    sameOrigin: true,
    owner: "api",
    body: {
      kind: "multipart",
      limit: BODY_LIMITS.productPhoto,
      tooLarge: PHOTO_MESSAGES.tooLarge,
    },
    noStore: true,
  },
  ({ db, params, body, owner, context }) =>
    addPhoto(db, params.id ?? "", body, owner!.email, filesFrom(context)),
);

/** PUT `{order: [photoId, …]}`: the photos in that order. */
const reorder = endpoint(
  {
    methods: ["PUT"],
    sameOrigin: true,
    owner: "api",
    body: { kind: "json", limit: BODY_LIMITS.form },
    noStore: true,
  },
  ({ db, params, body, owner }) => reorderPhotos(db, params.id ?? "", body, owner!.email),
);

export function action(args: Route.ActionArgs) {
  return args.request.method === "PUT" ? reorder(args) : upload(args);
}
