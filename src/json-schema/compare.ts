/** One way two JSON Schemas differ: a path (`/`-separated; list items by value) and how. */
export interface SchemaDifference {
  readonly change: "added" | "removed" | "changed";
  readonly path: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

// Lists whose order means nothing in a schema: of names, tags and references.
const itemKey = (item: unknown): string | null => {
  if (typeof item === "string" || typeof item === "number") return String(item);
  if (isObject(item) && typeof item.$ref === "string" && Object.keys(item).length === 1) {
    return item.$ref.replace(/^#\/\$defs\//, "");
  }
  return null;
};

function compareLists(ours: unknown[], theirs: unknown[], path: string, out: SchemaDifference[]) {
  const ourKeys = ours.map(itemKey);
  const theirKeys = theirs.map(itemKey);
  if ([...ourKeys, ...theirKeys].every((key) => key !== null)) {
    for (const key of theirKeys) {
      if (!ourKeys.includes(key)) out.push({ change: "removed", path: `${path}/[${key}]` });
    }
    for (const key of ourKeys) {
      if (!theirKeys.includes(key)) out.push({ change: "added", path: `${path}/[${key}]` });
    }
    return;
  }
  if (ours.length !== theirs.length) {
    out.push({ change: "changed", path });
    return;
  }
  ours.forEach((item, i) => {
    walk(item, theirs[i], `${path}/${i}`, out);
  });
}

function walk(ours: unknown, theirs: unknown, path: string, out: SchemaDifference[]): void {
  if (isObject(ours) && isObject(theirs)) {
    const underProperties = path.endsWith("/properties");
    const keys = new Set([...Object.keys(ours), ...Object.keys(theirs)]);
    for (const key of [...keys].sort()) {
      // Descriptions are prose, in our own words; a property named `description` is not.
      if (key === "description" && !underProperties) continue;
      const at = `${path}/${key}`;
      if (!Object.hasOwn(theirs, key)) out.push({ change: "added", path: at });
      else if (!Object.hasOwn(ours, key)) out.push({ change: "removed", path: at });
      else walk(ours[key], theirs[key], at, out);
    }
    return;
  }
  if (Array.isArray(ours) && Array.isArray(theirs)) {
    compareLists(ours, theirs, path, out);
    return;
  }
  if (JSON.stringify(ours) !== JSON.stringify(theirs)) out.push({ change: "changed", path });
}

/**
 * Every difference between our JSON Schema and the original's, descriptions aside: keys added
 * or removed, values changed, and in lists of names or references the items added or removed
 * (`…/oneOf/[SaveDraft]`, `…/required/[base_version]`).
 */
export function compareSchemas(ours: unknown, theirs: unknown): SchemaDifference[] {
  const out: SchemaDifference[] = [];
  walk(ours, theirs, "", out);
  return out;
}
