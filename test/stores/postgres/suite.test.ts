import { storeSuite } from "../../../src/entries/testing.ts";
import { postgresAdapter, withPostgres } from "../fixtures/pg-env.ts";

withPostgres("postgres store", (url) => storeSuite("postgres", postgresAdapter(url)));
