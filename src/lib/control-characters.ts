/**
 * Characters that change how text around them is shown rather than being shown: C0 and C1
 * controls (terminal escape sequences start with ESC or CSI), DEL, line and paragraph
 * separators, and bidirectional overrides and isolates (they can make a name read backwards).
 * Text from files (names, tags) is kept free of them, or shows them escaped.
 */

// eslint-disable-next-line no-control-regex -- these are exactly the characters meant
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const CONTROL = new RegExp(CONTROL_CHARACTER.source, 'g');

/** `text` without its control characters. */
export const withoutControls = (text: string): string => text.replace(CONTROL, '');

/** `text` with each control character written as a visible escape (`\x1B`, `\u202E`), for a terminal. */
export const escapeControls = (text: string): string =>
  text.replace(CONTROL, (char) => {
    const code = char.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`
      : `\\u${code.toString(16).toUpperCase()}`;
  });
