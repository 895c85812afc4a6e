// git's rules for ref names (`git check-ref-format`, refs.c), written out so a launch is
// refused before any git runs. Kept in step with git by a property test that asks git itself.

// A space, a control character or one of ~ ^ : ? * [ \ anywhere. git refuses the ASCII
// controls and DEL; the C1 ones (U+0080 to U+009F) are refused here as well, as nobody could
// see them in a name.
const FORBIDDEN_CHARACTER = /[\p{Cc} ~^:?*[\\]/u;

/**
 * Longest component a checkout makes, in UTF-8 bytes: a file name holds 255 (NAME_MAX on the
 * common file systems), and git adds `.lock` to a ref's file while writing it and may add a
 * counter to a worktree's folder under `.git/worktrees`.
 */
export const MAX_NAME_BYTES = 240;

// Thread ids name a folder on every platform: ASCII letters, digits, `.`, `_`, `-`, first a
// letter or digit.
const PLAIN_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const CONTROL = /\p{Cc}/u;

// A refused character as a message can show it: a control one by its code point.
function described(character: string): string {
  if (character === " ") return "a space";
  if (!CONTROL.test(character)) return JSON.stringify(character);
  const code = (character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
  return `the control character U+${code}`;
}

function componentFault(component: string): string | null {
  if (component === "") return "has an empty component (a leading, trailing or doubled /)";
  if (component.startsWith(".")) return "has a component starting with .";
  if (component.endsWith(".lock")) return "has a component ending with .lock";
  return null;
}

/**
 * Why git refuses `name` as a branch name (`refs/heads/<name>`), or null when it accepts it.
 * Besides git's ref rules (no `..`, `@{`, space, control character or `~^:?*[\`, no component
 * that is empty, starts with `.` or ends with `.lock`, no trailing `.`), a branch cannot start
 * with `-` (an option) or be `HEAD`, and `@` alone (HEAD in a revision) is refused too.
 */
export function branchNameFault(name: string): string | null {
  if (name === "") return "is empty";
  if (!(name as unknown as { isWellFormed(): boolean }).isWellFormed()) {
    return "is not well-formed Unicode";
  }
  if (name === "@" || name === "HEAD") return `is ${name}, which names the current commit`;
  if (name.startsWith("-")) return "starts with -";
  const character = FORBIDDEN_CHARACTER.exec(name)?.[0];
  if (character !== undefined) return `contains ${described(character)}`;
  if (name.includes("..")) return "contains ..";
  if (name.includes("@{")) return "contains @{";
  if (name.endsWith(".")) return "ends with .";
  for (const component of name.split("/")) {
    const fault = componentFault(component);
    if (fault !== null) return fault;
  }
  return null;
}

/** Why a name the checkout creates cannot be stored (a component too long), or null. */
export function lengthFault(name: string): string | null {
  const encoder = new TextEncoder();
  const long = name.split("/").some((part) => encoder.encode(part).length > MAX_NAME_BYTES);
  return long ? `has a component longer than ${MAX_NAME_BYTES} bytes` : null;
}

/**
 * Why `threadId` cannot name a new worktree, or null. The checkout makes a folder of it and a
 * branch ending in it, so it is one plain path segment (ASCII letters, digits, `.`, `_`, `-`,
 * first a letter or digit) that is also a branch name git accepts and fits a file name.
 */
export function worktreeNameFault(threadId: string): string | null {
  if (!PLAIN_SEGMENT.test(threadId)) {
    return "is not one plain path segment (ASCII letters, digits, ., _ and -, first a letter or digit)";
  }
  return branchNameFault(threadId) ?? lengthFault(threadId);
}
