/**
 * Python's `str()` of a JSON value, as Pydantic quotes an input tag it did not expect
 * (`Input tag 'None' found …`): strings as they are, `None`, `True`, lists and dicts by `repr`.
 */
export function pyStr(value: unknown): string {
  return typeof value === "string" ? value : pyReprValue(value);
}

function pyReprString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const body = text
    .replaceAll("\\", "\\\\")
    .replaceAll(quote, `\\${quote}`)
    .replaceAll("\n", "\\n");
  return `${quote}${body}${quote}`;
}

function pyReprValue(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return pyReprString(value);
  if (Array.isArray(value)) return `[${value.map(pyReprValue).join(", ")}]`;
  if (typeof value === "object") {
    const items = Object.entries(value).map(([k, v]) => `${pyReprString(k)}: ${pyReprValue(v)}`);
    return `{${items.join(", ")}}`;
  }
  return String(value);
}

/** Pydantic's list of choices: `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`. */
export function pyChoices(values: readonly unknown[]): string {
  const quoted = values.map((v) => (typeof v === "string" ? pyReprString(v) : pyReprValue(v)));
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
}
