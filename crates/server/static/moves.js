// @ts-check
// The moves played on the main board: the tree shown as movetext with
// variations, stepped through, changed, read back from the server in the
// notation picked; the position of each move, the last move in every
// notation, and the laser it fired.

import { api, firstGame } from "./api.js";
import { $, addItem, clear, errorText, fillIds, setBusy } from "./dom.js";
import { state, facts } from "./state.js";
import * as trees from "./tree.js";
import { update, reading } from "./position.js";
import { stopEditing } from "./editor.js";
import { fillForms } from "./explain.js";
import { addressMessage, exportGame, fillTags, share, sharedPgn } from "./share.js";
import { replacing } from "./undo.js";
import { showComments } from "./comments.js";
import { fillAnnotation, setupAnnotation } from "./annotate.js";

/** @typedef {import("./tree.js").Tree} Tree */
/** @typedef {import("./tree.js").TreeNode} TreeNode */

const board = state.board;

/**
 * Shows `tree` (or none) on the board, at its start.
 * @param {Tree | null} tree
 */
export function setTree(tree) {
  replacing(tree);
  board.tree = tree;
  // the positions of a game of a rules variant are read under its rules
  if (tree && tree.rules !== undefined) $("rules").value = tree.rules || "";
  board.cursor = tree ? tree.root : null;
  board.rootPending = false;
  board.resultAuto = false;
  $("last-move-block").hidden = true;
  drawTree();
  fillTags();
}

/**
 * A tree of no moves from the position just read.
 * @param {import("./position.js").Reading} request
 * @param {{ variant: string }} ok
 */
export async function newTree(request, ok) {
  const game = facts(ok.variant);
  let start = request.input;
  if (game) {
    const written = await api("/v1/convert", { ...request, to: game.position_notation });
    if (written.ok) start = written.ok.output;
  }
  const wanted = board.wanted;
  const notation = wanted && game && game.move_notations.includes(wanted) ? wanted : game ? game.record_notation : null;
  if (wanted && game && notation !== wanted) {
    addressMessage(`The address asks for moves in "${wanted}", which ${game.id} does not write: they are shown in ${notation}.`);
    board.wanted = null;
  }
  setTree(trees.emptyTree({ variant: ok.variant, rules: request.rules || null, start, notation }));
  /** @type {Tree} */ (board.tree).root.position = request.input;
}

/**
 * The tree sent to the server in its JSON form and read back: every move
 * written in the tree's notation, the moves numbered. The cursor stays on
 * the node at `path`; false when the server would not have the tree.
 * @param {number[]} path
 * @returns {Promise<boolean>}
 */
export async function syncTree(path) {
  const tree = board.tree;
  if (!tree) return false;
  const seq = ++board.syncSeq;
  const messages = $("tree-messages");
  let answer;
  try {
    answer = await api("/v1/games/convert", { game: trees.gameJsonOf(tree), moves: tree.notation, positions: true });
  } catch (error) {
    clear(messages);
    addItem(messages, /** @type {Error} */ (error).message, "error");
    return false;
  }
  if (seq !== board.syncSeq || tree !== board.tree) return false;
  clear(messages);
  const item = firstGame(answer, "no game read");
  if (!item.ok) {
    addItem(messages, item.error.message, "error");
    return false;
  }
  const next = trees.treeOf(item.ok, tree.notation);
  next.start = tree.start;
  next.tags = tree.tags;
  next.rules = tree.rules;
  next.root.position = tree.root.position;
  board.tree = next;
  board.cursor = trees.nodeAt(next, path);
  drawTree();
  exportGame();
  // the address of the new tree is ready when its position is shown
  await sharedPgn(next);
  return true;
}

/**
 * The position of a node: its parent's with its move played.
 * @param {TreeNode} node
 * @returns {Promise<string>}
 */
export async function positionOf(node) {
  if (node.position) return node.position;
  const tree = /** @type {Tree} */ (board.tree);
  const game = /** @type {import("./tree.js").GameFacts} */ (facts(tree.variant));
  const answer = await api("/v1/move", {
    input: tree.root.position,
    from: tree.root.position === tree.start ? game.position_notation : undefined,
    lenient: $("lenient").checked,
    rules: tree.rules || undefined,
    moves: trees.movesTo(node),
    move_notation: game.coordinates,
    to: game.position_notation,
  });
  if (!answer.ok) throw new Error(answer.error.message);
  node.position = answer.ok.output;
  return answer.ok.output;
}

/**
 * Shows the position of `node` on the board and in the position box.
 * @param {TreeNode | null} node
 */
