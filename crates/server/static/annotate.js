// @ts-check
// The move shown annotated: its NAGs picked from buttons (one of the
// move's, one of the position's), its comment's words typed, the commands
// it holds (clocks, evaluations, arrows) kept; each change goes into the
// tree and so into the export and the address.

import { $, clear } from "./dom.js";
import { state } from "./state.js";
import { NAG_GROUPS, nagText, toggleNag } from "./tree.js";
import { commentWords, withWords } from "./comments.js";

/** The NAGs in words, for a screen reader. */
const NAG_WORDS = /** @type {Record<number, string>} */ ({
  1: "good move",
  2: "mistake",
  3: "brilliant move",
  4: "blunder",
  5: "interesting move",
  6: "dubious move",
  10: "equal position",
  13: "unclear position",
  14: "slight advantage to the first player",
  15: "slight advantage to the second player",
  16: "clear advantage to the first player",
  17: "clear advantage to the second player",
  18: "winning for the first player",
  19: "winning for the second player",
});

const board = state.board;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let typing;
/** The node whose comment the box shows. */
let shown = /** @type {import("./tree.js").TreeNode | null} */ (null);

/**
 * The box and the buttons filled from the move shown (the start: its
 * comment only); a comment being typed is left as it is.
 */
export function fillAnnotation() {
  const node = board.cursor;
  const section = $("annotation");
  section.hidden = !board.tree || !node;
  if (!node) return;
  const box = $("comment-text");
  if (node !== shown || document.activeElement !== box) box.value = commentWords(node.comments);
  shown = node;
  $("comment-label").textContent = node.parent ? `Comment on ${node.move}` : "Comment on the start";
  const nags = $("nags");
  nags.hidden = !node.parent;
  for (const button of nags.querySelectorAll("button")) {
    button.setAttribute("aria-pressed", String(node.nags.includes(Number(button.dataset.nag))));
  }
}

/**
 * The NAG buttons and the comment box; `changed` redraws what shows the
 * tree (the moves, the export, the address).
 * @param {() => void} changed
 */
export function setupAnnotation(changed) {
  const nags = $("nags");
  clear(nags);
  for (const group of NAG_GROUPS) {
    const row = document.createElement("span");
    row.className = "nag-group";
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", group[0] === 1 ? "The move" : "The position");
    for (const nag of group) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.nag = String(nag);
      button.textContent = nagText(nag);
      button.title = NAG_WORDS[nag];
      button.setAttribute("aria-label", NAG_WORDS[nag]);
      button.setAttribute("aria-pressed", "false");
      button.addEventListener("click", () => {
        const node = board.cursor;
        if (!node || !node.parent) return;
        node.nags = toggleNag(node.nags, nag);
        fillAnnotation();
        changed();
      });
      row.appendChild(button);
    }
    nags.appendChild(row);
  }
  $("comment-text").addEventListener("input", () => {
    const node = board.cursor;
    if (!node) return;
    node.comments = withWords(node.comments, $("comment-text").value);
    clearTimeout(typing);
    typing = setTimeout(changed, 250);
  });
}
