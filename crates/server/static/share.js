// @ts-check
// The page's address and the game's export. The address bar always holds
// the address of what is shown: `?input=` a position, `?pgn=&ply=&notation=`
// a game at a move (its PGN written by the server, in coordinates), built
// and read by the pure functions first here; then the tags, the PGN in the
// notation picked, and a game opened from an address.

import { api, firstGame, ownVariants } from "./api.js";
import { $, addItem, clear, copyText, fillIds } from "./dom.js";
import { state, facts, lastGame } from "./state.js";
import { gameJsonOf, nodeAt, pathOf, treeOf } from "./tree.js";
import { goToNode, setTree } from "./moves.js";
import { update } from "./position.js";

/** @typedef {import("./tree.js").Tree} Tree */

/** The longest game the address holds; a longer one's holds the position shown. */
export const MAX_SHARED_PGN = 4000;

/** The longest variants file the address holds; a longer one is left out of it. */
export const MAX_SHARED_VARIANTS = 4000;

/**
 * What the address says.
 * @typedef {object} Address
 * @property {string | null} input     a position
 * @property {boolean} lenient
 * @property {string | null} rules
 * @property {string | null} notation  the move notation to show moves in
 * @property {string | null} pgn       a game
 * @property {string | null} ply       the move of the game shown
 * @property {boolean} flipped          the board seen from the second player's side
 * @property {string | null} variants   a variants file whose games the page plays
 * @property {string[]} unknown         the parameters the page does not know
 */

/** The parameters an address may have. */
export const PARAMETERS = ["input", "lenient", "rules", "notation", "pgn", "ply", "flip", "variants"];

/**
 * What is shown, as the address says it.
 * @typedef {object} View
 * @property {string} pgn        the game's PGN (trimmed), "" without moves
 * @property {number[]} path     the path of the move shown
 * @property {string | null} notation  the tree's move notation
 * @property {boolean} named     a notation was asked for (the address had one)
 * @property {string} input      the position box's text (trimmed)
 * @property {boolean} lenient
 * @property {string} rules      the rules picked, "" for the game's own
 * @property {boolean} [flipped]  the board turned round
 * @property {string} [variants]  the user's variants file, "" for none
 */

/**
 * The `ply` of the address for the move at `path`: the number of plies on
 * the main line (`3`), else the path (`0.0.1`; `2.` for a first move).
 * @param {number[]} path
 * @returns {string}
 */
export function plyParam(path) {
  if (path.every((i) => i === 0)) return String(path.length);
  return path.length === 1 ? `${path[0]}.` : path.join(".");
}

/**
 * The path of an address's `ply` (see plyParam).
 * @param {string | null} ply
 * @returns {number[]}
 */
export function pathOfPly(ply) {
  const text = String(ply || "0");
  if (!/^[\d.]+$/.test(text)) return [];
  if (text.includes(".")) return text.split(".").filter(Boolean).map(Number);
  return Array(Math.max(0, Number(text) || 0)).fill(0);
}

/**
 * The query of the address of `view` (without `?`), whether its game
 * was too long to be in it, and whether its variants file was.
 * @param {View} view
 * @returns {{ query: string, tooLong: boolean, variantsTooLong: boolean }}
 */
export function shareQuery(view) {
  const params = new URLSearchParams();
  const variantsTooLong = Boolean(view.variants) && String(view.variants).length > MAX_SHARED_VARIANTS;
  // the file first: the games it defines are read before the rest
  if (view.variants && !variantsTooLong) params.set("variants", view.variants);
  const tooLong = view.pgn.length > MAX_SHARED_PGN;
  if (view.pgn && !tooLong) {
    params.set("pgn", view.pgn);
    params.set("ply", plyParam(view.path));
    if (view.notation) params.set("notation", view.notation);
  } else {
    if (view.input) params.set("input", view.input);
    if (view.notation && (view.named || view.pgn)) params.set("notation", view.notation);
  }
  if (view.lenient) params.set("lenient", "1");
  if (!view.pgn && view.rules) params.set("rules", view.rules);
  if (view.flipped) params.set("flip", "1");
  return { query: params.toString(), tooLong, variantsTooLong };
}

/**
 * What an address's query (`?input=...`) says.
 * @param {string} search
 * @returns {Address}
 */
