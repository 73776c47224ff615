/**
 * A value as JSON inside a `<script>` element (a JSON data block, JSON-LD). `<`, `>`, `&` and
 * the two line separators are written as JSON escapes, so no text in it can end the element
 * (`</script>`) or open a comment; JSON.parse reads them back as they were.
 */
export const scriptJson = (value: unknown, indent?: number): string =>
  JSON.stringify(value, null, indent).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
