// @ts-check
// The page's address: built from what is shown, read back.

import { test } from "node:test";
import assert from "node:assert/strict";

import { MAX_SHARED_PGN, MAX_SHARED_VARIANTS, addressProblems, ownTags, pathOfPly, plyParam, readAddress, shareQuery } from "../share.js";

/** @type {import("../share.js").View} */
const VIEW = { pgn: "", path: [], notation: null, named: false, input: "", lenient: false, rules: "" };

test("a move's ply is its number on the main line, else its path", () => {
  assert.equal(plyParam([]), "0");
  assert.equal(plyParam([0, 0, 0]), "3");
  assert.equal(plyParam([0, 0, 1]), "0.0.1");
  assert.equal(plyParam([2]), "2.");
  for (const path of [[], [0, 0], [0, 1, 0], [3], [0, 0, 2, 1]]) assert.deepEqual(pathOfPly(plyParam(path)), path);
  assert.deepEqual(pathOfPly(null), []);
  assert.deepEqual(pathOfPly("x"), []);
  assert.deepEqual(pathOfPly("x.y"), []);
});

test("a position's address", () => {
  const input = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
  assert.deepEqual(shareQuery({ ...VIEW, input }), { query: "input=4k3%2F8%2F8%2F8%2F8%2F8%2F8%2F4K3+w+-+-+0+1", tooLong: false, variantsTooLong: false });
  const query = shareQuery({ ...VIEW, input, lenient: true, rules: "atomic", notation: "san", named: true }).query;
  assert.deepEqual(readAddress(`?${query}`), { input, lenient: true, rules: "atomic", notation: "san", pgn: null, ply: null, flipped: false, variants: null, unknown: [] });
  // a notation the address did not ask for is left out
  assert.equal(shareQuery({ ...VIEW, input, notation: "san" }).query.includes("notation"), false);
  assert.equal(shareQuery(VIEW).query, "");
});

test("a game's address, and one too long for it", () => {
  const pgn = "[Event \"?\"]\n\n1. e2e4 e7e5 *";
  const view = { ...VIEW, pgn, path: [0, 1], notation: "san", input: "x", rules: "atomic" };
  const { query, tooLong } = shareQuery(view);
  assert.equal(tooLong, false);
  // the rules are the game's own: not in the address
  assert.deepEqual(readAddress(query), { input: null, lenient: false, rules: null, notation: "san", pgn, ply: "0.1", flipped: false, variants: null, unknown: [] });
  const long = { ...view, pgn: "x".repeat(MAX_SHARED_PGN + 1) };
  const shared = shareQuery(long);
  assert.equal(shared.tooLong, true);
  assert.deepEqual(readAddress(shared.query), { input: "x", lenient: false, rules: null, notation: "san", pgn: null, ply: null, flipped: false, variants: null, unknown: [] });
});

test("a game from an address keeps its own tags, not the ones the writer filled in", () => {
  const defaults = /** @type {[string, string][]} */ ([["Event", "?"], ["Site", "?"], ["Result", "*"]]);
  const tags = /** @type {[string, string][]} */ ([["Event", "?"], ["Site", "Here"], ["Result", "*"], ["Event", "Analysis"]]);
  assert.deepEqual(ownTags(tags, defaults), [["Site", "Here"], ["Event", "Analysis"]]);
});

test("the board's orientation is in the address", () => {
  const query = shareQuery({ ...VIEW, input: "x", flipped: true }).query;
  assert.equal(query, "input=x&flip=1");
  assert.equal(readAddress(`?${query}`).flipped, true);
  assert.equal(shareQuery({ ...VIEW, input: "x", flipped: false }).query, "input=x");
});

test("a variants file is in the address while it fits, before the rest", () => {
  const variants = "[tiny:chess]\nmaxRank = 6\n";
  const shared = shareQuery({ ...VIEW, input: "tiny:standard", rules: "tiny", variants });
  assert.equal(shared.variantsTooLong, false);
  assert.ok(shared.query.startsWith("variants="), shared.query);
  const address = readAddress(`?${shared.query}`);
  assert.equal(address.variants, variants);
  assert.equal(address.rules, "tiny");
  assert.deepEqual(address.unknown, []);
  const long = shareQuery({ ...VIEW, input: "x", variants: "#".repeat(MAX_SHARED_VARIANTS + 1) });
  assert.equal(long.variantsTooLong, true);
  assert.equal(readAddress(`?${long.query}`).variants, null);
  assert.equal(shareQuery({ ...VIEW, input: "x", variants: "" }).variantsTooLong, false);
});

test("an address's problems are each said", () => {
  const address = readAddress("?input=x&rules=nonsense&ply=abc&foo=1&bar=2");
  assert.deepEqual(address.unknown, ["foo", "bar"]);
  const problems = addressProblems(address, ["atomic", "three-check", "3check"]);
  assert.equal(problems.length, 3);
  assert.match(problems[0], /parameters the page does not know: foo, bar/);
  assert.match(problems[1], /rules "nonsense", which no game has/);
  assert.match(problems[2], /ply "abc" is not a move number/);
  assert.deepEqual(addressProblems(readAddress("?input=x&rules=3check&ply=0.0.1&flip=1"), ["3check"]), []);
  assert.deepEqual(addressProblems(readAddress("?pgn=x&ply=2."), []), []);
});