export function readAddress(search) {
  const params = new URLSearchParams(search);
  return {
    input: params.get("input"),
    lenient: params.get("lenient") === "1",
    rules: params.get("rules"),
    notation: params.get("notation"),
    pgn: params.get("pgn"),
    ply: params.get("ply"),
    flipped: params.get("flip") === "1",
    variants: params.get("variants"),
    unknown: Array.from(new Set(params.keys())).filter((name) => !PARAMETERS.includes(name)),
  };
}

/**
 * What is wrong with an address before anything is read, each in a
 * sentence: parameters the page does not know, rules no game has, a ply
 * that is not one. `rules` lists every rules id and alias the games have.
 * @param {Address} address
 * @param {string[]} rules
 * @returns {string[]}
 */
export function addressProblems(address, rules) {
  /** @type {string[]} */
  const problems = [];
  if (address.unknown.length) {
    problems.push(`The address has ${address.unknown.length === 1 ? "a parameter" : "parameters"} the page does not know: ${address.unknown.join(", ")} (it knows ${PARAMETERS.join(", ")}).`);
  }
  if (address.rules && !rules.includes(address.rules)) {
    problems.push(`The address asks for the rules "${address.rules}", which no game has: the position is read under its game's own rules.`);
  }
  if (address.ply !== null && !/^(\d+|\d+\.|\d+(\.\d+)+)$/.test(address.ply)) {
    problems.push(`The address's ply "${address.ply}" is not a move number (3) or a path (0.0.1): the game is shown at its start.`);
  }
  return problems;
}

/** The shared PGN of the last tree asked for: the request it answers. */
const shared = { key: "", pgn: /** @type {Promise<string>} */ (Promise.resolve("")), done: /** @type {string | null} */ (null) };

/**
 * The game's PGN for the address, in coordinates, written by the server
 * (and kept until the tree changes); "" for a tree without moves.
 * @param {Tree} tree
 * @returns {Promise<string>}
 */
export function sharedPgn(tree) {
  if (!tree.root.children.length) return Promise.resolve("");
  const game = facts(tree.variant);
  const request = { game: gameJsonOf(tree), to: "pgn", moves: game ? game.coordinates : tree.notation };
  const key = JSON.stringify(request);
  if (key !== shared.key) {
    shared.key = key;
    shared.done = null;
    shared.pgn = api("/v1/games/convert", request)
      .then((answer) => {
        const item = firstGame(answer, "no game written");
        return item.ok ? String(item.ok.pgn).trim() : "";
      })
      .catch(() => "")
      .then((pgn) => {
        if (shared.key === key) shared.done = pgn;
        return pgn;
      });
  }
  return shared.pgn;
}

/**
 * The address bar set to the page's shareable address: the position shown,
 * or, once moves are played, the game, the ply shown and the move notation.
 * While the server writes a changed game's PGN the address waits for it.
 */
export function share() {
  const board = state.board;
  const tree = board.tree;
  let pgn = "";
  if (tree && tree.root.children.length) {
    const waiting = sharedPgn(tree);
    if (shared.done === null) {
      waiting.then(() => share());
      return;
    }
    pgn = shared.done;
  }
  const { query, tooLong, variantsTooLong } = shareQuery({
    pgn,
    path: pathOf(board.cursor),
    notation: tree ? tree.notation : null,
    named: Boolean(board.wanted),
    input: $("input").value.trim(),
    lenient: $("lenient").checked,
    rules: $("rules").value,
    flipped: board.flipped,
    variants: ownVariants() || "",
  });
  $("share-note").hidden = !tooLong;
  $("variants-share-note").hidden = !variantsTooLong;
  history.replaceState(null, "", query ? `?${query}` : window.location.pathname);
}

/**
 * A game from the address (`?pgn=`): read, and shown at `ply`.
 * @param {string} pgn
 * @param {string | null} ply
 * @param {string | null} notation
 */
