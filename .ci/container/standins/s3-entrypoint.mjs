// s3rver as MinIO is started in compose.yaml: port 9000, /data, the root user's key pair.
import S3rver from "s3rver";
import account from "s3rver/lib/models/account.js";

const { DUMMY_ACCOUNT } = account;

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
const stop = () => server.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
