// @ts-check
// The main board: the diagram with a square under each of its squares,
// the legal moves marked, clicks, drags and the keyboard that play them,
// the pieces in hand, the buttons of a move a second square does not tell.

import { api } from "./api.js";
import { $, clear } from "./dom.js";
import { state, facts } from "./state.js";
import { cutMove, pathOf, squaresOf } from "./tree.js";
import { drawTree, markCurrent, playMove } from "./moves.js";
import { editSquare } from "./editor.js";
import { activateSquare } from "./explain.js";
import { exportGame, share } from "./share.js";
import { countersText, standingText, treeResult } from "./standing.js";
import { drawShapes, setupShapes } from "./marks.js";
import { reading } from "./position.js";

/** @typedef {import("./state.js").LegalMove} LegalMove */

const SVG = "http://www.w3.org/2000/svg";
const board = state.board;

/**
 * Draws `svg` into `container` with one transparent square per square of
 * the board under the pieces, each named by its `data-square` (`e2`, `h2`,
 * `j1`), where the server says the diagram draws it, so that squares can
 * be clicked, marked and reached with the keyboard.
 * @param {HTMLElement} container
 * @param {string} svg
 * @param {string | null} variant
 * @param {{ name: string, x: number, y: number, size: number }[]} [squares]  where the drawing puts
 *   each square (the render answer's), else where the game's board has them
 */
export function drawBoard(container, svg, variant, squares) {
  container.innerHTML = svg || "";
  const drawn = container.querySelector("svg");
  // the diagram's shape, for a board as large as the window allows
  const box = drawn && drawn.viewBox && drawn.viewBox.baseVal;
  if (box && box.width && box.height) container.style.setProperty("--aspect", String(box.width / box.height));
  const game = facts(variant);
  if (!drawn || !game) return;
  const boxes = squares && squares.length ? squares : game.squares;
  if (container.id === "board") {
    board.squares = boxes;
    // moves are cut into the squares of the board drawn (a rules variant
    // defined as data has its own), the cutting kept while they stay
    const same = board.cutter && board.cutter.id === game.id && board.cutter.squares.length === boxes.length &&
      board.cutter.squares.every((s, i) => s.name === boxes[i].name);
    if (!same) {
      board.cutter = { ...game, squares: boxes, pattern: undefined };
      // the moves were cut into the board drawn before this one
      board.legal = board.legal.map((m) => ({ move: m.move, ...cutMove(board.cutter, m.move) }));
    }
  }
  const layer = document.createElementNS(SVG, "g");
  layer.setAttribute("class", "squares");
  // a royal piece in check glows red, as lichess shows it
  layer.innerHTML =
    '<defs><radialGradient id="check-glow"><stop offset="0%" stop-color="#ff0000" stop-opacity="1"/>' +
    '<stop offset="25%" stop-color="#e70000" stop-opacity="1"/><stop offset="89%" stop-color="#a50000" stop-opacity="0"/>' +
    '<stop offset="100%" stop-color="#9e0000" stop-opacity="0"/></radialGradient></defs>';
  for (const square of boxes) {
    const rect = document.createElementNS(SVG, "rect");
    rect.setAttribute("class", "square");
    rect.setAttribute("data-square", square.name);
    rect.setAttribute("x", String(square.x));
    rect.setAttribute("y", String(square.y));
    rect.setAttribute("width", String(square.size));
    rect.setAttribute("height", String(square.size));
    layer.appendChild(rect);
  }
  drawn.insertBefore(layer, drawn.querySelector(".piece"));
}

/**
 * Marks `squares` on a board drawn by drawBoard with `cls`, and no others.
 * @param {Element} container
 * @param {string[]} squares
 * @param {string} cls
 */
export function markSquares(container, squares, cls) {
  for (const rect of container.querySelectorAll(`.square.${cls}`)) rect.classList.remove(cls);
  for (const square of squares) {
    const rect = container.querySelector(`.square[data-square="${square}"]`);
    if (rect) rect.classList.add(cls);
  }
}

