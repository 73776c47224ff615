/**
 * A text's length as the server counts it against a limit: composed (NFC, so "e" and a
 * combining accent are the one "é" shown) and without the spaces at its ends.
 */
export const textLength = (text: string): number => text.normalize('NFC').trim().length;
