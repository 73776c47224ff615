// The crackme's answer and what it reveals, for the tests only. This folder is not published:
// nothing under apps/public-site/src or public may import it (the build-scan test checks the
// published files for these strings).
export const INTENDED_KEY = 'HEAP-OF-MEMORIES-1999';
export const SECRET_PHRASES = ['ACCESS GRANTED', 'signed hardcover', 'crackme@memoir-book.example', 'you cracked'];
