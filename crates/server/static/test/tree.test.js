// @ts-check
// The move tree's pure functions: nodes and paths, promoting and deleting
// a variation, stepping, the numbering of moves, the tree in the game's
// JSON form and back, coordinate moves cut into squares.

import { test } from "node:test";
import assert from "node:assert/strict";

import * as trees from "../tree.js";

/** A game's JSON form as games/convert answers it: 1. e4 e5 (1... c5 2. Nf3) 2. Nf3 {good} */
const GAME = {
  variant: "chess",
  tags: [["Event", "t"], ["Variant", "chess"]],
  start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  result: "*",
  notation: "san",
  comments: ["before"],
  numbering: { number: 1, second: false },
  moves: [
    { move: "e4", coordinates: "e2e4", nags: [1] },
    {
      move: "e5",
      coordinates: "e7e5",
      variations: [{ comments: ["or"], moves: [{ move: "c5", coordinates: "c7c5" }, { move: "Nf3", coordinates: "g1f3" }] }],
    },
    { move: "Nf3", coordinates: "g1f3", comments: ["good"] },
  ],
};

/** @param {trees.TreeNode} node */
const moves = (node) => node.children.map((c) => c.move);

test("a game's JSON form becomes a tree, its variations siblings of their move", () => {
  const tree = trees.treeOf(GAME, "san");
  assert.deepEqual(moves(tree.root), ["e4"]);
  const e4 = tree.root.children[0];
  assert.deepEqual(moves(e4), ["e5", "c5"]);
  assert.deepEqual(e4.children[1].opening, ["or"]);
  assert.deepEqual(tree.root.comments, ["before"]);
  // the tag that only names the game is left to the server
  assert.deepEqual(tree.tags, [["Event", "t"]]);
  assert.equal(tree.root.position, GAME.start);
  assert.deepEqual(tree.numbering, { number: 1, second: false });
});

test("the tree goes back to the JSON form, its moves in coordinates", () => {
  const json = trees.gameJsonOf(trees.treeOf(GAME, "san"));
  assert.deepEqual(json, {
    variant: "chess",
    tags: [["Event", "t"]],
    start: GAME.start,
    result: "*",
    comments: ["before"],
    moves: [
      { move: "e2e4", coordinates: "e2e4", nags: [1], comments: [], variations: [] },
      {
        move: "e7e5",
        coordinates: "e7e5",
        nags: [],
        comments: [],
        variations: [
          {
            comments: ["or"],
            moves: [
              { move: "c7c5", coordinates: "c7c5", nags: [], comments: [], variations: [] },
              { move: "g1f3", coordinates: "g1f3", nags: [], comments: [], variations: [] },
            ],
          },
        ],
      },
      { move: "g1f3", coordinates: "g1f3", nags: [], comments: ["good"], variations: [] },
    ],
  });
  // a rules variant is named
  const tree = trees.treeOf({ ...GAME, rules: "crazyhouse" }, "san");
  assert.equal(trees.gameJsonOf(tree).rules, "crazyhouse");
});

test("a variation promoted keeps its comments before its move", () => {
  const tree = trees.treeOf(GAME, "san");
  const c5 = tree.root.children[0].children[1];
  assert.ok(trees.promote(c5));
  const json = trees.gameJsonOf(tree);
  assert.equal(json.moves[1].coordinates, "c7c5");
  // the comment that opened the variation now follows the move before
  assert.deepEqual(json.moves[0].comments, ["or"]);
  assert.equal(json.moves[1].variations?.[0].moves[0].coordinates, "e7e5");
  // on the main line there is nothing to promote
  assert.equal(trees.promote(tree.root.children[0]), false);
});

test("paths name nodes, and a path that goes too far stops at the last node", () => {
  const tree = trees.treeOf(GAME, "san");
  const nf3 = tree.root.children[0].children[1].children[0];
  assert.deepEqual(trees.pathOf(nf3), [0, 1, 0]);
  assert.equal(trees.nodeAt(tree, [0, 1, 0]), nf3);
  assert.equal(trees.nodeAt(tree, [0, 1, 0, 0, 0]), nf3);
  assert.deepEqual(trees.pathOf(tree.root), []);
  assert.deepEqual(trees.movesTo(nf3), ["e2e4", "c7c5", "g1f3"]);
  assert.ok(trees.inVariation(nf3));
  assert.equal(trees.inVariation(tree.root.children[0]), false);
});

