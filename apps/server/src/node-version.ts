/**
 * Imported first by every entry point (main.ts, cli.ts): on a Node older than the one the
 * product is built and tested on, stop at once with a sentence instead of a stack trace from
 * whatever breaks first. package.json's engines and .nvmrc say the same (a test holds them equal).
 */
export const REQUIRED_NODE_MAJOR = 24;

const running = process.versions.node;
if (Number(running.split('.')[0]) < REQUIRED_NODE_MAJOR) {
  process.stderr.write(
    `The memoir site needs Node.js ${REQUIRED_NODE_MAJOR} or newer; this is Node.js ${running}.\n` +
      'Install it with `nvm install` (it reads .nvmrc), or run `. tools/use-node-24.sh` (README, "Set up").\n',
  );
  process.exit(1);
}
