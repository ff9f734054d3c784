#!/usr/bin/env node
// CI stand-in for MinIO's client `mc`, as far as compose.yaml's s3-init uses it, against the s3
// stand-in (s3rver, with its admin stand-in on port 9001): alias set, ls, mb --ignore-existing,
// admin user add / info, admin policy create / attach (recorded only: s3rver has no policies).
import { readFileSync, writeFileSync } from "node:fs";

const file = `${process.env.HOME ?? "/tmp"}/.mc-standin.json`;
const aliases = (() => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return {};
  }
})();
const args = process.argv.slice(2);
const fail = (message) => {
  console.error(`mc: ${message}`);
  process.exit(1);
};
const target = (spec) => {
  const [name, ...rest] = spec.split("/");
  const alias = aliases[name] ?? fail(`no alias ${name}`);
  return { ...alias, path: rest.join("/") };
};
const [a, b, c] = args;
if (a === "alias" && b === "set") {
  const [, , name, url, user, password] = args;
  aliases[name] = { url, user, password };
  writeFileSync(file, JSON.stringify(aliases), { mode: 0o600 });
} else if (a === "ls") {
  const { url } = target(b);
  await fetch(url).catch(() => fail(`${url} does not answer`));
} else if (a === "mb") {
  const { url, path } = target(args.at(-1));
  const res = await fetch(`${url}/${path}`, { method: "PUT" });
  if (!res.ok && !(args.includes("--ignore-existing") && res.status === 409))
    fail(`mb answered ${res.status}`);
  console.log(`Bucket created successfully \`${args.at(-1)}\`.`);
} else if (a === "admin" && b === "user" && c === "add") {
  const { url, user, password } = target(args[3]);
  const admin = new URL(url);
  admin.port = "9001";
  const res = await fetch(new URL("/user", admin), {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}` },
    body: `${args[4]}:${args[5]}`,
  });
  if (!res.ok) fail(`admin user add answered ${res.status}`);
  console.log(`Added user \`${args[4]}\` successfully.`);
} else if (a === "admin" && b === "user" && c === "info") {
  console.log(`AccessKey: ${args[4]}\nPolicyName: ${aliases.policy ?? ""}`);
} else if (a === "admin" && b === "policy" && (c === "create" || c === "attach")) {
  if (c === "attach") aliases.policy = args[4];
  writeFileSync(file, JSON.stringify(aliases), { mode: 0o600 });
  console.log(`policy ${c}: recorded (the s3rver stand-in has no policies)`);
} else {
  fail(`the stand-in does not know: ${args.join(" ")}`);
}
