/**
 * A 53-bit string hash, as 11 base-36 digits: what a hunk's id is made of (ADR 0048). It is
 * bryc's cyrb53 — two 32-bit multiply-xor lanes over the UTF-16 units, mixed at the end — so
 * it is pure and the same in every runtime. Not cryptographic: it names a hunk among a
 * proposal's few dozen, where a collision is told apart by an occurrence number.
 */
export function contentHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ unit, 2654435761);
    h2 = Math.imul(h2 ^ unit, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const value = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return value.toString(36).padStart(11, "0");
}
