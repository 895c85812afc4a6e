// The review page's entry: renders the app into #app, following the workspace it is served
// with (the protocol under `api/`, the page's own routes under `review/`).
import { h, render } from "preact";
import { App } from "./app.ts";

const root = document.getElementById("app");
if (root !== null) {
  root.replaceChildren();
  render(h(App, { base: new URL(".", location.href).href }), root);
}
