#!/usr/bin/env bash
# The container test (issue 35, X-DEPLOY-1), run by .ci/run after `npm test`:
#   the shop's image built with Podman from a local base (host.sh), the compose file started
#   with local stand-ins for PostgreSQL, Redis, the S3-compatible store and Caddy (Debian's
#   packages; s3rver for the store, a stand-in `mc` for s3-init), each service holding only its own
#   secrets, the shop and the proxy read-only without capabilities, Redis' password on no
#   command line (issue 50, X-SEC-28), an order placed through the proxy over HTTP, the readiness
#   probe, /metrics (the order counted; refused without the token; not served by the proxy), the
#   payment's log line found by its request id with no e-mail address in it, then one shop
#   process stopped with SIGTERM while the other keeps serving (exit 0, "Stopped."), and the
#   whole project stopped and removed. Images stay in podman's store: a warm run rebuilds only
#   what changed. Set CONTAINER_HTTP_PORT (4380) and CONTAINER_HTTPS_PORT (4443) to move it.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
here="$repo/.ci/container"
started=$SECONDS
step() { echo "[container $((SECONDS - started)) s] $*"; }
fail() { echo "Container test FAILED: $*" >&2; exit 1; }
# A container's log, read whole before it is searched: `podman logs … | grep -q` under pipefail
# fails when grep stops reading at its match and podman, still writing, dies of SIGPIPE (a stopped
# shop's "SIGTERM" line was once reported missing). Also waits up to 10 s for the line, as conmon
# may still be writing a container's last lines when podman reports it (podman issue 10596).
logs_of() { local name; for name in "$@"; do podman logs "$name" 2>&1; done; }
# logged "<containers>" <pattern>: the pattern appears in those containers' logs within 10 s.
logged() {
  local waited=0 text
  # shellcheck disable=SC2086 # the names are one word each
  until text="$(logs_of $1)" && grep -q -- "$2" <<<"$text"; do
    [ "$waited" -lt 100 ] || return 1
    sleep 0.1
    waited=$((waited + 1))
  done
}

"$here/host.sh"
export PATH="$PATH:/usr/sbin"
NODE_IMAGE=localhost/grip-truth/node:24
BASE_IMAGE=localhost/grip-truth/debian:bookworm

# The stand-ins, each tagged by its files' hash: built once, again only when they change.
standin() {
  local name=$1 tag
  tag="localhost/grip-truth/standin-$name:$(cat "$here/standins/$name".* "$here/standins/$name"-* 2>/dev/null | sha256sum | cut -c1-12)"
  if ! podman image exists "$tag"; then
    step "building the $name stand-in"
    podman build -q --format docker --build-arg BASE_IMAGE="$BASE_IMAGE" --build-arg NODE_IMAGE="$NODE_IMAGE" \
      -f "$here/standins/$name.Containerfile" -t "$tag" "$here/standins" >/dev/null
  fi
  echo "$tag"
}
POSTGRES_IMAGE=$(standin postgres | tail -1)
REDIS_IMAGE=$(standin redis | tail -1)
S3_IMAGE=$(standin s3 | tail -1)
MC_IMAGE=$(standin mc | tail -1)
PROXY_IMAGE=$(standin caddy | tail -1)

step "building the shop's image (Dockerfile, NODE_IMAGE=$NODE_IMAGE)"
SHOP_IMAGE=localhost/grip-truth/shop:ci
podman build -q --format docker --build-arg NODE_IMAGE="$NODE_IMAGE" -t "$SHOP_IMAGE" . >/dev/null

