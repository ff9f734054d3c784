import { filesFrom } from "~/storage/files.server";
import { deletePhoto, updatePhoto } from "~/catalogue/photos/owner.server";
import { endpoint, type Outcome, writeOnly } from "~/security/edge.server";
import { BODY_LIMITS } from "~/shared/limits";

export const loader = writeOnly(["PATCH", "DELETE"]);

/** PATCH `{alt?, color?}`: the photo; DELETE: 200 (X-PHOTO-1). */
export const action = endpoint(
  {
    methods: ["PATCH", "DELETE"],
    sameOrigin: true,
    owner: "api",
    body: { kind: "raw", limit: BODY_LIMITS.form },
    noStore: true,
  },
  async ({ db, request, params, body, owner, context }): Promise<Outcome<unknown> | Response> => {
    const [id, photoId] = [params.id ?? "", params.photoId ?? ""];
    if (request.method === "DELETE")
      return deletePhoto(db, id, photoId, owner!.email, filesFrom(context));
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return Response.json({ error: "The request body must be valid JSON." }, { status: 400 });
    }
    return updatePhoto(db, id, photoId, json, owner!.email);
  },
);
