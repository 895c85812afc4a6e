/** A fresh command id: random, unique enough to be a retry's idempotency key. */
export function newCommandId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (crypto?.randomUUID !== undefined) return `cmd_${crypto.randomUUID()}`;
  // Outside a secure context there is no randomUUID: time and randomness will do.
  return `cmd_${Date.now().toString(36)}_${Math.random().toString(36).slice(2)}_${Math.random().toString(36).slice(2)}`;
}
