// Aho–Corasick over UTF-16 code units, the units `indexOf` compares, so every position found
// here is one `indexOf` would find.

interface Automaton {
  readonly next: Map<number, number>[];
  readonly fail: number[];
  // The anchor that ends at a state, or -1.
  readonly ends: number[];
  // The nearest state down the failure chain where an anchor ends, or -1.
  readonly more: number[];
}

function trie(anchors: readonly string[]): Automaton {
  const automaton: Automaton = { next: [new Map()], fail: [0], ends: [-1], more: [-1] };
  anchors.forEach((anchor, id) => {
    let state = 0;
    for (let i = 0; i < anchor.length; i += 1) {
      const unit = anchor.charCodeAt(i);
      let to = automaton.next[state]?.get(unit);
      if (to === undefined) {
        to = automaton.next.length;
        automaton.next.push(new Map());
        automaton.fail.push(0);
        automaton.ends.push(-1);
        automaton.more.push(-1);
        automaton.next[state]?.set(unit, to);
      }
      state = to;
    }
    automaton.ends[state] = id;
  });
  return automaton;
}

function step(automaton: Automaton, from: number, unit: number): number {
  let state = from;
  for (;;) {
    const to = automaton.next[state]?.get(unit);
    if (to !== undefined) return to;
    if (state === 0) return 0;
    state = automaton.fail[state] ?? 0;
  }
}

// Breadth first, so a state's failure target is finished before the state is.
function link(automaton: Automaton): Automaton {
  const queue = [...(automaton.next[0]?.values() ?? [])];
  for (let head = 0; head < queue.length; head += 1) {
    const state = queue[head] ?? 0;
    for (const [unit, child] of automaton.next[state] ?? []) {
      const target = step(automaton, automaton.fail[state] ?? 0, unit);
      automaton.fail[child] = target;
      automaton.more[child] =
        (automaton.ends[target] ?? -1) >= 0 ? target : (automaton.more[target] ?? -1);
      queue.push(child);
    }
  }
  return automaton;
}

/**
 * Every start position of every anchor in `text`, found in one pass (overlapping ones too),
 * ascending per anchor. `undefined` when some anchor occurs more than `cap` times: the caller
 * then has no use for the positions, and stopping bounds the work by `cap` per anchor.
 */
export function scanAnchors(
  text: string,
  anchors: readonly string[],
  cap: number,
): number[][] | undefined {
  const automaton = link(trie(anchors));
  const found: number[][] = anchors.map(() => []);
  let state = 0;
  for (let i = 0; i < text.length; i += 1) {
    state = step(automaton, state, text.charCodeAt(i));
    let at = (automaton.ends[state] ?? -1) >= 0 ? state : (automaton.more[state] ?? -1);
    while (at !== -1) {
      const id = automaton.ends[at] ?? 0;
      const positions = found[id] ?? [];
      if (positions.length === cap) return undefined;
      positions.push(i + 1 - (anchors[id]?.length ?? 0));
      at = automaton.more[at] ?? -1;
    }
  }
  return found;
}
