// @ts-check
// The clock and evaluation commands read out of a move's comment.

import { test } from "node:test";
import assert from "node:assert/strict";

import { annotate, commentWords, evalText, withWords } from "../comments.js";

test("a clock and an evaluation are read out of the comment's words", () => {
  const a = annotate("a fine move [%eval 0.25] [%clk 0:03:00]");
  assert.deepEqual(a, { text: "a fine move", clock: "0:03:00", eval: 0.25, mate: null });
  assert.equal(evalText(a), "+0.25");
});

test("a mate and a negative evaluation", () => {
  assert.equal(evalText(annotate("[%eval #-3]")), "#−3");
  assert.equal(evalText(annotate("[%eval -1.5,20]")), "−1.50");
  assert.equal(annotate("[%clk 1:00:00]").text, "");
});

test("other commands and plain words stay as they are, the board's shapes go", () => {
  assert.equal(annotate("[%cal Ge2e4] [%csl Rd5] see this").text, "see this");
  const a = annotate("[%emt 0:00:05] see this");
  assert.equal(a.text, "[%emt 0:00:05] see this");
  assert.equal(a.clock, null);
  assert.equal(evalText(a), null);
});

test("a comment's words are edited, its commands kept", () => {
  const comments = ["[%clk 0:03:00] good", "[%cal Ge2e4] and more"];
  assert.equal(commentWords(comments), "good and more");
  assert.deepEqual(withWords(comments, "a fine move"), ["[%clk 0:03:00] [%cal Ge2e4] a fine move"]);
  assert.deepEqual(withWords(["[%clk 0:03:00] good"], ""), ["[%clk 0:03:00]"]);
  assert.deepEqual(withWords(["good"], "  "), []);
  // a brace would end the PGN comment: it is left out
  assert.deepEqual(withWords([], "a {b} c"), ["a b c"]);
});
