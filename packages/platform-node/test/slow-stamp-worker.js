// A stand-in for the stamping worker (src/book-stamping/stamp-worker.ts), for tests of the
// pool and of what callers do when it is full: each copy takes 300 ms and is a few bytes that
// name the reader.
exports.checkCopy = async () => 1;

exports.stampCopy = async (owner) => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return new TextEncoder().encode(`%PDF-1.7 a slow copy for ${owner.name}\n%%EOF\n`);
};
