// @ts-check
// The tree a change of the position box replaced, kept so that one step
// brings it back: the Undo button beside the box, Ctrl+Z away from a text
// field, or the box's own text undone to the position the tree showed.

import { $ } from "./dom.js";
import { state } from "./state.js";
import * as trees from "./tree.js";

/** @typedef {import("./tree.js").Tree} Tree */

const board = state.board;

/**
 * The tree replaced (with the path of the move it showed), or none.
 * @type {{ tree: Tree, path: number[], position: string | null } | null}
 */
let replaced = null;

/**
 * Called before `next` replaces the board's tree: a tree with moves is
 * kept for undo, and the Undo button offered.
 * @param {Tree | null} next
 */
export function replacing(next) {
  const tree = board.tree;
  if (!tree || next === tree || !tree.root.children.length) return;
  const cursor = board.cursor || tree.root;
  replaced = { tree, path: trees.pathOf(cursor), position: cursor.position };
  offer();
}

/** The Undo button shown while a tree can be brought back. */
function offer() {
  const button = $("tree-undo");
  button.hidden = !replaced;
  if (replaced) {
    const moves = trees.movesTo(trees.nodeAt(replaced.tree, replaced.path)).length;
    button.textContent = `Undo: back to the moves you had (${countMoves(replaced.tree)} moves, at move ${moves})`;
  }
}

/**
 * How many moves a tree holds, its variations' among them.
 * @param {Tree} tree
 * @returns {number}
 */
function countMoves(tree) {
  /** @type {(node: import("./tree.js").TreeNode) => number} */
  const count = (node) => node.children.reduce((n, child) => n + 1 + count(child), 0);
  return count(tree.root);
}

/**
 * The position the replaced tree showed, in its game's position notation,
 * when there is one to bring back.
 * @returns {string | null}
 */
export function replacedPosition() {
  return replaced ? replaced.position : null;
}

/**
 * Takes the replaced tree back (the tree shown now kept in its place when
 * it has moves); `goTo` shows its node.
 * @param {(tree: Tree | null) => void} setTree
 * @param {(node: import("./tree.js").TreeNode) => Promise<void>} goTo
 * @returns {Promise<boolean>} whether there was a tree to bring back
 */
export async function undoReplace(setTree, goTo) {
  if (!replaced) return false;
  const { tree, path } = replaced;
  replaced = null;
  setTree(tree);
  offer();
  await goTo(trees.nodeAt(tree, path));
  return true;
}
