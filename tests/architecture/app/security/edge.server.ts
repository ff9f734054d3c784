// A fixture for app/architecture.test.ts: stands in for the edge's HTTP helpers.
export function refuse(status: number, error: string) {
  return { ok: false as const, status, error };
}