export async function openShared(pgn, ply, notation) {
  /** @type {Record<string, any>} */
  const request = { pgn, positions: true };
  const known = state.page.games.some((g) => g.move_notations.includes(notation || ""));
  if (notation && !known) {
    addressMessage(`The address asks for moves in "${notation}", which no game writes: they are shown in the game's own notation.`);
    state.board.wanted = null;
  }
  if (notation && known) request.moves = notation;
  const item = firstGame(await api("/v1/games/convert", request), "no game in the address");
  if (!item.ok) {
    const e = item.error;
    addressMessage(`The game in the address cannot be read: ${e.line ? `line ${e.line}, column ${e.column}: ` : ""}${e.message}`);
    // the board stays a board: the start of the game used last
    const landing = facts(lastGame()) || state.page.games[0];
    $("input").value = landing ? landing.start : "";
    await update();
    return;
  }
  const tree = treeOf(item.ok, item.ok.notation);
  // the tags the server wrote because the game had none are not the game's
  const game = facts(tree.variant);
  tree.tags = ownTags(tree.tags, game ? game.tag_defaults : []);
  setTree(tree);
  const path = pathOfPly(ply);
  const node = nodeAt(tree, path);
  if (pathOf(node).length < path.length) {
    addressMessage(`The address's ply "${ply}" is past the moves of its game: shown at the last move there is.`);
  }
  await goToNode(node);
}

/**
 * A sentence about the address the page was opened with, shown above the
 * board until the page is opened again.
 * @param {string} text
 */
export function addressMessage(text) {
  const list = $("address-messages");
  addItem(list, text, "error");
  list.hidden = false;
}

/**
 * The tags of a game read back from its PGN without those the writer
 * gives a game without tags (`defaults`, GET /v1/games's `tag_defaults`).
 * @param {[string, string][]} tags
 * @param {[string, string][]} defaults
 * @returns {[string, string][]}
 */
export function ownTags(tags, defaults) {
  return tags.filter(([name, value]) => !defaults.some(([n, v]) => n === name && v === value));
}

/** The tags of the game, each name and value a text box. */
export function fillTags() {
  const body = $("tags");
  clear(body);
  const tree = state.board.tree;
  if (!tree) return;
  tree.tags.forEach(([name, value], i) => {
    const row = document.createElement("tr");
    const cell = (/** @type {string} */ text, /** @type {string} */ label, /** @type {(v: string) => void} */ set) => {
      const td = document.createElement("td");
      const input = document.createElement("input");
      input.type = "text";
      input.value = text;
      input.setAttribute("aria-label", label);
      input.addEventListener("change", () => {
        set(input.value);
        share();
        exportGame();
      });
      td.appendChild(input);
      row.appendChild(td);
    };
    cell(name, `Tag ${i + 1}'s name`, (v) => (tree.tags[i][0] = v.replace(/[^A-Za-z0-9_]/g, "")));
    cell(value, `Tag ${i + 1}'s value`, (v) => (tree.tags[i][1] = v));
    const td = document.createElement("td");
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = "✕";
    remove.setAttribute("aria-label", `Remove the tag ${name}`);
    remove.addEventListener("click", () => {
      tree.tags.splice(i, 1);
      fillTags();
      share();
    });
    td.appendChild(remove);
    row.appendChild(td);
    body.appendChild(row);
  });
  exportGame();
}

/** The game as PGN in the notation chosen, written by the server. */
export async function exportGame() {
  const tree = state.board.tree;
  if (!tree) return;
  const select = $("export-notation");
  const game = facts(tree.variant);
  if (fillIds(select, game ? game.move_notations : [])) select.value = tree.notation;
  const request = { game: gameJsonOf(tree), to: "pgn", moves: select.value || tree.notation };
  const [answer] = await Promise.all([api("/v1/games/convert", request), sharedPgn(tree)]);
  if (tree !== state.board.tree) return;
  const item = firstGame(answer, "");
  $("export-pgn").value = item.ok ? item.ok.pgn : item.error.message;
}

/** The export's tag button, notation list and copy button. */
export function setupShare() {
  $("export-notation").addEventListener("change", exportGame);
  $("tag-add").addEventListener("click", () => {
    const tree = state.board.tree;
    if (!tree) return;
    tree.tags.push(["Event", "?"]);
    fillTags();
    const inputs = $("tags").querySelectorAll("input");
    if (inputs.length >= 2) inputs[inputs.length - 2].focus();
  });
  $("copy-pgn").addEventListener("click", () => copyText($("export-pgn").value, "copied-pgn"));
}