/**
 * The legal moves of the position shown, in the game's coordinates.
 * @param {number} seq
 * @param {object} request
 * @param {string} variant
 */
export async function legalMoves(seq, request, variant) {
  const game = facts(variant);
  board.legal = [];
  board.selected = null;
  if (!game) return;
  const answer = await api("/v1/moves", { ...request, move_notation: game.coordinates });
  if (seq !== state.page.seq) return;
  const status = $("board-status");
  board.standing = answer.ok || {};
  const counters = countersText(board.standing);
  $("board-counters").textContent = counters;
  $("board-counters").hidden = !counters;
  if (answer.ok) {
    // cut into the squares of the board drawn last (drawBoard cuts them
    // again when this position's board is another)
    const cutter = board.cutter && board.cutter.id === game.id ? board.cutter : game;
    board.legal = answer.ok.moves.map((/** @type {string} */ move) => ({ move, ...cutMove(cutter, move) }));
    status.textContent = standingText(answer.ok, game.sides);
    endOfLine(answer.ok);
  } else {
    status.textContent = `No moves can be played here: ${answer.error.message}`;
  }
}

/**
 * At the end of the main line, the game's result follows the position: a
 * mate gives the tree its result (and the export its Result tag), which
 * goes again when the end does (a move deleted).
 * @param {import("./standing.js").Standing} standing
 */
function endOfLine(standing) {
  const tree = board.tree;
  const cursor = board.cursor;
  if (!tree || !cursor || cursor.children.length || pathOf(cursor).some((i) => i > 0)) return;
  const next = treeResult(tree.result, board.resultAuto, standing);
  board.resultAuto = next.auto;
  if (next.result === tree.result) return;
  tree.result = next.result;
  drawTree();
  exportGame();
}

/** No position on the board: no moves, nothing selected. */
export function boardCleared() {
  board.legal = [];
  board.selected = null;
  showChoice([]);
  board.standing = {};
  $("board-status").textContent = "";
  $("board-counters").hidden = true;
  drawTree();
  share();
}

/**
 * After the board is drawn: the last move and the selection marked, the
 * squares reachable with the keyboard.
 */
export function boardDrawn() {
  const container = $("board");
  container.classList.toggle("flipped", board.flipped);
  const node = board.cursor;
  const last = node && node.parent && board.tree ? squaresOf(board.cutter || facts(board.tree.variant), node.coordinates) : [];
  markSquares(container, last, "last");
  markSquares(container, board.standing.check || [], "check");
  drawShapes(container);
  const movable = new Set(board.legal.map((m) => m.from));
  /** @type {Element[]} */
  const rects = Array.from(container.querySelectorAll(".square"));
  for (const rect of rects) {
    rect.setAttribute("tabindex", "-1");
    rect.setAttribute("role", "button");
    const name = /** @type {HTMLElement} */ (rect).dataset.square;
    const piece = container.querySelector(`.piece[data-square="${name}"]`);
    const what = piece ? (piece.querySelector("title") || {}).textContent || piece.dataset.piece : "empty";
    rect.setAttribute("aria-label", `${name}: ${what}`);
    if (movable.has(name || null)) rect.classList.add("movable");
  }
  const focus = rects.find((r) => /** @type {HTMLElement} */ (r).dataset.square === board.focus) || rects[0];
  if (focus) focus.setAttribute("tabindex", "0");
  // a move made with the keys leaves the focus on the board, on its square
  if (focus && board.keyed && (!document.activeElement || document.activeElement === document.body)) {
    /** @type {HTMLElement} */ (focus).focus();
  }
  // pieces in hand that can be dropped are played from like squares
  const drops = new Set(board.legal.map((m) => m.drop).filter(Boolean));
  for (const held of container.querySelectorAll("[data-drop]")) {
    const can = drops.has(held.dataset.drop);
    held.classList.toggle("movable", can);
    held.setAttribute("role", "button");
    held.setAttribute("tabindex", can ? "0" : "-1");
    held.setAttribute("aria-label", `drop ${held.dataset.piece} (${held.dataset.count || 1} in hand)`);
  }
  showChoice([]);
  markCurrent();
  share();
}

