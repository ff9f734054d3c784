import { createContext, type RouterContextProvider } from "react-router";

export interface SignedInOwner {
  id: string;
  email: string;
}

/**
 * How the edge signs an owner in for a route that declares `owner`: the back office's guard
 * (app/admin/guard.server.ts), handed in by the composition root so that the edge, which every
 * capability uses, depends on no capability. Throws the refusal (401, or a redirect to the login)
 * as a Response.
 */
export type OwnerGate = (
  request: Request,
  kind: "page" | "api",
  context: Readonly<RouterContextProvider>,
) => Promise<SignedInOwner>;

export const ownerGateContext = createContext<OwnerGate | null>(null);

export function ownerGateFrom(context: Readonly<RouterContextProvider>): OwnerGate {
  const gate = context.get(ownerGateContext);
  if (!gate) throw new Error("No owner gate in the request context.");
  return gate;
}
