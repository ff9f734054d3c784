# GRIP TRUTH's container image (issue 35, X-DEPLOY-1; docs/deploy.md).
#   docker build -t grip-truth .           (or: podman build -t grip-truth .)
# The base image is a build argument, for the build and the runtime stage alike, so a machine
# without a registry builds from a local image (.ci/container/host.sh makes one from Debian and
# Node's npm package):  podman build --build-arg NODE_IMAGE=localhost/grip-truth/node:24 .
ARG NODE_IMAGE=node:24-bookworm-slim

# The production dependencies only (no compilers, no test tools), cached while the lock file stays.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# The build: every dependency, the source, `react-router build`.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: the `node` devDependency would fetch a second Node 24; the image has one
# (so the build is started with it directly, not through npx and node_modules/.bin).
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN node node_modules/@react-router/dev/bin.cjs build

# The runtime: Node, tini, the build and the production dependencies; no npm cache, no source.
# fontconfig and a font: the drawings' PNGs (link previews, e-mails) have lettering.
FROM ${NODE_IMAGE} AS runtime
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      tini fontconfig fonts-dejavu-core >/dev/null \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --gid 10001 shop \
 && useradd --uid 10001 --gid shop --home-dir /app --no-create-home --shell /usr/sbin/nologin shop \
 && mkdir -p /data && chown shop:shop /data
WORKDIR /app
# XDG_CACHE_HOME: fontconfig's cache where user shop may write (else a warning at each start).
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    XDG_CACHE_HOME=/tmp/.cache
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.mjs ./
COPY drizzle ./drizzle
COPY scripts/backup.mjs scripts/owner-create.mjs scripts/make-bucket.mjs scripts/place-order.mjs scripts/check-node.mjs scripts/app-module.mjs ./scripts/
USER shop
# Everything the shop keeps on disk (PGlite without DATABASE_URL, the .eml outbox without SMTP,
# the nightly backups with BACKUP_DIR=/data/backups) is under DATA_DIR, one volume.
VOLUME ["/data"]
EXPOSE 3000
# Ready: migrated, the database answers, not stopping (GET /api/health/ready).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# tini is PID 1: it hands SIGTERM to the shop, which finishes requests in flight within
# STOP_DEADLINE_MS and exits 0, and reaps any child.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "server.mjs"]