/**
 * Buttons for the moves that a second square does not tell apart: a
 * promotion's piece, a rotation's sign. Each is also played by its key.
 * @param {LegalMove[]} moves
 */
export function showChoice(moves) {
  const box = $("move-choice");
  clear(box);
  board.choice = moves;
  box.hidden = !moves.length;
  for (const m of moves) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.move = m.move;
    button.textContent = m.rest || m.move;
    button.setAttribute("aria-label", `Play ${m.move}`);
    button.title = `${m.move} (key ${m.rest})`;
    button.addEventListener("click", () => playMove(m.move));
    box.appendChild(button);
    showPicture(m, button, moves);
  }
  placeChoice(box, moves);
}

/**
 * The choice laid over the board at the square it is about (the target
 * of a promotion, the piece a rotation turns).
 * @param {HTMLElement} box
 * @param {LegalMove[]} moves
 */
function placeChoice(box, moves) {
  const square = moves.length ? moves[0].to || moves[0].from : null;
  const rect = square && $("board").querySelector(`.square[data-square="${square}"]`);
  const section = box.offsetParent;
  if (!rect || !section) return;
  const at = rect.getBoundingClientRect();
  const origin = section.getBoundingClientRect();
  box.style.left = `${Math.max(0, Math.min(at.left - origin.left, origin.width - box.offsetWidth))}px`;
  box.style.top = `${Math.max(0, at.bottom - origin.top)}px`;
}

/**
 * The piece a choice leaves on its square (a promotion's piece, a piece
 * turned), drawn as the server draws it, in the choice's button: the move
 * played, the position after it drawn, its piece on that square taken.
 * @param {LegalMove} m
 * @param {HTMLElement} button
 * @param {LegalMove[]} moves   the choice it belongs to
 */
async function showPicture(m, button, moves) {
  const game = facts(state.page.variant);
  const square = m.to || m.from;
  const box = game && board.squares.find((s) => s.name === square);
  if (!game || !box) return;
  const request = reading();
  const played = await api("/v1/move", { ...request, moves: [m.move], move_notation: game.coordinates, to: game.position_notation });
  if (!played.ok || board.choice !== moves) return;
  const drawn = await api("/v1/render", { input: played.ok.output, lenient: request.lenient, rules: request.rules, style: "svg" });
  if (!drawn.ok || board.choice !== moves) return;
  const holder = document.createElement("div");
  holder.innerHTML = drawn.ok.diagram;
  const whole = holder.querySelector("svg");
  const piece = holder.querySelector(`.piece[data-square="${square}"]`);
  if (!whole || !piece) return;
  const picture = piecePicture(whole, /** @type {SVGElement} */ (piece), box);
  const what = (piece.querySelector("title") || {}).textContent || piece.getAttribute("aria-label") || /** @type {HTMLElement} */ (piece).dataset.piece;
  button.setAttribute("aria-label", `Play ${m.move}: ${what} on ${square}`);
  button.replaceChildren(picture);
  // a turn (a move with no second square) is shown as an arrow of its way
  // round, and said as the move's explanation says it
  if (m.to) return;
  const explained = await api("/v1/explain", { input: m.move, position: request.input, lenient: request.lenient, rules: request.rules });
  const turn = explained.ok && findPart(explained.ok.parts, "rotate");
  if (!turn || board.choice !== moves) return;
  const arrow = document.createElement("span");
  arrow.className = "turn";
  arrow.setAttribute("aria-hidden", "true");
  arrow.textContent = /anti|counter/.test(turn.value) ? "↺" : "↻";
  button.prepend(arrow);
  button.setAttribute("aria-label", `Play ${m.move}: ${turn.meaning.replace(/\.$/, "")}`);
  button.title = `${turn.meaning} (key ${m.rest})`;
}

