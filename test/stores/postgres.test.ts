import { storeSuite } from "../../src/testing/store-suite.ts";
import { postgresAdapter, withPostgres } from "./fixtures/pg-env.ts";

withPostgres("postgres store", (url) => storeSuite("postgres", postgresAdapter(url)));