# The project in a folder of its own (the repository's .env, if any, is left alone).
work="$(mktemp -d)"
project=gripcitest
compose() { (cd "$work" && podman-compose -p "$project" "$@" >>"$work/compose.log" 2>&1); }
cleanup() {
  compose down -v || true
  podman volume ls -q | grep "^${project}_" | xargs -r podman volume rm -f >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap 'status=$?; [ $status -ne 0 ] && tail -40 "$work/compose.log" 2>/dev/null; cleanup; exit $status' EXIT
mkdir -p "$work/deploy"
cp compose.yaml "$work/"
cp deploy/Caddyfile "$work/deploy/"
# compose.yaml must name no floating image: every default is a pinned version.
if grep -nE 'image: \$\{[A-Z_]+:-[^}]*:latest\}|image: [^$]*:latest' compose.yaml; then fail "compose.yaml names a :latest image"; fi
secret() { head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n'; }
HTTP_PORT="${CONTAINER_HTTP_PORT:-4380}"
METRICS_TOKEN="$(secret)"
cat >"$work/.env" <<ENV
SHOP_IMAGE=$SHOP_IMAGE
POSTGRES_IMAGE=$POSTGRES_IMAGE
REDIS_IMAGE=$REDIS_IMAGE
S3_IMAGE=$S3_IMAGE
PROXY_IMAGE=$PROXY_IMAGE
SITE_ADDRESS=:80
HTTP_PORT=$HTTP_PORT
HTTPS_PORT=${CONTAINER_HTTPS_PORT:-4443}
POSTGRES_PASSWORD=$(secret)
REDIS_PASSWORD=$(secret)
MINIO_ROOT_USER=root$(secret | cut -c1-16)
MINIO_ROOT_PASSWORD=$(secret)
S3_ACCESS_KEY=shop$(secret | cut -c1-16)
S3_SECRET_KEY=$(secret)
S3_BUCKET=grip-truth-ci
MC_IMAGE=$MC_IMAGE
ENV
# The shop's own settings: only the shop processes read this file.
cat >"$work/deploy/shop.env" <<ENV
PAYMENTS=sandbox
METRICS_TOKEN=$METRICS_TOKEN
STOP_DEADLINE_MS=10000
ENV
value_of() { sed -n "s/^$1=//p" "$work/.env"; }

container() { podman ps -a --format '{{.Names}}' | grep -E "^${project}_$1(_1)?$" | head -1; }
healthy() { podman healthcheck run "$1" >/dev/null 2>&1; }
wait_healthy() {
  local name=$1 limit=$2 at=$SECONDS
  until healthy "$name"; do
    [ $((SECONDS - at)) -gt "$limit" ] && { podman logs --tail 30 "$name" >&2 || true; fail "$name not healthy after $limit s"; }
    sleep 1
  done
}

# podman-compose 1.0 does not wait on health before starting dependants: the order is kept here.
step "starting PostgreSQL, Redis and the S3 store"
compose up -d postgres redis s3
wait_healthy "$(container postgres)" 60
wait_healthy "$(container redis)" 60
step "making the bucket (s3-init)"
compose up -d s3-init
init="$(container s3-init)"
[ "$(podman wait "$init")" = "0" ] || { podman logs "$init" >&2; fail "s3-init did not make the bucket"; }
step "starting two shop processes"
compose up -d --no-deps shop-1 shop-2
shop1="$(container shop-1)"
shop2="$(container shop-2)"
wait_healthy "$shop1" 120
wait_healthy "$shop2" 120
step "checking each service's secrets and the shops' locks (X-SEC-28)"
shop_env="$(podman exec "$shop1" env)"
for name in POSTGRES_PASSWORD REDIS_PASSWORD REDISCLI_AUTH MINIO_ROOT_USER MINIO_ROOT_PASSWORD ADMIN_PASSWORD; do
  ! grep -q "^$name=" <<<"$shop_env" || fail "the shop's environment holds $name"
done
grep -q "^S3_ACCESS_KEY_ID=$(value_of S3_ACCESS_KEY)$" <<<"$shop_env" || fail "the shop does not use its bucket user"
! grep -qF "$(value_of MINIO_ROOT_PASSWORD)" <<<"$shop_env" || fail "the shop's environment holds MinIO's root password"
for shop in "$shop1" "$shop2"; do
  [ "$(podman inspect "$shop" --format '{{.HostConfig.ReadonlyRootfs}}')" = "true" ] || fail "$shop is not read-only"
  podman exec "$shop" sh -c 'touch /app/written 2>/dev/null' && fail "$shop could write into its image"
  podman exec "$shop" sh -c 'touch /tmp/written' || fail "$shop has no /tmp to write"
  caps="$(podman exec "$shop" cat /proc/1/status | awk '$1=="CapBnd:"{print $2}')"
  [ "$caps" = "0000000000000000" ] || fail "$shop keeps capabilities (bounding set $caps)"
  grep -q "NoNewPrivs:[[:space:]]*1" <<<"$(podman exec "$shop" cat /proc/1/status)" || fail "$shop may gain privileges"
done
# The bucket user s3-init made works for the shop (s3rver checks the key pair's signature).
bucket_check="const {S3Client,ListObjectsV2Command}=require('@aws-sdk/client-s3');new S3Client({endpoint:process.env.S3_ENDPOINT,region:'us-east-1',forcePathStyle:true,credentials:{accessKeyId:process.env.S3_ACCESS_KEY_ID,secretAccessKey:process.env.S3_SECRET_ACCESS_KEY}}).send(new ListObjectsV2Command({Bucket:process.env.S3_BUCKET})).then(()=>console.log('bucket listed'),(e)=>{console.error(e.name);process.exit(1)})"
podman exec "$shop1" node -e "$bucket_check" || fail "the shop's bucket user cannot list its bucket"
redis="$(container redis)"
cmdlines="$(podman exec "$redis" sh -c 'cat /proc/[0-9]*/cmdline 2>/dev/null' | tr '\0' ' ')"
grep -q "redis-server" <<<"$cmdlines" || fail "no redis-server process seen in the redis container"
! grep -qF "$(value_of REDIS_PASSWORD)" <<<"$cmdlines" || fail "Redis' password is on a command line"
echo "secrets: the shop holds none of PostgreSQL's, Redis' or MinIO's root; read-only, no capabilities, no new privileges"

step "starting the proxy"
compose up -d --no-deps proxy
base="http://127.0.0.1:$HTTP_PORT"
for _ in $(seq 60); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/api/health/ready")" = "200" ] && break
  sleep 1
done
[ "$(podman inspect "$(container proxy)" --format '{{.HostConfig.ReadonlyRootfs}}')" = "true" ] || fail "the proxy is not read-only"
grep -q '"ready":true' <<<"$(curl -sf "$base/api/health/ready")" || fail "the readiness probe through the proxy did not answer ready"
grep -q '"live":true' <<<"$(curl -sf "$base/api/health/live")" || fail "the liveness probe did not answer"

step "placing an order through the proxy"
order="$(node scripts/place-order.mjs "$base" "container-buyer@example.com")" || fail "the order was not placed: $order"
echo "$order"
request_id="$(sed -n 's/.*(payment request \([^)]*\)).*/\1/p' <<<"$order")"
[ -n "$request_id" ] && [ "$request_id" != "null" ] || fail "the payment's answer carried no X-Request-Id"

metrics() { podman exec "$1" node -e "fetch('http://127.0.0.1:3000/metrics',{headers:{authorization:'Bearer $2'}}).then(async r=>{process.stdout.write(String(r.status)+'\n'+await r.text())})"; }
paid=0
for shop in "$shop1" "$shop2"; do
  answer="$(metrics "$shop" "$METRICS_TOKEN")"
  [ "$(head -1 <<<"$answer")" = "200" ] || fail "/metrics on $shop answered $(head -1 <<<"$answer") with the token"
  count="$(awk '$1=="shop_orders_paid_total"{print $2}' <<<"$answer")"
  paid=$((paid + ${count:-0}))
  [ "$(metrics "$shop" wrong-token | head -1)" = "401" ] || fail "/metrics on $shop answered a wrong token"
done
[ "$paid" -ge 1 ] || fail "shop_orders_paid_total does not count the order (found $paid)"
echo "/metrics: shop_orders_paid_total=$paid across both processes; 401 with a wrong token"
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $METRICS_TOKEN" "$base/metrics")" = "404" ] ||
  fail "the proxy serves /metrics to the public"

