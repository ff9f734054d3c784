import { partsFrom } from "~/flows/parts.server";
import { PHOTO_TOO_LARGE, uploadPhoto } from "~/reviews/api.server";
import { endpoint, writeOnly } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { BODY_LIMITS } from "~/shared/limits";

export const loader = writeOnly(["POST"], "Use POST to upload a photo.");

export const action = endpoint(
  {
    sameOrigin: true,
    body: {
      kind: "multipart",
      limit: BODY_LIMITS.reviewPhoto,
      tooLarge: PHOTO_TOO_LARGE,
    },
    rateLimit: QUOTAS.upload,
  },
  ({ db, body, request, address, context }) =>
    uploadPhoto(db, body, request, address, partsFrom(context)),
);
