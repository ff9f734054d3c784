import { partsFrom } from "~/flows/parts.server";
import { MULTIPART_OVERHEAD, PHOTO_TOO_LARGE, uploadPhoto } from "~/reviews/api.server";
import { MAX_PHOTO_BYTES } from "~/reviews/photos.server";
import { endpoint, writeOnly } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";

export const loader = writeOnly(["POST"], "Use POST to upload a photo.");

export const action = endpoint(
  {
    sameOrigin: true,
    body: {
      kind: "multipart",
      limit: MAX_PHOTO_BYTES + MULTIPART_OVERHEAD,
      tooLarge: PHOTO_TOO_LARGE,
    },
    rateLimit: QUOTAS.upload,
  },
  ({ db, body, request, address, context }) =>
    uploadPhoto(db, body, request, address, partsFrom(context)),
);
