/** Text as HTML text or an attribute's value: the five characters HTML gives a meaning to, as references. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
