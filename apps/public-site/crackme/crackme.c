/*
 * memoir-crackme: the reverse-engineering challenge offered on the landing page.
 *
 * MAINTAINERS ONLY. This source lives in the repository but is never published on the site;
 * visitors get only the stripped binary built by build.sh. Read README.md (same folder) first.
 *
 * What it does
 *   - Reads a key: argv[1] if given, otherwise one line from standard input.
 *   - Checks it against KEY_ENC (below) and prints either the success message, decrypted at
 *     run time with the key (exit 0), or "ACCESS DENIED" (exit 1).
 *
 * How the key is hidden (this is the puzzle, so keep it fair and deterministic)
 *   The key is never stored. KEY_ENC holds, for each position i, encode_byte(key[i], i):
 *
 *       x = c ^ rolling_mask(i)          rolling_mask(i) = 0xA7 ^ (uint8_t)(i * 0x1F)
 *       x = rotl8(x, (i % 7) + 1)
 *       x = x + (uint8_t)(i * 13)        (mod 256)
 *
 *   Each step is a bijection on bytes, so for every position exactly one input byte matches:
 *   a solver recovers the key by running the three steps backwards over KEY_ENC (or by
 *   brute-forcing each position independently, 256 tries each). The input is encoded the
 *   same way and compared; no early exit, no timing tricks, no anti-debugging.
 *
 * How the success message is hidden
 *   MSG_ENC is the message XORed with a keystream that depends on the key: a 32-bit LCG
 *   seeded with the FNV-1a hash of the key, each output byte (the LCG's top 8 bits) further
 *   XORed with key[i % KEY_LEN]. It is decrypted only after the key check passed, so
 *   `strings` on the binary shows neither the key nor the congratulation. (A solver who has
 *   the key can of course just run the program.)
 *
 * Changing the key or the message
 *   The tables between the GENERATED markers come from the generator built into this file:
 *
 *       gcc -std=c99 -DCRACKME_GENERATE -o /tmp/crackme-gen crackme.c
 *       /tmp/crackme-gen 'NEW-KEY-HERE'
 *
 *   It prints a replacement for the GENERATED block (using PLAIN_MESSAGE below for the text).
 *   The generator code and PLAIN_MESSAGE are compiled only with -DCRACKME_GENERATE, never into
 *   the published binary. Then update KEY in crackme.test.ts and run the test.
 *
 * Portability: C99, standard library only. No __DATE__/__TIME__ (build.sh builds reproducibly).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- The transform shared by the checker and the generator ---------------------------- */

/* Rotate an 8-bit value left by n (1..7). */
static uint8_t rotl8(uint8_t v, unsigned n)
{
    return (uint8_t)((v << n) | (v >> (8u - n)));
}

/* Per-position XOR mask: the "rolling value". */
static uint8_t rolling_mask(size_t i)
{
    return (uint8_t)(0xA7u ^ (uint8_t)(i * 0x1Fu));
}

/* Encode one key byte at position i: xor, rotate, add. Bijective for every fixed i. */
static uint8_t encode_byte(uint8_t c, size_t i)
{
    uint8_t x = (uint8_t)(c ^ rolling_mask(i));
    x = rotl8(x, (unsigned)(i % 7u) + 1u);
    return (uint8_t)(x + (uint8_t)(i * 13u));
}

/* FNV-1a, 32 bits: seeds the message keystream from the key. */
static uint32_t fnv1a32(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= (uint8_t)s[i];
        h *= 16777619u;
    }
    return h;
}

/*
 * XOR buf (len bytes) in place with the key-derived keystream. Encryption and decryption are
 * the same operation.
 */
static void apply_keystream(uint8_t *buf, size_t len, const char *key, size_t key_len)
{
    uint32_t state = fnv1a32(key, key_len);
    size_t i;
    for (i = 0; i < len; i++) {
        state = state * 1664525u + 1013904223u; /* Numerical Recipes LCG, mod 2^32 */
        buf[i] ^= (uint8_t)((state >> 24) ^ (uint8_t)key[i % key_len]);
    }
}

