// @ts-check
// The polyfen page: everything it shows comes from the JSON API. This
// module wires the page together: it learns what the service knows (GET
// /v1/info, /v1/games, the OpenAPI document), fills the lists, connects
// the controls and the keys, and opens the address's position or game.

import { getJson } from "./api.js";
import { $, copyText, setBusy } from "./dom.js";
import { facts, lastGame, state } from "./state.js";
import { setFlipped, setupBoard } from "./board.js";
import { setupEditor, stopEditing } from "./editor.js";
import { setupExplain } from "./explain.js";
import { goToNode, playMove, setTree, setupMoves, stepTree } from "./moves.js";
import { convert, fillRules, fillSetups, fireLaser, schedule, setupText, update } from "./position.js";
import { fillFilePicker, recordKey, setupGames } from "./records.js";
import { addressMessage, addressProblems, openShared, readAddress, setupShare } from "./share.js";
import { nodeAt, treeOf } from "./tree.js";
import { undoReplace } from "./undo.js";
import { loadVariants, setupVariants } from "./variants.js";

const page = state.page;
const board = state.board;

/**
 * Whether a key pressed on `target` is for the element itself (typing,
 * choosing, moving in the part-by-part view) rather than for the game.
 * @param {Element | null} target
 * @param {string} key
 * @returns {boolean}
 */
function keyIsLocal(target, key) {
  if (!target || !target.closest) return false;
  if (target.closest(".explain")) return true;
  // the board's squares are walked with the arrow keys, and clicked with
  // Enter or Space
  if (target.closest("#board")) return ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " "].includes(key);
  if (target.matches("textarea, input, [contenteditable]")) return true;
  // the game's own lists step through the game, as they always did
  return target.matches("select") && !target.closest("#games-section");
}

/**
 * The keys of the board's moves: ← → one move, Home and End (from the
 * moves' own section) to either end, and the key of a promotion's piece or
 * a rotation's sign offered for the selected piece.
 * @param {KeyboardEvent} event
 */
function boardKeys(event) {
  /** @type {Record<string, "first" | "prev" | "next" | "last">} */
  const steps = { ArrowRight: "next", ArrowLeft: "prev" };
  const target = /** @type {Element} */ (event.target);
  if (target.closest && target.closest("#tree-section")) Object.assign(steps, { Home: "first", End: "last" });
  if (event.key in steps) {
    event.preventDefault();
    stepTree(steps[event.key]);
    return;
  }
  const choice = board.choice.filter((m) => m.rest && m.rest.toLowerCase() === event.key.toLowerCase());
  if (choice.length === 1) {
    event.preventDefault();
    playMove(choice[0].move);
  }
}

/**
 * The arrow keys step through a game wherever they are not typing: the
 * game record's when it was used last, else the board's moves.
 */
function setupKeys() {
  const keysFor = (/** @type {Event} */ event) => {
    const target = /** @type {Element} */ (event.target);
    if (!target || !target.closest) return;
    if (target.closest("#games-section")) page.keysFor = "games";
    else if (target.closest("section.board, #tree-section, #export-section, section.input")) page.keysFor = "board";
  };
  document.addEventListener("pointerdown", keysFor, true);
  document.addEventListener("focusin", keysFor, true);
  document.addEventListener("keydown", (event) => {
    const target = /** @type {Element} */ (event.target);
    // Ctrl+Z away from a text field brings back the moves an edit replaced
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z" && !(target.matches && target.matches("textarea, input"))) {
      undoReplace(setTree, goToNode);
      event.preventDefault();
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey || keyIsLocal(/** @type {Element} */ (event.target), event.key)) return;
    if (board.tree && (page.keysFor !== "games" || !state.records.game)) boardKeys(event);
    else recordKey(event);
  });
}

