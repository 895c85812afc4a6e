import { z } from "zod";

/**
 * Text with something in it besides whitespace, kept exactly as written: a prompt's leading
 * indentation or trailing newline is the author's, so it is checked, never trimmed.
 */
export const NonBlankSchema = z.string().refine((text) => text.trim() !== "", {
  message: "must not be blank",
});