export async function goToNode(node) {
  if (!board.tree || !node) return;
  if (board.editing) stopEditing();
  board.cursor = node;
  markCurrent();
  // busy from the move marked to the position drawn (update ends it)
  setBusy(true);
  try {
    const position = await positionOf(node);
    if (board.cursor !== node) return;
    $("input").value = position;
    const game = facts(board.tree.variant);
    // the start as typed is read as typed
    state.page.readAs = game && (node.parent || position === board.tree.start) ? game.position_notation : null;
    board.rootPending = false;
    await Promise.all([update(), lastMove(node)]);
  } catch (error) {
    clear($("tree-messages"));
    addItem($("tree-messages"), /** @type {Error} */ (error).message, "error");
    setBusy(false);
  }
}

/**
 * The move that led to `node` in every move notation of its game, as
 * /v1/explain writes it.
 * @param {TreeNode} node
 */
async function lastMove(node) {
  const block = $("last-move-block");
  if (!node.parent || !board.tree) {
    block.hidden = true;
    return;
  }
  const before = await positionOf(node.parent);
  const tree = board.tree;
  const game = facts(tree.variant);
  // the position before is the server's writing in the game's notation,
  // but for a root typed in another one (read as it was detected)
  const typed = node.parent === tree.root && tree.root.position !== tree.start;
  const answer = await api("/v1/explain", {
    input: node.coordinates,
    position: before,
    from: game && !typed ? game.position_notation : undefined,
    lenient: $("lenient").checked,
    rules: tree.rules || undefined,
  });
  if (board.cursor !== node) return;
  block.hidden = !answer.ok;
  if (answer.ok) fillForms($("last-move-forms"), answer.ok.moves, false);
}

/**
 * In a game with a laser, the shot the move that led to the position shown
 * fired: the mover's laser, fired from the position the move left; `null`
 * for a position not reached by a move of the tree.
 * @param {import("./position.js").Reading} request
 * @param {string} variant
 * @returns {Promise<any>}
 */
export async function moveShot(request, variant) {
  const game = facts(variant);
  const node = board.cursor;
  if (!state.page.laser || !game || !game.laser || !board.tree || !node || !node.parent) return null;
  if (node.position !== request.input) return null;
  const before = await positionOf(node.parent);
  const mover = await api("/v1/laser", { input: before });
  if (!mover.ok) return null;
  const shot = await api("/v1/laser", { ...request, color: mover.ok.color });
  return shot.ok || null;
}

/**
 * Plays the coordinate move `move` from the current node: the node it
 * leads to if the tree has it, else a new one (a new variation when the
 * current node already has a next move).
 * @param {string} move
 */
export async function playMove(move) {
  const here = board.cursor;
  if (!board.tree || !here) return;
  const { node, added } = trees.addMove(here, move);
  setBusy(true);
  if (added && !(await syncTree(trees.pathOf(node)))) {
    trees.remove(node);
    setBusy(false);
    return;
  }
  await goToNode(added ? board.cursor : node);
}

/**
 * A move typed in any notation of the game, read by the server against the
 * position and played as its coordinates.
 * @param {string} text
 */
export async function typedMove(text) {
  const messages = $("tree-messages");
  clear(messages);
  const game = facts(state.page.variant);
  if (!text || !game) return;
  const answer = await api("/v1/move", { ...reading(), moves: [text], move_notation: game.coordinates });
  if (!answer.ok) {
    addItem(messages, errorText(answer.error), "error");
    return;
  }
  $("move-text").value = "";
  await playMove(answer.ok.played[0]);
}

/**
 * The tree as movetext: every move a button, variations in brackets (the
 * first level set apart on lines of their own), comments and NAGs.
 */