/** The position box, its lists and buttons, and the conversion's. */
function setupPosition() {
  $("rules").addEventListener("change", () => {
    board.rootPending = true;
    update();
  });
  $("input").addEventListener("input", () => {
    page.readAs = null;
    if (board.editing) stopEditing();
    // an edit that leaves the position as it was keeps the moves
    board.rootPending = "if-changed";
    page.typed = null;
    page.note = null;
    $("setup-undo").hidden = true;
    schedule();
  });
  $("lenient").addEventListener("change", () => {
    board.rootPending = true;
    update();
  });
  // a named setup replaces the text, which one button brings back
  $("setup").addEventListener("change", async () => {
    const select = /** @type {HTMLSelectElement} */ ($("setup"));
    if (!select.value) return;
    const chosen = await setupText(select.options[select.selectedIndex]);
    const current = $("input").value;
    const named = Array.from(/** @type {HTMLSelectElement} */ ($("setup")).options).some((o) => o.value && o.value === current);
    if (page.typed === null && current.trim() && !named) page.typed = current;
    $("setup-undo").hidden = page.typed === null;
    $("input").value = chosen;
    page.readAs = null;
    board.rootPending = true;
    update();
  });
  $("setup-undo").addEventListener("click", () => {
    $("input").value = page.typed || "";
    page.readAs = null;
    page.typed = null;
    $("setup").value = "";
    $("setup-undo").hidden = true;
    $("input").focus();
    board.rootPending = true;
    update();
  });
  $("target").addEventListener("change", async () => {
    setBusy(true);
    const seq = ++page.seq;
    try {
      await convert(seq);
    } finally {
      if (seq === page.seq) setBusy(false);
    }
  });
  $("copy").addEventListener("click", () => copyText($("output").value, "copied"));
  $("copy-position").addEventListener("click", () => copyText($("input").value, "copied-position"));
  $("laser").addEventListener("click", fireLaser);
  $("tree-undo").addEventListener("click", () => undoReplace(setTree, goToNode));
}

async function start() {
  setBusy(true);
  const [info, openapi, known] = await Promise.all([getJson("/v1/info"), getJson("/v1/openapi.json"), getJson("/v1/games")]);
  page.info = info;
  page.games = known.games;
  page.laser = "/v1/laser" in openapi.paths;
  fillSetups();
  fillRules();
  fillFilePicker(known.record_formats);
  $("game-names").textContent = ` (${known.games.map((/** @type {{ id: string }} */ g) => g.id).join(", ")})`;
  setupPosition();
  setupBoard();
  setupEditor();
  setupMoves();
  setupShare();
  setupGames();
  setupExplain();
  setupKeys();
  setupVariants(update);
  $("games-open").addEventListener("click", openRecord);
  // a link may name the position to show (/?input=...) or a game
  // (/?pgn=...&ply=...&notation=...), and bring a variants file whose
  // games it plays (&variants=...)
  const address = readAddress(window.location.search);
  if (address.variants) {
    $("variants-input").value = address.variants;
    /** @type {HTMLDetailsElement} */ ($("own-games")).open = true;
    await loadVariants(address.variants, (message) => addressMessage(message));
  }
  const rulesIds = page.games.flatMap((/** @type {any} */ g) => (g.rules || []).flatMap((/** @type {any} */ r) => [r.id, ...r.aliases]));
  for (const problem of addressProblems(address, rulesIds)) addressMessage(problem);
  if (address.input) $("input").value = address.input;
  if (address.lenient) $("lenient").checked = true;
  if (address.rules && rulesIds.includes(address.rules)) $("rules").value = rulesOption(address.rules);
  board.wanted = address.notation;
  if (address.flipped) setFlipped(true);
  // no position asked for: the start of the game used last, else the
  // first game's
  if (!address.input && !address.pgn && !$("input").value.trim()) {
    const game = facts(lastGame()) || page.games[0];
    if (game) $("input").value = game.start;
  }
  if (address.pgn) {
    await openShared(address.pgn, address.ply, board.wanted);
    setBusy(false);
    return;
  }
  await update();
}

/**
 * The option of the rules list for a rules id or alias (`3check` is
 * `three-check`'s).
 * @param {string} rules
 * @returns {string}
 */
function rulesOption(rules) {
  for (const game of page.games) {
    for (const r of game.rules || []) if (r.id === rules || r.aliases.includes(rules)) return r.id;
  }
  return "";
}

/** The game of the record viewer, at its ply, taken to the main board. */
async function openRecord() {
  const game = state.records.game;
  if (!game) return;
  const ply = state.records.ply;
  const tree = treeOf(game, game.notation || null);
  setTree(tree);
  await goToNode(nodeAt(tree, Array(ply).fill(0)));
  $("board").scrollIntoView({ block: "nearest" });
}

start();
