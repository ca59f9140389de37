// @ts-check
// Arrows and circles read from a move's comments, toggled, written back.

import { test } from "node:test";
import assert from "node:assert/strict";

import { colorOf, shapeWords, shapesOf, toggleShape, withShapes } from "../shapes.js";

const NAMES = ["e2", "e4", "d5", "a10", "a1", "g1", "f3"];
const isSquare = (/** @type {string} */ s) => NAMES.includes(s);
const split = (/** @type {string} */ text) => {
  for (const name of NAMES) {
    if (text.startsWith(name) && isSquare(text.slice(name.length))) return /** @type {[string, string]} */ ([name, text.slice(name.length)]);
  }
  return null;
};

test("circles and arrows are read from every comment, bad items left out", () => {
  const shapes = shapesOf(["good [%csl Ge4,Rd5] [%cal Ge2e4]", "[%cal Ba10a1,Xe2e4,Gz9]"], split, isSquare);
  assert.deepEqual(shapes, [
    { color: "G", from: "e4", to: null },
    { color: "R", from: "d5", to: null },
    { color: "G", from: "e2", to: "e4" },
    { color: "B", from: "a10", to: "a1" },
  ]);
  assert.deepEqual(shapesOf(["no shapes"], split, isSquare), []);
});

test("shapes are written at the start of the first comment, the words kept", () => {
  const shapes = [
    { color: "G", from: "e4", to: null },
    { color: "R", from: "g1", to: "f3" },
  ];
  assert.deepEqual(withShapes(["good [%cal Ge2e4]", "more"], shapes), ["[%csl Ge4] [%cal Rg1f3] good", "more"]);
  assert.deepEqual(withShapes([], shapes), ["[%csl Ge4] [%cal Rg1f3]"]);
  // no shapes left: the commands go, and a comment left empty with them
  assert.deepEqual(withShapes(["[%csl Ge4]", "kept [%clk 0:01:00]"], []), ["kept [%clk 0:01:00]"]);
});

test("a shape drawn twice goes, in another colour it is recoloured", () => {
  const arrow = { color: "G", from: "e2", to: "e4" };
  assert.deepEqual(toggleShape([], arrow), [arrow]);
  assert.deepEqual(toggleShape([arrow], arrow), []);
  assert.deepEqual(toggleShape([arrow], { ...arrow, color: "R" }), [{ ...arrow, color: "R" }]);
  const circle = { color: "G", from: "e2", to: null };
  assert.deepEqual(toggleShape([arrow], circle), [arrow, circle]);
});

test("the modifier keys pick the colour, and shapes are said in words", () => {
  assert.equal(colorOf({ shiftKey: false, altKey: false }), "G");
  assert.equal(colorOf({ shiftKey: true, altKey: false }), "R");
  assert.equal(colorOf({ shiftKey: false, altKey: true }), "B");
  assert.equal(colorOf({ shiftKey: true, altKey: true }), "Y");
  assert.equal(shapeWords({ color: "G", from: "e2", to: "e4" }), "green arrow from e2 to e4");
  assert.equal(shapeWords({ color: "R", from: "d5", to: null }), "red circle on d5");
});