logged "$shop1 $shop2" "\"reqId\":\"$request_id\".*\"msg\":\"request\"" || true
request_lines="$(logs_of "$shop1" "$shop2" | grep -F "\"reqId\":\"$request_id\"" || true)"
line="$(grep -F '"msg":"request"' <<<"$request_lines" || true)"
[ -n "$line" ] || fail "no log line carries the payment's request id $request_id"
echo "log: $line"
if grep -q "@" <<<"$request_lines"; then
  fail "a log line of the payment's request holds an e-mail address"
fi

step "stopping shop-1 with SIGTERM while shop-2 serves"
stop_at=$SECONDS
podman stop -t 30 "$shop1" >/dev/null
stop_took=$((SECONDS - stop_at))
code="$(podman inspect "$shop1" --format '{{.State.ExitCode}}')"
if [ "$code" != "0" ]; then
  # What the shop was doing when it did not stop: its last lines.
  logs_of "$shop1" | tail -40 >&2
  fail "shop-1 exited $code after SIGTERM"
fi
logged "$shop1" '"msg":"SIGTERM: taking no new requests' || fail "shop-1 did not see SIGTERM"
logged "$shop1" '"msg":"Stopped."' || fail "shop-1 did not stop cleanly"
for _ in 1 2 3 4; do
  status="$(curl -s -o /dev/null -w '%{http_code}' "$base/")"
  [ "$status" = "200" ] || fail "the shop answered $status through the proxy while one process was stopped"
done
podman logs "$shop1" 2>&1 | grep -E '"msg":"(SIGTERM|Requests still open|Requests finished|Closed|Stopped)' || true
echo "shop-1 stopped in $stop_took s with exit code 0 ('Stopped.'); the proxy kept serving from shop-2"

step "stopping the project"
compose down -v
step "passed"
