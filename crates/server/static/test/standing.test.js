// @ts-check
// The standing of a position in words, and the result it gives a tree.

import { test } from "node:test";
import assert from "node:assert/strict";

import { countersText, standingText, treeResult } from "../standing.js";

test("a mate is said with its result and the winner by the game's side names", () => {
  assert.equal(standingText({ status: "checkmate", result: "0-1", check: ["e1"] }, ["white", "black"]), "Checkmate: 0-1, black wins.");
  assert.equal(standingText({ status: "checkmate", result: "1-0" }, ["red", "black"]), "Checkmate: 1-0, red wins.");
  assert.equal(standingText({ status: "stalemate", result: "1/2-1/2" }, ["white", "black"]), "Stalemate: 1/2-1/2, a draw.");
  assert.equal(standingText({ status: "pharaoh-lost", result: "0-1" }, ["silver", "red"]), "Pharaoh lost: 0-1, red wins.");
});

test("a check, an end to claim, and a game going on", () => {
  assert.equal(standingText({ status: "ongoing", check: ["e8"] }, ["white", "black"]), "Check.");
  assert.equal(standingText({ status: "fifty-moves" }, ["white", "black"]), "Fifty moves: the game may end here.");
  assert.equal(standingText({ status: "ongoing" }, ["white", "black"]), "");
  assert.equal(standingText({}, []), "");
});

test("counters are said side by side", () => {
  const counters = [
    { side: "white", name: "checks still to give", count: 2 },
    { side: "black", name: "checks still to give", count: 3 },
  ];
  assert.equal(countersText({ counters }), "Checks still to give: white 2, black 3.");
  assert.equal(countersText({}), "");
});

test("an end gives the tree its result, which goes when the end goes", () => {
  assert.deepEqual(treeResult("*", false, { result: "1-0" }), { result: "1-0", auto: true });
  assert.deepEqual(treeResult("1-0", true, { status: "ongoing" }), { result: "*", auto: false });
  // a result the game's record gave stays
  assert.deepEqual(treeResult("0-1", false, { status: "ongoing" }), { result: "0-1", auto: false });
  assert.deepEqual(treeResult("1/2-1/2", false, { result: "1-0" }), { result: "1/2-1/2", auto: false });
});
