import type { Config } from "@react-router/dev/config";

// The bench's floor (issue 38, X-PF-8): a bare React Router 8 app, server-rendered, no styles.
export default { ssr: true, appDirectory: "app" } satisfies Config;