test("a move played goes along the tree, or starts a variation", () => {
  const tree = trees.treeOf(GAME, "san");
  const e4 = tree.root.children[0];
  const again = trees.addMove(e4, "e7e5");
  assert.equal(again.added, false);
  assert.equal(again.node, e4.children[0]);
  const added = trees.addMove(e4, "d7d5");
  assert.equal(added.added, true);
  assert.deepEqual(trees.pathOf(added.node), [0, 2]);
  // a new node is shown in coordinates until the server writes it
  assert.equal(added.node.move, "d7d5");
  assert.equal(trees.remove(added.node), e4);
  assert.deepEqual(moves(e4), ["e5", "c5"]);
  assert.equal(trees.remove(tree.root), null);
});

test("steps go back, on along the line and to either end", () => {
  const tree = trees.treeOf(GAME, "san");
  const c5 = tree.root.children[0].children[1];
  assert.equal(trees.step(tree, c5, "prev"), tree.root.children[0]);
  assert.equal(trees.step(tree, c5, "next").move, "Nf3");
  assert.equal(trees.step(tree, c5, "first"), tree.root);
  assert.equal(trees.step(tree, tree.root, "last").coordinates, "g1f3");
  assert.equal(trees.step(tree, tree.root, "prev"), tree.root);
});

test("moves are numbered from the start's numbering", () => {
  const white = { number: 1, second: false };
  assert.equal(trees.numberLabel(white, 0, true), "1.");
  assert.equal(trees.numberLabel(white, 1, false), null);
  assert.equal(trees.numberLabel(white, 1, true), "1…");
  assert.equal(trees.numberLabel(white, 2, false), "2.");
  // a start with the second player to move, at move 12
  const black = { number: 12, second: true };
  assert.equal(trees.numberLabel(black, 0, true), "12…");
  assert.equal(trees.numberLabel(black, 1, false), "13.");
  assert.deepEqual(trees.moveNumber(black, 2), { number: 13, first: false });
  assert.equal(trees.nagText(3), "!!");
  assert.equal(trees.nagText(14), "+=");
  assert.equal(trees.nagText(22), "$22");
});

test("an empty tree starts at move 1", () => {
  const tree = trees.emptyTree({ variant: "khet", rules: null, start: "x", notation: "khet" });
  assert.deepEqual(tree.numbering, trees.FIRST_MOVE);
  assert.equal(tree.root.children.length, 0);
  assert.deepEqual(tree.tags, []);
});

test("coordinate moves are cut into the game's squares", () => {
  const names = ["a10", "a1", "b1", "e2", "e4", "e7", "e8", "5e", "8h", "2b"];
  /** @type {any} */
  const game = { id: "g", coordinates: "c", squares: names.map((name) => ({ name, x: 0, y: 0, size: 1 })) };
  assert.deepEqual(trees.cutMove(game, "e7e8q"), { from: "e7", to: "e8", rest: "q" });
  assert.deepEqual(trees.cutMove(game, "a10a1"), { from: "a10", to: "a1", rest: "" });
  assert.deepEqual(trees.cutMove(game, "b1+"), { from: "b1", to: null, rest: "+" });
  assert.deepEqual(trees.cutMove(game, "P*5e"), { from: null, to: "5e", rest: "", drop: "P*" });
  assert.deepEqual(trees.squaresOf(game, "8h2b+"), ["8h", "2b"]);
  assert.deepEqual(trees.squaresOf(game, "N@e4"), ["e4"]);
  assert.deepEqual(trees.squaresOf(game, undefined), []);
  assert.deepEqual(trees.cutMove(null, "e2e4"), { from: null, to: null, rest: "e2e4" });
});

test("a NAG toggled replaces the other of its group", () => {
  assert.deepEqual(trees.toggleNag([], 1), [1]);
  assert.deepEqual(trees.toggleNag([1], 2), [2]);
  assert.deepEqual(trees.toggleNag([2, 16], 2), [16]);
  assert.deepEqual(trees.toggleNag([5], 18), [5, 18]);
  assert.deepEqual(trees.toggleNag([5, 18], 14), [5, 14]);
  // a NAG of no group is added beside the others
  assert.deepEqual(trees.toggleNag([1], 22), [1, 22]);
  assert.equal(trees.nagText(16), "±");
  assert.equal(trees.nagText(146), "$146");
});
