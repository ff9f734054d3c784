import { removeDemoContent } from "~/flows/back-office/launch.server";
import { endpoint } from "~/security/edge.server";

/** POST /api/admin/launch/remove-demo: 200 with what it changed (X-TRUE-3). */
export const action = endpoint(
  {
    methods: ["POST"],
    sameOrigin: true,
    owner: "api",
    body: { kind: "none" },
    noStore: true,
  },
  ({ db, owner }) => removeDemoContent(db, owner!.email),
);
