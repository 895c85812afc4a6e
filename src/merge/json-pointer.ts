/**
 * Escapes one JSON Pointer segment (RFC 6901): `~` becomes `~0`, then `/` becomes `~1`.
 * Order matters: escaping `/` first would turn its `~1` into `~01`.
 */
export function escapePointerSegment(segment: string | number): string {
  return String(segment).replaceAll("~", "~0").replaceAll("/", "~1");
}

/**
 * The JSON Pointer (RFC 6901) of a path given as unescaped segments: `""` for the whole
 * document, else each segment escaped and prefixed with `/` (array indices as numbers).
 */
export function pointer(segments: readonly (string | number)[]): string {
  return segments.map((segment) => `/${escapePointerSegment(segment)}`).join("");
}