#ifndef CRACKME_GENERATE

/* ==== BEGIN GENERATED (by: crackme-gen KEY; do not edit by hand) ==== */
#define KEY_LEN 21
static const uint8_t KEY_ENC[KEY_LEN] = {
    0xDF, 0x04, 0xE0, 0xD1, 0x12, 0x1D, 0xFB, 0x01, 0xB0, 0x24, 0x4F, 0x46,
    0xFC, 0x67, 0x56, 0x57, 0xA3, 0x76, 0x00, 0xEB, 0x7D,
};
#define MSG_LEN 194
static const uint8_t MSG_ENC[MSG_LEN] = {
    0x8B, 0xC9, 0xF1, 0x4A, 0x4E, 0x35, 0xE2, 0x6E, 0x06, 0x40, 0x51, 0xAC,
    0x6A, 0xB4, 0xC0, 0x2E, 0x1B, 0x06, 0x74, 0x0B, 0x3C, 0x48, 0x12, 0x8F,
    0x31, 0xA4, 0xB9, 0xBD, 0x6B, 0xDB, 0xAB, 0xD4, 0x2B, 0x34, 0xC7, 0xC1,
    0x77, 0x26, 0xBD, 0x9B, 0xA9, 0xFE, 0xAD, 0xD4, 0x61, 0x5C, 0x16, 0x50,
    0xE6, 0x0E, 0x31, 0xC6, 0xC0, 0x44, 0xE1, 0x72, 0xAC, 0x40, 0x8D, 0xE9,
    0x86, 0xC7, 0x33, 0x59, 0xFE, 0x93, 0x02, 0x14, 0xFB, 0x5C, 0xE6, 0xF5,
    0x67, 0xE4, 0x20, 0x0B, 0x0F, 0xA6, 0x52, 0x13, 0xF7, 0x39, 0x11, 0x82,
    0xB8, 0x6E, 0xA3, 0xB4, 0x74, 0x69, 0xC7, 0xBF, 0xBD, 0x62, 0xAC, 0x5C,
    0x21, 0x60, 0xAE, 0xE2, 0xD1, 0x4E, 0xA1, 0x58, 0xAB, 0xD7, 0x13, 0xF2,
    0x83, 0xD8, 0x8C, 0xD6, 0xF1, 0x8B, 0x9B, 0x60, 0xFD, 0x83, 0x37, 0xAF,
    0xCE, 0x21, 0xA8, 0xEF, 0x16, 0x48, 0x54, 0x85, 0xEF, 0xD0, 0x44, 0x09,
    0xE8, 0xF6, 0x58, 0xE9, 0xD7, 0xA1, 0x9E, 0x9C, 0x84, 0x71, 0x8A, 0x85,
    0x03, 0xDC, 0xA0, 0xAA, 0xD4, 0xBA, 0x4D, 0x82, 0xA2, 0x36, 0x7D, 0x76,
    0x03, 0x27, 0x9D, 0xF6, 0x7F, 0x76, 0xF9, 0x70, 0x3A, 0x4B, 0x03, 0x26,
    0x2A, 0xD1, 0xD1, 0xC7, 0xAD, 0x43, 0x58, 0x46, 0xE9, 0xA1, 0xB0, 0x4D,
    0x69, 0x4F, 0x93, 0x21, 0xBF, 0xC3, 0x2E, 0x02, 0x49, 0x94, 0xFC, 0x68,
    0xCA, 0x44,
};
/* ==== END GENERATED ==== */

/* Longest line accepted from standard input; anything longer is simply a wrong key. */
#define LINE_MAX_LEN 256

/*
 * Read one line from stdin into buf (capacity cap), without the trailing "\n" or "\r\n".
 * Returns its length, or -1 if the line did not fit (the rest of the line is discarded).
 */