/**
 * The first part of `kind` among `parts` and the parts inside them.
 * @param {{ kind: string, value: string, meaning: string, parts: any[] }[]} parts
 * @param {string} kind
 * @returns {{ kind: string, value: string, meaning: string } | null}
 */
function findPart(parts, kind) {
  for (const part of parts) {
    if (part.kind === kind) return part;
    const inner = findPart(part.parts || [], kind);
    if (inner) return inner;
  }
  return null;
}

/**
 * A piece of a board drawn by the server (`whole`), on its square `box`,
 * as a picture of its own (40 by 40, hidden from screen readers: the
 * button it is in says what it is).
 * @param {SVGElement} whole
 * @param {SVGElement} piece
 * @param {{ x: number, y: number, size: number }} box
 * @returns {SVGElement}
 */
export function piecePicture(whole, piece, box) {
  const picture = document.createElementNS(SVG, "svg");
  picture.setAttribute("viewBox", `${box.x} ${box.y} ${box.size} ${box.size}`);
  picture.setAttribute("width", "40");
  picture.setAttribute("height", "40");
  picture.setAttribute("aria-hidden", "true");
  picture.setAttribute("class", "choice-piece");
  picture.setAttribute("font-family", whole.getAttribute("font-family") || "sans-serif");
  picture.appendChild(piece);
  return picture;
}

/**
 * A click (or Enter) on a square of the main board: in the editor it
 * places the chosen piece; otherwise it selects a piece, shows its targets,
 * or plays the selected piece's move there. The square is also explained.
 * @param {string} name
 */
export function clickSquare(name) {
  if (board.editing) {
    editSquare(name);
    return;
  }
  const container = $("board");
  board.focus = name;
  const from = board.selected;
  if (board.dropping) {
    const drop = board.legal.find((m) => m.drop === board.dropping && m.to === name);
    board.dropping = null;
    markHeld(container, null);
    if (drop) {
      playMove(drop.move);
      return;
    }
  }
  if (from && from !== name) {
    const moves = board.legal.filter((m) => m.from === from && m.to === name);
    if (moves.length === 1) {
      playMove(moves[0].move);
      return;
    }
    if (moves.length > 1) {
      showChoice(moves);
      return;
    }
  }
  board.selected = name;
  markSquares(container, [name], "selected");
  const mine = board.legal.filter((m) => m.from === name);
  markSquares(container, /** @type {string[]} */ (mine.map((m) => m.to).filter(Boolean)), "target");
  showChoice(mine.filter((m) => !m.to));
  const cell = document.querySelector(`#explain-grid .cell[data-square="${name}"]`);
  if (cell) activateSquare(/** @type {HTMLElement} */ (cell));
}

/**
 * A click (or Enter) on a piece in hand: it is chosen to be dropped, and
 * the squares it can be dropped on are marked; the next square clicked
 * drops it.
 * @param {string} drop
 */
export function clickHeld(drop) {
  if (board.editing) return;
  const container = $("board");
  const targets = /** @type {string[]} */ (board.legal.filter((m) => m.drop === drop).map((m) => m.to));
  board.selected = null;
  board.dropping = targets.length ? drop : null;
  markHeld(container, board.dropping);
  markSquares(container, [], "selected");
  markSquares(container, targets, "target");
  showChoice([]);
}

/**
 * Marks the piece in hand chosen to be dropped, and no other.
 * @param {Element} container
 * @param {string | null} drop
 */
function markHeld(container, drop) {
  for (const held of container.querySelectorAll("[data-drop]")) {
    held.classList.toggle("selected", drop !== null && /** @type {HTMLElement} */ (held).dataset.drop === drop);
  }
}

/**
 * The keyboard on the board: the arrow keys go from square to square (as
 * seen, so reversed when flipped), Enter or Space clicks.
 * @param {KeyboardEvent} event
 */
