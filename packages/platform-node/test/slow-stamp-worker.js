// A stand-in for the stamping worker (src/book-stamping/stamp-worker.ts), for tests of the
// pool and of what callers do when it is full: each copy takes 300 ms and is a few bytes that
// name the reader, handed over (stampCopy) or written to a file (stampCopyToFile).
exports.checkCopy = async () => 1;

exports.stampCopy = async ({ owner }) => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return new TextEncoder().encode(`%PDF-1.7 a slow copy for ${owner.name}\n%%EOF\n`);
};

exports.stampCopyToFile = async ({ owner, path }) => {
  const bytes = await exports.stampCopy({ owner });
  const { writeFile } = await import('node:fs/promises');
  await writeFile(path, bytes, { mode: 0o600, flag: 'wx' });
  return bytes.length;
};
