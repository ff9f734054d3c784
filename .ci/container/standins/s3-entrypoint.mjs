// s3rver as MinIO is started in compose.yaml: port 9000, /data, the root user's key pair. Port
// 9001 stands in for MinIO's admin API, as far as s3-init uses it (the mc stand-in): POST /user
// with the root user's Basic credentials and "key:secret" adds a key pair. s3rver has no
// policies: the bucket user's limit to its bucket is MinIO's to enforce, not tested here.
import http from "node:http";
import S3rver from "s3rver";
import account from "s3rver/lib/models/account.js";

const { DUMMY_ACCOUNT } = account;
const root = `${process.env.MINIO_ROOT_USER}:${process.env.MINIO_ROOT_PASSWORD}`;

DUMMY_ACCOUNT.createKeyPair(process.env.MINIO_ROOT_USER, process.env.MINIO_ROOT_PASSWORD);
// Path-style only: the host name "s3" is not a bucket.
const server = new S3rver({
  address: "0.0.0.0",
  port: 9000,
  directory: "/data",
  silent: true,
  vhostBuckets: false,
});
server.run().then(() => console.log("s3rver is serving on :9000"));
const admin = http.createServer((req, res) => {
  const given = Buffer.from(
    (req.headers.authorization ?? "").replace(/^Basic /, ""),
    "base64",
  ).toString();
  if (req.method !== "POST" || req.url !== "/user" || given !== root)
    return res.writeHead(403).end();
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    const at = body.indexOf(":");
    if (at < 3) return res.writeHead(400).end();
    DUMMY_ACCOUNT.createKeyPair(body.slice(0, at), body.slice(at + 1));
    console.log(`key pair ${body.slice(0, at)} added`);
    res.writeHead(204).end();
  });
});
admin.listen(9001, "0.0.0.0");
const stop = () => server.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
