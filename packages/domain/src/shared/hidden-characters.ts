// Characters a reader cannot see: format characters (Unicode category Cf: the bidirectional
// overrides, embeddings, isolates and marks, the zero-width space and joiners, the word
// joiner, the byte-order mark, the soft hyphen, tags, ...) and every other default-ignorable
// code point (Hangul fillers, the combining grapheme joiner, variation selectors, ...). In a
// name or a message they reverse or hide what the owner and the visitors read, split words
// past a filter, make two names that look the same differ, or carry hidden data.
//
// A few of them are how real people write, so they are allowed where they do that work, one
// at a time (docs/domain.md#text-fields):
// - the zero-width non-joiner and joiner (U+200C, U+200D) next to a virama (Indic conjuncts,
//   half forms, Malayalam chillus, Sinhala's yansaya), between two letters or marks of a
//   script that joins its letters (Persian می‌خواهم, Urdu, Syriac, Mongolian, ...), and the
//   joiner between emoji (👩‍💻, 👨‍👩‍👧, 🏳️‍🌈);
// - a variation selector right after a visible character (❤️, 1️⃣, 葛󠄀 for a Japanese name);
// - the tag characters of a subdivision flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland);
// - the Mongolian vowel separator between two Mongolian letters;
// - the visible Arabic and Syriac signs that span the digits after them (۝١٢).

const HIDDEN = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

const ZWNJ = '\u200C';
const ZWJ = '\u200D';
const MONGOLIAN_VOWEL_SEPARATOR = '\u180E';

/** The letters and marks of the scripts whose letters join (Unicode's Joining_Type scripts). */
const JOINING_SCRIPT =
  /^[\p{scx=Arabic}\p{scx=Syriac}\p{scx=Nko}\p{scx=Mongolian}\p{scx=Phags_Pa}\p{scx=Mandaic}\p{scx=Manichaean}\p{scx=Psalter_Pahlavi}\p{scx=Hanifi_Rohingya}\p{scx=Sogdian}\p{scx=Old_Uyghur}\p{scx=Chorasmian}\p{scx=Adlam}]$/u;
const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;
const MONGOLIAN_LETTER_OR_MARK = /^\p{scx=Mongolian}$/u;
const MARK = /^\p{M}$/u;
/** An emoji and its optional skin tone and emoji presentation, at the end of the text before. */
const EMOJI_BEFORE = /\p{Extended_Pictographic}\p{Emoji_Modifier}?\uFE0F?$/u;
const EMOJI = /^\p{Extended_Pictographic}$/u;
const VARIATION_SELECTOR = /^\p{Variation_Selector}$/u;
const VISIBLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;
/** Arabic number signs, the end of ayah, the Syriac abbreviation mark, ...: visible, over digits. */
const PREPENDED_CONCATENATION_MARK = /^[\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u{110BD}\u{110CD}]$/u;
const DIGIT = /^\p{Nd}$/u;
/** A subdivision flag: the black flag, a region and subdivision code in tag letters, the cancel tag. */
const SUBDIVISION_FLAG = /\u{1F3F4}[\u{E0061}-\u{E007A}]{2}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,4}\u{E007F}/gu;

// A virama (canonical combining class 9, the sign that removes a consonant's vowel in the
// Indic scripts) found without a table: canonical ordering sorts combining marks by their
// class, so a mark of class 9 sorts after one of class 8 and before one of class 10. The
// runtime's own Unicode data answers, whatever its version.
const CLASS_8 = '\u3099'; // combining katakana-hiragana voiced sound mark
const CLASS_10 = '\u05B0'; // Hebrew point sheva

export function isVirama(char: string): boolean {
  if (!MARK.test(char) || char === CLASS_8 || char === CLASS_10 || char.normalize('NFD') !== char) return false;
  return (
    `a${char}${CLASS_8}`.normalize('NFD') === `a${CLASS_8}${char}` &&
    `a${CLASS_10}${char}`.normalize('NFD') === `a${char}${CLASS_10}`
  );
}

const isJoiningLetterOrMark = (char: string): boolean => LETTER_OR_MARK.test(char) && JOINING_SCRIPT.test(char);

/** Whether the hidden character at `index` does a job there that real writing needs. */
function isMeaningfulHere(chars: readonly string[], index: number): boolean {
  const char = chars[index] ?? '';
  const before = chars[index - 1] ?? '';
  const after = chars[index + 1] ?? '';
  if (char === ZWNJ || char === ZWJ) {
    return (
      isVirama(before) ||
      (isVirama(after) && LETTER_OR_MARK.test(before)) ||
      (isJoiningLetterOrMark(before) && isJoiningLetterOrMark(after)) ||
      (char === ZWJ && EMOJI_BEFORE.test(chars.slice(Math.max(0, index - 3), index).join('')) && EMOJI.test(after))
    );
  }
  if (VARIATION_SELECTOR.test(char)) return VISIBLE.test(before) && !VARIATION_SELECTOR.test(before);
  if (char === MONGOLIAN_VOWEL_SEPARATOR) {
    return [before, after].every((c) => LETTER_OR_MARK.test(c) && MONGOLIAN_LETTER_OR_MARK.test(c));
  }
  if (PREPENDED_CONCATENATION_MARK.test(char)) return DIGIT.test(after);
  return false;
}

/**
 * Whether the text holds an invisible or direction-changing character outside the places
 * where writing needs one (see the top of this file).
 */
export function hasHiddenCharacters(text: string): boolean {
  if (!HIDDEN.test(text)) return false;
  const chars = Array.from(text.replace(SUBDIVISION_FLAG, '\u{1F3F4}'));
  return chars.some((char, index) => HIDDEN.test(char) && !isMeaningfulHere(chars, index));
}
