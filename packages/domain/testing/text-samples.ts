/**
 * Text for the tests of the text rules (docs/domain.md#text-fields): characters a reader
 * cannot see, each put where it does harm, and real writing in many scripts that must pass,
 * the joiners and selectors it needs included.
 */

/** Each invisible or direction-changing character, by name. */
export const HIDDEN_CHARACTERS: ReadonlyArray<readonly [name: string, char: string]> = [
  ['U+202A left-to-right embedding', '\u202A'],
  ['U+202B right-to-left embedding', '\u202B'],
  ['U+202C pop directional formatting', '\u202C'],
  ['U+202D left-to-right override', '\u202D'],
  ['U+202E right-to-left override', '\u202E'],
  ['U+2066 left-to-right isolate', '\u2066'],
  ['U+2067 right-to-left isolate', '\u2067'],
  ['U+2068 first strong isolate', '\u2068'],
  ['U+2069 pop directional isolate', '\u2069'],
  ['U+200E left-to-right mark', '\u200E'],
  ['U+200F right-to-left mark', '\u200F'],
  ['U+061C Arabic letter mark', '\u061C'],
  ['U+200B zero width space', '\u200B'],
  ['U+200C zero width non-joiner', '\u200C'],
  ['U+200D zero width joiner', '\u200D'],
  ['U+2060 word joiner', '\u2060'],
  ['U+FEFF zero width no-break space', '\uFEFF'],
  ['U+180E Mongolian vowel separator', '\u180E'],
  ['U+00AD soft hyphen', '\u00AD'],
  ['U+034F combining grapheme joiner', '\u034F'],
  ['U+2061 function application', '\u2061'],
  ['U+3164 Hangul filler', '\u3164'],
  ['U+FFF9 interlinear annotation anchor', '\uFFF9'],
  ['U+E0041 tag Latin capital letter A', '\u{E0041}'],
  ['U+FE0F variation selector-16, doubled', '\uFE0F\uFE0F'],
];

/** Where a hidden character does harm in a one-line and in a multi-line field: inside a word. */
export const hideIn = (char: string): string => `Ada${char}Lovelace`;

/** Names and messages as people write them; each must be accepted and kept as it is. */
export const WRITING_SAMPLES: ReadonlyArray<readonly [language: string, text: string]> = [
  ['Polish', 'Zażółć Gęślą Jaźń'],
  ['Vietnamese', 'Nguyễn Thị Minh Khai'],
  ['Russian', 'Юлия Петровна'],
  ['Greek', 'Αλέξανδρος Παπαδόπουλος'],
  ['Arabic', 'مريم الخطيب'],
  ['Hebrew', 'דוד לוי'],
  ['Persian, with a zero width non-joiner', 'محمد\u200Cرضا'],
  ['Persian plural, with a zero width non-joiner after a right-joining letter', 'دیوار\u200Cها'],
  ['Urdu, with a zero width non-joiner', 'میں\u200Cنے'],
  ['Hindi', 'प्रिया शर्मा'],
  ['Devanagari half form, with a zero width joiner after the virama', 'क्\u200Dष'],
  ['Devanagari explicit virama, with a zero width non-joiner', 'क्\u200Cष'],
  ['Bengali ya-phala, with a zero width joiner before the virama', 'র\u200D্যাব'],
  ['Sinhala, with a zero width joiner (Sri Lanka)', 'ශ්\u200Dරී ලංකා'],
  ['Malayalam chillu at the end of a word, with a zero width joiner', 'അവന്\u200D വന്നു'],
  ['Mongolian, with the vowel separator', 'ᠬᠠᠷ\u180Eᠠ'],
  ['Chinese', '王小明'],
  ['Japanese', '山田 太郎'],
  ['Japanese name with an ideographic variation selector', '葛\u{E0100}飾 北斎'],
  ['Korean', '김민준'],
  ['emoji with skin tone', 'Zoë 👋🏽'],
  ['emoji ZWJ sequence: technologist', 'Ada 👩\u200D💻'],
  ['emoji ZWJ sequence: family', '👨\u200D👩\u200D👧'],
  ['emoji ZWJ sequence with skin tone', '👩🏽\u200D💻'],
  ['emoji ZWJ sequence with a variation selector: rainbow flag', '🏳\uFE0F\u200D🌈'],
  ['emoji with a variation selector: heart and keycap', 'I ❤\uFE0F chapter 1\uFE0F\u20E3'],
  ['subdivision flag: Scotland', 'From Edinburgh \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'],
  ['Arabic end of ayah over its digits', 'الآية ۝١٢'],
];
