// Names compared without regard to case: ASCII letters only. String's
// toUpperCase() folds by Unicode, so "ﬂoat" (U+FB02) became "FLOAT" and
// "ınt8" (dotless i) "INT8": a name is matched only if its every character
// is the ASCII one the table spells.

/** `text` with a-z turned into A-Z and every other character as it is. */
export function asciiUpper(text: string): string {
  return text.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}

/** Whether two names are equal, ASCII letters compared without case. */
export function sameNameIgnoringAsciiCase(a: string, b: string): boolean {
  return a.length === b.length && asciiUpper(a) === asciiUpper(b);
}