export function drawTree() {
  const box = $("tree-moves");
  clear(box);
  const tree = board.tree;
  $("tree-section").hidden = !tree;
  // stepping, changing and exporting wait for a first move
  const moves = Boolean(tree && tree.root.children.length);
  for (const id of ["tree-steps", "tree-changes", "export-section"]) $(id).hidden = !moves;
  if (!tree) return;
  fillTreeNotations(tree);
  /** a space between tokens, none after an opening bracket */
  const gap = (/** @type {Element} */ parent) => {
    const last = parent.lastChild;
    return last && !(last.nodeType === Node.TEXT_NODE && (last.textContent || "").endsWith("(")) ? " " : "";
  };
  const add = (/** @type {Element} */ parent, /** @type {string} */ cls, /** @type {string} */ text) => {
    const span = document.createElement("span");
    span.className = cls;
    span.textContent = text;
    parent.append(gap(parent), span);
    return span;
  };
  const comments = (/** @type {Element} */ parent, /** @type {string[]} */ list) => showComments(parent, list, add);
  /** @type {(parent: Element, node: TreeNode, ply: number, number: boolean) => boolean} */
  const one = (parent, node, ply, number) => {
    comments(parent, node.opening);
    const label = trees.numberLabel(tree.numbering, ply, number);
    if (label) add(parent, "num", label);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.dataset.node = String(node.id);
    button.dataset.path = trees.pathOf(node).join(".");
    button.textContent = node.move;
    button.addEventListener("click", () => goToNode(node));
    parent.append(gap(parent), button);
    for (const nag of node.nags) add(parent, "nag", trees.nagText(nag));
    comments(parent, node.comments);
    return node.comments.length > 0;
  };
  /** @type {(parent: Element, from: TreeNode, ply: number, number: boolean, depth: number) => void} */
  const line = (parent, from, ply, number, depth) => {
    let at = from;
    let needNumber = number;
    while (at.children.length) {
      const [main, ...others] = at.children;
      needNumber = one(parent, main, ply, needNumber);
      for (const other of others) {
        const variation = add(parent, depth === 0 ? "variation block" : "variation", "");
        variation.append("(");
        one(variation, other, ply, true);
        line(variation, other, ply + 1, false, depth + 1);
        variation.append(")");
        needNumber = true;
      }
      at = main;
      ply += 1;
    }
  };
  comments(box, tree.root.comments);
  line(box, tree.root, 0, true, 0);
  if (tree.result && tree.result !== "*") add(box, "result", tree.result);
  markCurrent();
}

/** The current move marked, the buttons that step and change enabled. */
export function markCurrent() {
  const cursor = board.cursor;
  for (const button of $("tree-moves").querySelectorAll("button.move")) {
    if (cursor && Number(button.dataset.node) === cursor.id) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  }
  const tree = board.tree;
  // said, not disabled: a button that has the focus keeps it at either end
  for (const id of ["tree-first", "tree-prev"]) $(id).setAttribute("aria-disabled", String(!cursor || !cursor.parent));
  for (const id of ["tree-next", "tree-last"]) $(id).setAttribute("aria-disabled", String(!cursor || !cursor.children.length));
  const inVariation = trees.inVariation(cursor);
  $("tree-promote").disabled = !inVariation;
  $("tree-delete").disabled = !cursor || !cursor.parent;
  fillAnnotation();
  const path = trees.pathOf(cursor);
  $("tree-ply").textContent = !tree || !cursor
    ? ""
    : path.length === 0
      ? "Start position"
      : `Ply ${path.length}${inVariation ? " (in a variation)" : ""}: ${cursor.move}`;
}

/**
 * The move notations of the tree's game, the tree's picked.
 * @param {Tree} tree
 */
function fillTreeNotations(tree) {
  const select = $("tree-notation");
  const game = facts(tree.variant);
  fillIds(select, game ? game.move_notations : []);
  select.value = tree.notation;
}

/**
 * One step through the tree: back, on along the line, to either end.
 * @param {"first" | "prev" | "next" | "last"} where
 */
export function stepTree(where) {
  const cursor = board.cursor;
  if (!board.tree || !cursor) return;
  const to = trees.step(board.tree, cursor, where);
  if (to !== cursor) goToNode(to);
}

/**
 * The variation the current move is in moves one place up among its
 * siblings (to the main line when it is the first alternative).
 */
export async function promoteVariation() {
  if (!board.cursor || !trees.promote(board.cursor)) return;
  const path = trees.pathOf(board.cursor);
  drawTree();
  await syncTree(path);
  share();
}

/** The current move and everything after it are taken out of the tree. */
export async function deleteFromHere() {
  const node = board.cursor;
  if (!node) return;
  const parent = trees.remove(node);
  if (!parent) return;
  const path = trees.pathOf(parent);
  drawTree();
  await syncTree(path);
  await goToNode(board.cursor);
}

/** The move tree's buttons, its notation list and its move box. */
export function setupMoves() {
  $("tree-first").addEventListener("click", () => stepTree("first"));
  $("tree-prev").addEventListener("click", () => stepTree("prev"));
  $("tree-next").addEventListener("click", () => stepTree("next"));
  $("tree-last").addEventListener("click", () => stepTree("last"));
  $("tree-promote").addEventListener("click", promoteVariation);
  $("tree-delete").addEventListener("click", deleteFromHere);
  $("tree-notation").addEventListener("change", async () => {
    if (!board.tree) return;
    board.tree.notation = $("tree-notation").value;
    board.wanted = board.tree.notation;
    await syncTree(trees.pathOf(board.cursor));
    share();
  });
  setupAnnotation(() => {
    drawTree();
    exportGame();
    share();
  });
  $("move-text").addEventListener("keydown", async (/** @type {KeyboardEvent} */ event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    await typedMove($("move-text").value.trim());
  });
}
