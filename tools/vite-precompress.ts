import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The part of a Vite plugin this one needs (tools/ does not depend on Vite itself). */
interface BuildPlugin {
  name: string;
  apply: 'build';
  closeBundle(): void;
}

/**
 * Writes a .br and a .gz beside every text asset of the build; the server sends them with
 * Content-Encoding to browsers that accept them, so nothing is compressed per request.
 */
export function precompress(outDir: string): BuildPlugin {
  const compressible = /\.(js|css|html|svg|json|txt|xml)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'memoir-precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk(outDir).filter((path) => compressible.test(path))) {
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}