static long read_line(char *buf, size_t cap)
{
    size_t n;
    if (fgets(buf, (int)cap, stdin) == NULL) {
        buf[0] = '\0';
        return 0; /* EOF with nothing read: the empty key */
    }
    n = strlen(buf);
    if (n > 0 && buf[n - 1] == '\n') {
        buf[--n] = '\0';
    } else if (n == cap - 1) {
        int ch;
        while ((ch = getchar()) != EOF && ch != '\n') {
            /* discard the overlong remainder */
        }
        return -1;
    }
    if (n > 0 && buf[n - 1] == '\r') {
        buf[--n] = '\0';
    }
    return (long)n;
}

/* 1 if candidate (n bytes) is the key, else 0. Looks at every byte; no early exit. */
static int key_matches(const char *candidate, size_t n)
{
    uint8_t diff = 0;
    size_t i;
    if (n != KEY_LEN) {
        return 0;
    }
    for (i = 0; i < KEY_LEN; i++) {
        diff |= (uint8_t)(encode_byte((uint8_t)candidate[i], i) ^ KEY_ENC[i]);
    }
    return diff == 0;
}

int main(int argc, char **argv)
{
    char line[LINE_MAX_LEN];
    const char *key;
    size_t key_len;

    if (argc > 1) {
        key = argv[1];
        key_len = strlen(key);
    } else {
        long n;
        fputs("Enter the key: ", stderr);
        fflush(stderr);
        n = read_line(line, sizeof line);
        if (n < 0) {
            puts("ACCESS DENIED");
            return 1;
        }
        key = line;
        key_len = (size_t)n;
    }

    if (!key_matches(key, key_len)) {
        puts("ACCESS DENIED");
        return 1;
    }

    {
        uint8_t msg[MSG_LEN];
        memcpy(msg, MSG_ENC, MSG_LEN);
        apply_keystream(msg, MSG_LEN, key, key_len);
        fwrite(msg, 1, MSG_LEN, stdout);
    }
    return 0;
}

#else /* CRACKME_GENERATE: maintainer tool, never part of the published binary */

/* The success message. Keep "ACCESS GRANTED" first: the test looks for it. */
static const char PLAIN_MESSAGE[] =
    "ACCESS GRANTED\n"
    "\n"
    "Well done, reverser: you cracked the memoir crackme.\n"
    "Email the key you found to crackme@memoir-book.example\n"
    "to claim your signed hardcover of the book. First come, first served.\n";

static void print_table(const uint8_t *t, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        printf("%s0x%02X,%s", (i % 12 == 0) ? "    " : "", t[i], (i % 12 == 11 || i + 1 == n) ? "\n" : " ");
    }
}

int main(int argc, char **argv)
{
    const char *key;
    size_t key_len, msg_len = sizeof PLAIN_MESSAGE - 1, i;
    uint8_t key_enc[64];
    uint8_t msg_enc[sizeof PLAIN_MESSAGE];

    if (argc != 2) {
        fprintf(stderr, "usage: %s KEY   (12-24 chars: A-Z, 0-9, '-')\n", argv[0]);
        return 2;
    }
    key = argv[1];
    key_len = strlen(key);
    if (key_len < 12 || key_len > 24) {
        fprintf(stderr, "key must be 12 to 24 characters\n");
        return 2;
    }
    for (i = 0; i < key_len; i++) {
        char c = key[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-')) {
            fprintf(stderr, "key may contain only A-Z, 0-9 and '-'\n");
            return 2;
        }
        key_enc[i] = encode_byte((uint8_t)c, i);
    }
    memcpy(msg_enc, PLAIN_MESSAGE, msg_len);
    apply_keystream(msg_enc, msg_len, key, key_len);

    printf("/* ==== BEGIN GENERATED (by: crackme-gen KEY; do not edit by hand) ==== */\n");
    printf("#define KEY_LEN %lu\n", (unsigned long)key_len);
    printf("static const uint8_t KEY_ENC[KEY_LEN] = {\n");
    print_table(key_enc, key_len);
    printf("};\n");
    printf("#define MSG_LEN %lu\n", (unsigned long)msg_len);
    printf("static const uint8_t MSG_ENC[MSG_LEN] = {\n");
    print_table(msg_enc, msg_len);
    printf("};\n");
    printf("/* ==== END GENERATED ==== */\n");
    return 0;
}

#endif
