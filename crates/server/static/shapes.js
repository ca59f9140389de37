// @ts-check
// Arrows and circles drawn on the board, kept in a move's comments as PGN
// writers keep them (`[%csl Ge4,Rd5]` circles, `[%cal Ge2e4]` arrows, as
// lichess and ChessBase write them): read from the comments, toggled,
// written back; pure functions, no document.

/**
 * An arrow (`to` set) or a circle, in one of the colours the commands name
 * by letter: G green, R red, Y yellow, B blue.
 * @typedef {{ color: string, from: string, to: string | null }} Shape
 */

/** The colours' letters and what they look like on the board. */
export const COLORS = /** @type {Record<string, string>} */ ({ G: "#15781b", R: "#882020", Y: "#e68f00", B: "#003088" });

/** The colours in words, for a screen reader. */
const COLOR_WORDS = /** @type {Record<string, string>} */ ({ G: "green", R: "red", Y: "yellow", B: "blue" });

const COMMAND = /\[%(csl|cal)\s+([^\]]*)\]/g;

/**
 * The shapes a node's comments draw. `split` cuts an arrow's two squares
 * apart (`e2e4` is e2 and e4; the game's squares tell where), null when
 * the text is not two squares.
 * @param {string[]} comments
 * @param {(squares: string) => [string, string] | null} split
 * @param {(square: string) => boolean} isSquare
 * @returns {Shape[]}
 */
export function shapesOf(comments, split, isSquare) {
  /** @type {Shape[]} */
  const shapes = [];
  for (const comment of comments) {
    for (const [, kind, list] of comment.matchAll(COMMAND)) {
      for (const item of list.split(",").map((s) => s.trim())) {
        const color = item.charAt(0).toUpperCase();
        if (!(color in COLORS)) continue;
        const squares = item.slice(1);
        if (kind === "csl" && isSquare(squares)) shapes.push({ color, from: squares, to: null });
        const pair = kind === "cal" ? split(squares) : null;
        if (pair) shapes.push({ color, from: pair[0], to: pair[1] });
      }
    }
  }
  return shapes;
}

/**
 * `comments` with their shape commands replaced by `shapes`: the commands
 * taken out of every comment (one left empty goes), the shapes written as
 * `[%csl …]` and `[%cal …]` at the start of the first comment.
 * @param {string[]} comments
 * @param {Shape[]} shapes
 * @returns {string[]}
 */
export function withShapes(comments, shapes) {
  const rest = comments.map((c) => c.replace(COMMAND, "").replace(/\s+/g, " ").trim()).filter(Boolean);
  const circles = shapes.filter((s) => !s.to).map((s) => `${s.color}${s.from}`);
  const arrows = shapes.filter((s) => s.to).map((s) => `${s.color}${s.from}${s.to}`);
  const commands = [circles.length ? `[%csl ${circles.join(",")}]` : "", arrows.length ? `[%cal ${arrows.join(",")}]` : ""]
    .filter(Boolean)
    .join(" ");
  if (!commands) return rest;
  if (!rest.length) return [commands];
  return [`${commands} ${rest[0]}`, ...rest.slice(1)];
}

/**
 * `shapes` with `shape` drawn, or taken away when the same one is there
 * (the same squares in another colour: recoloured).
 * @param {Shape[]} shapes
 * @param {Shape} shape
 * @returns {Shape[]}
 */
export function toggleShape(shapes, shape) {
  const same = (/** @type {Shape} */ s) => s.from === shape.from && s.to === shape.to;
  const found = shapes.find(same);
  if (found && found.color === shape.color) return shapes.filter((s) => !same(s));
  if (found) return shapes.map((s) => (same(s) ? shape : s));
  return [...shapes, shape];
}

/**
 * The colour a right-drag draws with: green, red with Shift, blue with
 * Alt, yellow with both (as lichess has it).
 * @param {{ shiftKey: boolean, altKey: boolean, ctrlKey?: boolean, metaKey?: boolean }} keys
 * @returns {string}
 */
export function colorOf(keys) {
  const shift = keys.shiftKey || Boolean(keys.ctrlKey);
  const alt = keys.altKey || Boolean(keys.metaKey);
  if (shift && alt) return "Y";
  if (shift) return "R";
  if (alt) return "B";
  return "G";
}

/**
 * A shape in words: "green arrow from e2 to e4", "red circle on d5".
 * @param {Shape} shape
 * @returns {string}
 */
export function shapeWords(shape) {
  const color = COLOR_WORDS[shape.color] || shape.color;
  return shape.to ? `${color} arrow from ${shape.from} to ${shape.to}` : `${color} circle on ${shape.from}`;
}
