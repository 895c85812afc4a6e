import type { DataDiff } from "../model/data-diff.ts";

/**
 * The lines of one field's unified diff, as the diff has them: its two headers (each naming
 * the field, whatever line breaks its key holds), then its hunks' lines. A hunk line holds no
 * LF, which is what the diff splits a text at; any other break in it (a CRLF text's CR, a
 * U+2028) is part of that line, for whoever shows it to lay out.
 */
export function unifiedLines({ field, unified }: DataDiff["text"][number]): string[] {
  const lines = unified.split("\n");
  if (lines.at(-1) === "") lines.pop();
  // Each header holds the field's key, and so one more of the LFs split at for each of its own.
  const header = field.split("\n").length;
  return [
    lines.slice(0, header).join("\n"),
    lines.slice(header, 2 * header).join("\n"),
    ...lines.slice(2 * header),
  ];
}
