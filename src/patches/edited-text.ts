// The text being edited, kept as the original plus the stretches edits replaced, so an edit
// costs work near it rather than a copy of the whole text.

interface Piece {
  // The original stretch [start, end) this piece replaces; never empty, so an original
  // occurrence that misses every piece's stretch is whole and contiguous in the edited text.
  start: number;
  end: number;
  text: string;
  // `text` with up to `reach` original units either side: where an anchor touching it lies.
  window: string;
  left: number;
}

/** Where one occurrence of an anchor lies: in untouched original text, or in a piece's window. */
type Spot =
  | { readonly piece: -1; readonly at: number }
  | { readonly piece: number; readonly at: number };

/** The first occurrence of an anchor and whether another one follows it without overlapping. */
interface Occurrences {
  readonly first: Spot | undefined;
  readonly another: boolean;
}

/**
 * A text under anchored edits. Pieces closer than `longest` (the longest anchor) are merged, so
 * no occurrence of an anchor can touch two pieces and each piece's window holds every
 * occurrence that touches it.
 */
export class EditedText {
  private readonly pieces: Piece[] = [];
  private readonly reach: number;

  /** `original` is the text before any edit; `longest` the longest anchor any edit uses. */
  constructor(
    private readonly original: string,
    private readonly longest: number,
  ) {
    this.reach = Math.max(0, longest - 1);
  }

  /**
   * The occurrences of `anchor` now, given `inOriginal`, its ascending start positions in the
   * original text. Positions compared are those in the edited text, so the answer is the one a
   * scan of the whole edited text would give.
   */
  find(anchor: string, inOriginal: readonly number[]): Occurrences {
    const starts: number[] = [];
    let first: Spot | undefined;
    let head = Number.POSITIVE_INFINITY;
    const note = (at: number, spot: Spot): void => {
      starts.push(at);
      if (at < head) [head, first] = [at, spot];
    };
    this.untouched(anchor.length, inOriginal, note);
    this.touching(anchor, note);
    const another = starts.some((at) => at >= head + anchor.length);
    return { first, another };
  }

  /** Replaces the occurrence of `anchor` at `spot` with `replacement`. */
  replace(spot: Spot, anchor: string, replacement: string): void {
    if (spot.piece === -1) {
      let index = 0;
      while (index < this.pieces.length && (this.pieces[index]?.start ?? 0) < spot.at) index += 1;
      const end = spot.at + anchor.length;
      this.pieces.splice(index, 0, this.piece(spot.at, end, replacement));
      this.absorb(index);
      return;
    }
    const piece = this.pieces[spot.piece];
    if (piece === undefined) return;
    const body = piece.left + piece.text.length;
    const from = Math.min(spot.at, piece.left);
    const to = Math.max(spot.at + anchor.length, body);
    const text =
      piece.window.slice(from, spot.at) +
      replacement +
      piece.window.slice(spot.at + anchor.length, to);
    const start = piece.start - piece.left + from;
    this.pieces[spot.piece] = this.piece(start, piece.end + (to - body), text);
    this.absorb(spot.piece);
  }

  /** The edited text in full. */
  toString(): string {
    const parts: string[] = [];
    let done = 0;
    for (const piece of this.pieces) {
      parts.push(this.original.slice(done, piece.start), piece.text);
      done = piece.end;
    }
    parts.push(this.original.slice(done));
    return parts.join("");
  }

  private piece(start: number, end: number, text: string): Piece {
    const from = Math.max(0, start - this.reach);
    const window =
      this.original.slice(from, start) + text + this.original.slice(end, end + this.reach);
    return { start, end, text, window, left: start - from };
  }

  // Merges the piece at `index` with neighbours nearer than the longest anchor.
  private absorb(index: number): void {
    let at = index;
    const near = (a: Piece | undefined, b: Piece | undefined): boolean =>
      a !== undefined && b !== undefined && b.start - a.end < this.longest;
    while (near(this.pieces[at - 1], this.pieces[at])) at -= 1;
    while (near(this.pieces[at], this.pieces[at + 1])) {
      const [a, b] = [this.pieces[at], this.pieces[at + 1]];
      if (a === undefined || b === undefined) break;
      const text = a.text + this.original.slice(a.end, b.start) + b.text;
      this.pieces.splice(at, 2, this.piece(a.start, b.end, text));
    }
  }

  // Original occurrences no piece overlaps, at their positions in the edited text.
  private untouched(
    length: number,
    inOriginal: readonly number[],
    note: (at: number, spot: Spot) => void,
  ): void {
    let index = 0;
    let shift = 0;
    for (const at of inOriginal) {
      let piece = this.pieces[index];
      while (piece !== undefined && piece.end <= at) {
        shift += piece.text.length - (piece.end - piece.start);
        index += 1;
        piece = this.pieces[index];
      }
      if (piece === undefined || piece.start >= at + length) note(at + shift, { piece: -1, at });
    }
  }

  // Occurrences that touch a piece's text, or straddle a piece whose text is empty.
  private touching(anchor: string, note: (at: number, spot: Spot) => void): void {
    let shift = 0;
    this.pieces.forEach((piece, index) => {
      const body = piece.left + piece.text.length;
      const base = piece.start - piece.left + shift;
      for (
        let at = piece.window.indexOf(anchor);
        at !== -1 && at < body;
        at = piece.window.indexOf(anchor, at + 1)
      ) {
        if (at + anchor.length > piece.left) note(base + at, { piece: index, at });
      }
      shift += piece.text.length - (piece.end - piece.start);
    });
  }
}
