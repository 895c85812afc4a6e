// Markup as tagged templates (htm bound to preact's `h`): no JSX, so no build step beyond the
// bundle. Components are made with `el(Component, props)`, whose props TypeScript checks.
import { html as bound } from "htm/preact";
import { type Attributes, type FunctionComponent, h, type VNode } from "preact";

/** A tagged template that makes preact elements: html`<p>${text}</p>`. */
export const html = bound as (strings: TemplateStringsArray, ...values: unknown[]) => VNode;

/** An element of a component, its props checked: `el(Card, { item, key: item.id })`. */
export function el<P>(component: FunctionComponent<P>, props: P & Attributes): VNode {
  return h(component, props) as unknown as VNode;
}