function boardKey(event) {
  const target = /** @type {Element} */ (event.target);
  const held = target.closest && target.closest("#board [data-drop]");
  if (held && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();
    clickHeld(/** @type {HTMLElement} */ (held).dataset.drop || "");
    return;
  }
  const rect = target.closest && target.closest("#board .square");
  if (!rect) return;
  const game = facts(state.page.variant);
  if (!game) return;
  const square = /** @type {HTMLElement} */ (rect).dataset.square || "";
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    board.focus = square;
    board.keyed = true;
    clickSquare(square);
    return;
  }
  // the squares as drawn: the top rank first, each rank from the left
  const across = board.squares.filter((s) => s.y === board.squares[0].y).length || game.files;
  const sign = board.flipped ? -1 : 1;
  /** @type {Record<string, number>} */
  const steps = { ArrowRight: sign, ArrowLeft: -sign, ArrowDown: sign * across, ArrowUp: -sign * across };
  if (!(event.key in steps)) return;
  event.preventDefault();
  const names = board.squares.map((s) => s.name);
  const at = names.indexOf(square) + steps[event.key];
  if (at < 0 || at >= names.length) return;
  const next = $("board").querySelector(`.square[data-square="${names[at]}"]`);
  if (!next) return;
  for (const r of $("board").querySelectorAll(".square")) r.setAttribute("tabindex", "-1");
  next.setAttribute("tabindex", "0");
  board.focus = names[at];
  next.focus();
}

/** A piece dragged (with a mouse or a finger) from one square to another. */
function setupDrag() {
  const container = $("board");
  /** @type {string | null} */
  let from = null;
  container.addEventListener("pointerdown", (/** @type {PointerEvent} */ event) => {
    board.keyed = false;
    const target = /** @type {Element} */ (event.target);
    const rect = target.closest && target.closest(".square");
    // the right button draws (marks.js)
    from = rect && !board.editing && event.button === 0 ? /** @type {HTMLElement} */ (rect).dataset.square || null : null;
  });
  container.addEventListener("pointerup", (/** @type {PointerEvent} */ event) => {
    const start = from;
    from = null;
    if (!start) return;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const rect = under && under.closest && under.closest("#board .square");
    const square = rect && /** @type {HTMLElement} */ (rect).dataset.square;
    if (!square || square === start) return;
    if (board.selected !== start) clickSquare(start);
    clickSquare(square);
  });
}

/** The board's clicks, keys, drags and its flip button. */
export function setupBoard() {
  const container = $("board");
  container.addEventListener("click", (/** @type {MouseEvent} */ event) => {
    const target = /** @type {Element} */ (event.target);
    const held = target.closest && target.closest("[data-drop]");
    if (held) {
      clickHeld(/** @type {HTMLElement} */ (held).dataset.drop || "");
      return;
    }
    const rect = target.closest && target.closest(".square");
    if (rect) clickSquare(/** @type {HTMLElement} */ (rect).dataset.square || "");
  });
  container.addEventListener("keydown", boardKey);
  // a click does not take the focus from where it is: the arrow keys keep
  // stepping through the moves; the keyboard reaches the squares with Tab
  container.addEventListener("mousedown", (/** @type {MouseEvent} */ event) => {
    const target = /** @type {Element} */ (event.target);
    if (target.closest && target.closest(".square")) event.preventDefault();
  });
  setupDrag();
  setupShapes(container, () => {
    drawTree();
    exportGame();
    share();
  });
  $("flip").addEventListener("click", () => {
    setFlipped(!board.flipped);
    share();
  });
}

/**
 * Turns the board to be seen from the second player's side (`flipped`) or
 * the first's.
 * @param {boolean} flipped
 */
export function setFlipped(flipped) {
  board.flipped = flipped;
  $("flip").setAttribute("aria-pressed", String(flipped));
  $("board").classList.toggle("flipped", flipped);
}
