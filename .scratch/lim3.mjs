// src/model/limits.ts
var DEFAULT_LIMITS = Object.freeze({ maxDepth: 64, maxBytes: 4 * 1024 * 1024 });
var MAX_DEPTH_CAP = 512;
function plainBytes(text) {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 2048) {
      if (unit >= 55296 && unit <= 57343) return -1;
      bytes += 2;
    } else if (unit >= 128) bytes += 1;
    else if (unit === 0) return -1;
  }
  return bytes;
}
function utf8Bytes(text) {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 2048) bytes += unit >= 55296 && unit <= 57343 ? 1 : 2;
    else if (unit >= 128) bytes += 1;
  }
  return bytes;
}
var wellFormed = (text) => text.isWellFormed();
function textProblem(text) {
  if (text.length <= SHORT_TEXT && plainShort(text)) return null;
  if (text.includes("\0")) return "must not contain U+0000";
  if (!wellFormed(text)) return "must not contain an unpaired surrogate";
  return null;
}
var SHORT_TEXT = 32;
function plainShort(text) {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0 || unit >= 55296 && unit <= 57343) return false;
  }
  return true;
}
var printable = (key) => key.toWellFormed().replaceAll("\0", "\uFFFD");
var containerBytes = (length) => 1 + Math.max(0, length - 1) + length;
function refusal(broken, path, limits, text = "") {
  switch (broken) {
    case "too_deep": {
      const msg = `must not nest deeper than ${limits.maxDepth} levels`;
      return { type: "too_deep", loc: path, msg, ctx: { max_depth: limits.maxDepth } };
    }
    case "too_large": {
      const msg = `the input must be at most ${limits.maxBytes} bytes of JSON`;
      return { type: "too_large", loc: path, msg, ctx: { max_bytes: limits.maxBytes } };
    }
    case "invalid_text":
      return { type: "invalid_text", loc: path, msg: text };
  }
}
var Walk = class {
  size;
  #maxDepth;
  /** The refused value's path, innermost first, filled in as the walk unwinds. */
  trail = [];
  broken = null;
  /** For `invalid_text`: why the string or key cannot be stored. */
  problem = "";
  constructor(limits) {
    this.size = new SizeCount(limits.maxBytes);
    this.size.add(1);
    this.#maxDepth = limits.maxDepth;
  }
  /**
   * Counts `value` (inside `open` arrays and objects) and walks its children; says whether it
   * broke a limit, leaving what and where in the walk.
   */
  value(value, open) {
    const { size } = this;
    if (typeof value === "string") {
      const bytes = value.length <= SHORT_TEXT ? plainBytes(value) : -1;
      if (bytes >= 0) {
        size.add(bytes + 1);
        return size.over() ? this.#break("too_large") : false;
      }
      size.addText(value);
      if (size.over()) return this.#break("too_large");
      const problem = textProblem(value);
      return problem === null ? false : this.#break("invalid_text", problem);
    }
    if (typeof value === "number") size.addNumber(value);
    else if (typeof value !== "object" || value === null) size.add(value === false ? 4 : 3);
    else if (Array.isArray(value)) return this.#array(value, open);
    else return this.#object(value, open);
    return size.over() ? this.#break("too_large") : false;
  }
  #array(array, open) {
    if (open + 1 > this.#maxDepth) return this.#break("too_deep");
    this.size.add(containerBytes(array.length));
    if (this.size.over()) return this.#break("too_large");
    for (let i = 0; i < array.length; i++) {
      if (this.value(array[i], open + 1)) return this.#within(i);
    }
    return false;
  }
  #object(object, open) {
    if (open + 1 > this.#maxDepth) return this.#break("too_deep");
    const keys = Object.keys(object);
    this.size.add(containerBytes(keys.length));
    const plain = this.size.addKeys(keys);
    if (this.size.over()) return this.#break("too_large");
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      const problem = plain ? null : textProblem(key);
      if (problem !== null) {
        this.#break("invalid_text", problem);
        return this.#within(printable(key));
      }
      if (this.value(object[key], open + 1)) return this.#within(key);
    }
    return false;
  }
  #break(broken, problem = "") {
    this.broken = broken;
    this.problem = problem;
    return true;
  }
  // A refusal found under `step` of the container being walked.
  #within(step) {
    this.trail.push(step);
    return true;
  }
};
function limitProblem(input, limits = DEFAULT_LIMITS) {
  const held = limits.maxDepth > MAX_DEPTH_CAP ? { maxDepth: MAX_DEPTH_CAP, maxBytes: limits.maxBytes } : limits;
  const walk = new Walk(held);
  if (!walk.value(input, 0) || walk.broken === null) return null;
  return refusal(walk.broken, walk.trail.reverse(), held, walk.problem);
}
var FEW_KEYS = 16;
var POWERS_OF_TEN = Array.from({ length: 22 }, (_, i) => 10 ** i);
var SizeCount = class {
  #max;
  #exact = 0;
  #low = 0;
  #high = 0;
  // Kept apart, so numbers stay unboxed and nothing small is kept alive only by this list.
  #uncounted = [];
  #uncountedNumbers = [];
  constructor(max) {
    this.#max = max;
  }
  add(bytes) {
    this.#exact += bytes;
  }
  /** A string, with its quotes, beyond the byte already counted for it. */
  addText(text) {
    this.#exact += 1;
    this.#low += text.length;
    this.#high += text.length * 3;
    this.#uncounted.push(text);
  }
  /** A number, beyond the byte already counted for it. */
  addNumber(value) {
    const magnitude = value < 0 ? -value : value;
    if (Number.isInteger(magnitude) && magnitude < 1e21) {
      let digits = 1;
      while (digits < 21 && magnitude >= POWERS_OF_TEN[digits]) digits++;
      this.#exact += digits - 1 + (value < 0 ? 1 : 0);
      return;
    }
    this.#high += 23;
    this.#uncountedNumbers.push(value);
  }
  /** An object's keys, with their quotes and colons. */
  /**
   * An object's keys, with their quotes and colons. Says whether they are known to be plain
   * text (no U+0000, no surrogate), so that the walk need not look at each again.
   */
  addKeys(keys) {
    this.#exact += keys.length * 3;
    if (keys.length <= FEW_KEYS) {
      let plain = true;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i];
        const bytes = plainBytes(key);
        plain &&= bytes >= 0;
        this.#exact += bytes >= 0 ? bytes : utf8Bytes(key);
      }
      return plain;
    }
    let length = 0;
    for (let i = 0; i < keys.length; i++) length += keys[i].length;
    this.#low += length;
    this.#high += length * 3;
    this.#uncounted.push(keys);
    return false;
  }
  over() {
    if (this.#exact + this.#high <= this.#max) return false;
    if (this.#exact + this.#low > this.#max) return true;
    for (const item of this.#uncounted) this.#exact += exactBytes(item);
    for (const item of this.#uncountedNumbers) {
      this.#exact += (Number.isFinite(item) ? String(item).length : 4) - 1;
    }
    this.#uncounted.length = 0;
    this.#uncountedNumbers.length = 0;
    this.#low = 0;
    this.#high = 0;
    return this.#exact > this.#max;
  }
};
function exactBytes(item) {
  if (typeof item === "string") return utf8Bytes(item);
  let bytes = 0;
  for (const key of item) bytes += utf8Bytes(key);
  return bytes;
}

// .scratch/lim3.mts
var nested = Object.fromEntries(
  Array.from({ length: 50 }, (_, i) => [`item${i}`, { title: `Item ${i}`, done: i % 2 === 0 }])
);
var mk = (n) => JSON.parse(JSON.stringify({ type: "create_artifact", artifact_id: `c${n}`, kind: "checklist", data: { title: "Launch", items: nested } }));
var cmds = Array.from({ length: 200 }, (_, i) => mk(i));
var t = performance.now();
for (let k = 0; k < 3e3; k++) for (const c of cmds) limitProblem(c, DEFAULT_LIMITS);
console.log((performance.now() - t) / 6e5 * 1e3, "\xB5s");
