// @ts-check
// Arrows and circles on the main board: drawn with the right button (a
// right-drag an arrow, a right-click a circle; Shift, Alt or both for
// red, blue, yellow), kept in the comments of the move shown, drawn from
// them over the pieces.

import { state, facts } from "./state.js";
import { COLORS, colorOf, shapeWords, shapesOf, toggleShape, withShapes } from "./shapes.js";

/** @typedef {import("./shapes.js").Shape} Shape */
/** @typedef {import("./tree.js").GameFacts} GameFacts */

const SVG = "http://www.w3.org/2000/svg";
const board = state.board;

/**
 * The shapes the comments of `node` draw in `game`, whose squares cut an
 * arrow's two apart.
 * @param {GameFacts} game
 * @param {string[]} comments
 * @returns {Shape[]}
 */
export function shapesIn(game, comments) {
  const names = new Set((board.squares.length ? board.squares : game.squares).map((s) => s.name));
  const split = (/** @type {string} */ text) => {
    for (const name of names) {
      if (text.startsWith(name) && names.has(text.slice(name.length))) {
        return /** @type {[string, string]} */ ([name, text.slice(name.length)]);
      }
    }
    return null;
  };
  return shapesOf(comments, split, (square) => names.has(square));
}

/**
 * Draws the shapes of the move shown over the pieces of the board in
 * `container`, with their words for a screen reader.
 * @param {HTMLElement} container
 */
export function drawShapes(container) {
  const drawn = container.querySelector("svg");
  if (!drawn) return;
  for (const old of drawn.querySelectorAll("g.shapes")) old.remove();
  const tree = board.tree;
  const node = board.cursor;
  const game = tree && facts(tree.variant);
  if (!node || !game) return;
  const shapes = shapesIn(game, node.comments);
  if (!shapes.length) return;
  const drawnSquares = board.squares.length ? board.squares : game.squares;
  const boxes = new Map(drawnSquares.map((s) => [s.name, s]));
  const layer = document.createElementNS(SVG, "g");
  layer.setAttribute("class", "shapes");
  layer.setAttribute("role", "img");
  layer.setAttribute("aria-label", `Drawn on the board: ${shapes.map(shapeWords).join(", ")}`);
  const size = drawnSquares[0].size;
  const defs = document.createElementNS(SVG, "defs");
  for (const [letter, color] of Object.entries(COLORS)) {
    const marker = document.createElementNS(SVG, "marker");
    marker.setAttribute("id", `arrowhead-${letter}`);
    marker.setAttribute("orient", "auto");
    marker.setAttribute("markerWidth", "4");
    marker.setAttribute("markerHeight", "8");
    marker.setAttribute("refX", "2.05");
    marker.setAttribute("refY", "2.01");
    const head = document.createElementNS(SVG, "path");
    head.setAttribute("d", "M0,0 V4 L3,2 Z");
    head.setAttribute("fill", color);
    marker.appendChild(head);
    defs.appendChild(marker);
  }
  layer.appendChild(defs);
  for (const shape of shapes) {
    const from = boxes.get(shape.from);
    const to = shape.to ? boxes.get(shape.to) : null;
    if (!from) continue;
    const [x1, y1] = [from.x + from.size / 2, from.y + from.size / 2];
    const color = COLORS[shape.color];
    const mark = document.createElementNS(SVG, to ? "line" : "circle");
    mark.setAttribute("class", to ? "arrow" : "circle");
    mark.setAttribute("data-shape", `${shape.color}${shape.from}${shape.to || ""}`);
    mark.setAttribute("stroke", color);
    mark.setAttribute("opacity", "0.8");
    mark.setAttribute("fill", "none");
    if (to) {
      const [x2, y2] = [to.x + to.size / 2, to.y + to.size / 2];
      // the line stops short of the centre, where the head takes over
      const length = Math.hypot(x2 - x1, y2 - y1) || 1;
      const short = size * 0.3;
      mark.setAttribute("x1", String(x1));
      mark.setAttribute("y1", String(y1));
      mark.setAttribute("x2", String(x2 - ((x2 - x1) * short) / length));
      mark.setAttribute("y2", String(y2 - ((y2 - y1) * short) / length));
      mark.setAttribute("stroke-width", String(size * 0.16));
      mark.setAttribute("stroke-linecap", "round");
      mark.setAttribute("marker-end", `url(#arrowhead-${shape.color})`);
    } else {
      mark.setAttribute("cx", String(x1));
      mark.setAttribute("cy", String(y1));
      mark.setAttribute("r", String(from.size * 0.44));
      mark.setAttribute("stroke-width", String(from.size * 0.07));
    }
    layer.appendChild(mark);
  }
  drawn.appendChild(layer);
}

/**
 * The right button on the board draws: a drag from one square to another
 * an arrow, a click a circle; the same shape again takes it away. Each
 * change goes into the comments of the move shown, and `changed` is told.
 * @param {HTMLElement} container
 * @param {() => void} changed
 */
export function setupShapes(container, changed) {
  /** @type {string | null} */
  let from = null;
  const squareAt = (/** @type {PointerEvent} */ event) => {
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const rect = under && under.closest && under.closest("#board .square");
    return rect ? /** @type {HTMLElement} */ (rect).dataset.square || null : null;
  };
  container.addEventListener("contextmenu", (event) => {
    const target = /** @type {Element} */ (event.target);
    if (target.closest && target.closest(".square")) event.preventDefault();
  });
  container.addEventListener("pointerdown", (/** @type {PointerEvent} */ event) => {
    from = event.button === 2 && board.tree && !board.editing ? squareAt(event) : null;
  });
  container.addEventListener("pointerup", (/** @type {PointerEvent} */ event) => {
    const start = from;
    from = null;
    const node = board.cursor;
    const game = board.tree && facts(board.tree.variant);
    if (event.button !== 2 || !start || !node || !game) return;
    const end = squareAt(event);
    if (!end) return;
    const shape = { color: colorOf(event), from: start, to: end === start ? null : end };
    node.comments = withShapes(node.comments, toggleShape(shapesIn(game, node.comments), shape));
    drawShapes(container);
    changed();
  });
}
