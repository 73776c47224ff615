import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** One error of the W3C Nu Html Checker: its message, and where in the page. */
export interface NuError {
  readonly message: string;
  readonly line: number | undefined;
  readonly extract: string | undefined;
}

const VNU_JAR = join(__dirname, '..', 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');

/**
 * The errors the W3C Nu Html Checker (vnu-jar, run with the machine's Java: the package
 * default-jre-headless on Debian) finds in an HTML document; warnings and notes left out.
 * Without Java it throws, saying what to install: the check is never skipped.
 */
export function nuHtmlErrors(html: string): NuError[] {
  const run = spawnSync('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--exit-zero-always', '-'], {
    input: html,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.error !== undefined) {
    throw new Error(`The Nu Html Checker needs Java (apt-get install default-jre-headless): ${run.error.message}`);
  }
  const { messages } = JSON.parse(run.stderr || '{"messages":[]}') as {
    messages: Array<{ type: string; message: string; lastLine?: number; extract?: string }>;
  };
  return messages
    .filter((message) => message.type === 'error' || message.type === 'non-document-error')
    .map((message) => ({ message: message.message, line: message.lastLine, extract: message.extract }));
}
