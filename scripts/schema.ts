/**
 * `npm run schema [-- <file>]`: writes the wire model's JSON Schema (the protocol's frames, in
 * the original's `protocol-schema.v1.json` layout) to standard output, or to `<file>`.
 * test/model/json-schema/protocol-schema.test.ts compares it with the original's
 * (`conformance/protocol-schema.v1.json`); every difference is an extension listed, with its
 * reason, in src/model/json-schema/extensions.ts.
 */
import { writeFileSync } from "node:fs";
import { protocolSchema } from "../src/json-schema/protocol-schema.ts";

const text = `${JSON.stringify(protocolSchema(), null, 2)}\n`;
const [target] = process.argv.slice(2);
if (target === undefined) process.stdout.write(text);
else writeFileSync(target, text);
