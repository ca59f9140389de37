// @ts-check
// The game record viewer: a record pasted, dropped or opened (its bytes
// sent as they are), read by the server; its games listed, one shown as
// movetext with comments, NAGs and variations, stepped through on a board
// of its own, its moves in the notation picked.

import { api } from "./api.js";
import { $, addItem, clear, fillIds } from "./dom.js";
import { state, facts } from "./state.js";
import { moveNumber, nagText, numberLabel, squaresOf, treeOf } from "./tree.js";
import { drawBoard, markSquares } from "./board.js";
import { goToNode, setTree } from "./moves.js";
import { showComments } from "./comments.js";

/** @typedef {import("./tree.js").GameJson} GameJson */
/** @typedef {import("./tree.js").NodeJson} NodeJson */

const games = state.records;

/** Which record's game the main board was last given (its text or bytes, and its number). */
let opened = "";

/**
 * A game read from a record, on the main board with its moves as the
 * tree, at its start; once per record and game picked.
 * @param {GameJson} game
 * @param {string} key
 */
async function openOnBoard(game, key) {
  if (key === opened) return;
  opened = key;
  const tree = treeOf(game, game.notation || null);
  setTree(tree);
  await goToNode(tree.root);
}

/**
 * Text pasted into the position box read as a game record (of any
 * format games/convert reads): put in the record box and opened on the
 * main board; false when it holds no game.
 * @param {string} text
 * @returns {Promise<boolean>}
 */
export async function pastedGame(text) {
  let answer;
  try {
    answer = await api("/v1/games/convert", { pgn: text });
  } catch {
    return false;
  }
  const read = (answer.games || []).filter((/** @type {any} */ item) => item.ok);
  if (!read.length) return false;
  const first = read[0].ok;
  const moves = (first.mainline || []).length;
  state.page.note = `Read as a game record: ${read.length === 1 ? "a game" : `${read.length} games`} of ${first.variant}, ${moves} moves; it is on the board and in the game record box.`;
  $("games-input").value = text;
  games.data = null;
  games.chosen = null;
  games.game = null;
  await loadGames();
  return true;
}

/**
 * The label of a game in the list: its number, its title and its players.
 * @param {any} item
 * @param {number} i
 * @returns {string}
 */
export function gameLabel(item, i) {
  const tags = item.ok ? Object.fromEntries(item.ok.tags) : {};
  const known = (/** @type {string | undefined} */ value) => value && value !== "?" && value.trim();
  const title = [tags.Title, tags.Event, tags.Opening].find(known);
  // the player tags of the game's game, as GET /v1/games lists them
  const game = item.ok ? facts(item.ok.variant) : null;
  const named = (game && game.player_tags) || [];
  const players = named.map((/** @type {string} */ tag) => tags[tag]).filter(known).join(" – ");
  const label = [title, players].filter(Boolean).join(", ");
  return `${i + 1}${label ? ": " + label : ""}${item.error ? " (error)" : ""}`;
}

/**
 * The game file picker offers the files of every record format GET
 * /v1/games lists (and any text file: a record is read by its content).
 * @param {{ name: string, binary: boolean, extensions: string[] }[]} formats
 */
export function fillFilePicker(formats) {
  const picker = $("games-file");
  /** @type {string[]} */
  const extensions = [];
  for (const format of formats || []) {
    for (const extension of format.extensions) {
      if (!extensions.includes("." + extension)) extensions.push("." + extension);
    }
  }
  if (!extensions.includes(".txt")) extensions.push(".txt");
  picker.accept = extensions.concat(["text/plain"]).join(",");
  const names = (formats || []).map((f) => f.name.toUpperCase());
  picker.setAttribute("aria-label", `Open a game file (${names.join(", ")})`);
  // the record box's label: the text formats besides PGN, then the binary
  // ones a file brings
  const text = (formats || []).filter((f) => !f.binary && f.name !== "pgn").map((f) => f.name.toUpperCase());
  const binary = (formats || []).filter((f) => f.binary).map((f) => f.name.toUpperCase());
  $("games-text-formats").textContent = text.length ? `, ${text.join(", ")}` : "";
  $("games-binary-formats").textContent = binary.length ? ` (also ${binary.join(", ")})` : "";
}

/** Reads the record box (or the file opened) and lists its games. */
export async function loadGames() {
  const seq = ++games.seq;
  const pgn = $("games-input").value;
  const messages = $("games-messages");
  if (!pgn.trim() && !games.data) {
    clear(messages);
    games.list = [];
    clear($("games-pick"));
    showGame(null, 0);
    return;
  }
  // a file's bytes go as they are (base64): the server finds the format
  // and the text encoding (GB18030, Big5, UTF-8) as the command line does
  /** @type {Record<string, any>} */
  const request = games.data ? { data: games.data, positions: true } : { pgn, positions: true };
  // the moves in the notation picked for these games, else in the file's own
  if (games.chosen) request.moves = games.chosen;
  let answer;
  try {
    answer = await api("/v1/games/convert", request);
  } catch (error) {
    if (seq !== games.seq) return;
    clear(messages);
    addItem(messages, /** @type {Error} */ (error).message, "error");
    showGame(null, 0);
    return;
  }
  if (seq !== games.seq) return;
  clear(messages);
  games.list = answer.games || [];
  const pick = $("games-pick");
  const previous = Number(pick.value || 0);
  clear(pick);
  games.list.forEach((item, i) => {
    const option = document.createElement("option");
    option.value = String(i);
    option.textContent = gameLabel(item, i);
    pick.appendChild(option);
  });
  pick.value = String(Math.min(previous, Math.max(games.list.length - 1, 0)));
  for (const [i, item] of games.list.entries()) {
    if (!item.error) continue;
    const e = item.error;
    const where = e.offset !== undefined ? `byte ${e.offset}` : `line ${e.line}, column ${e.column}`;
    addItem(messages, `game ${i + 1}: ${where}: ${e.message}`, "error");
  }
  const chosen = games.list[Number(pick.value)];
  showGame(chosen && chosen.ok ? chosen.ok : null, games.game ? games.ply : 0);
  // a record pasted, dropped or opened plays on the main board
  if (chosen && chosen.ok) await openOnBoard(chosen.ok, `${games.data || pgn}#${pick.value}`);
}

/**
 * The move notations of the game's game, the game's own picked.
 * @param {GameJson} game
 */
function fillGameNotations(game) {
  const select = $("games-notation");
  const entry = state.page.info.variants.find((/** @type {any} */ v) => v.id === game.variant);
  fillIds(select, entry ? entry.move_notations : []);
  select.value = game.notation;
}

/**
 * The game's moves as movetext: move numbers, the main line's moves as
 * buttons (each the ply it leads to), comments, NAGs and variations, as
 * the record holds them.
 * @param {GameJson} game
 */
function movetext(game) {
  const box = $("games-moves");
  clear(box);
  const numbering = game.numbering || { number: 1, second: false };
  // a space between tokens, none after an opening parenthesis or before a NAG
  const space = (/** @type {Element} */ parent, /** @type {boolean} */ glued) => {
    const last = parent.lastChild;
    if (last && !glued && !(last.nodeType === Node.TEXT_NODE && (last.textContent || "").endsWith("("))) parent.append(" ");
  };
  const add = (/** @type {Element} */ parent, /** @type {string} */ cls, /** @type {string} */ text, glued = false) => {
    space(parent, glued);
    const span = document.createElement("span");
    span.className = cls;
    span.textContent = text;
    parent.appendChild(span);
    return span;
  };
  const comments = (/** @type {Element} */ parent, /** @type {string[] | undefined} */ list) =>
    showComments(parent, list || [], (p, cls, text) => add(p, cls, text));
  // `ply` counts from the start position: 0 is its side's first move
  /** @type {(parent: Element, nodes: NodeJson[], ply: number, main: boolean) => void} */
  const line = (parent, nodes, ply, main) => {
    let needNumber = true;
    nodes.forEach((node, i) => {
      const at = ply + i;
      const label = numberLabel(numbering, at, needNumber);
      if (label) add(parent, "num", label);
      let move;
      if (main) {
        space(parent, false);
        move = document.createElement("button");
        move.type = "button";
        move.dataset.ply = String(at + 1);
        move.textContent = node.move;
        move.addEventListener("click", () => goTo(at + 1));
        parent.appendChild(move);
      } else {
        move = add(parent, "var-move", node.move);
      }
      move.classList.add("move");
      for (const nag of node.nags || []) {
        // a symbol glued to its move, `$n` a space apart
        const text = nagText(nag);
        add(parent, "nag", text.startsWith("$") ? ` ${text}` : text, true);
      }
      needNumber = false;
      if (node.comments && node.comments.length) {
        comments(parent, node.comments);
        needNumber = true;
      }
      for (const variation of node.variations || []) {
        const box = add(parent, "variation", "");
        box.append("(");
        comments(box, variation.comments);
        line(box, variation.moves, at, false);
        box.append(")");
        needNumber = true;
      }
    });
  };
  comments(box, game.comments);
  line(box, game.moves || [], 0, true);
}

/**
 * Shows `game` (or none) at `ply` when it is the game shown already, else
 * at its start.
 * @param {GameJson | null} game
 * @param {number} ply
 */
function showGame(game, ply) {
  const shown = games.game;
  const sameGame = shown && game && shown.start === game.start && (shown.mainline || []).length === (game.mainline || []).length;
  games.game = game;
  clear($("games-moves"));
  for (const id of ["games-first", "games-prev", "games-next", "games-last", "games-open"]) $(id).disabled = !game;
  if (!game) {
    $("games-board").innerHTML = "";
    $("games-ply").textContent = "";
    return;
  }
  fillGameNotations(game);
  movetext(game);
  goTo(sameGame ? ply : 0);
}

/**
 * How a ply is named: the move number with the move, `3.` before the first
 * side's move and `3…` before the second's.
 * @param {GameJson} game
 * @param {number} ply
 * @returns {string}
 */
function plyName(game, ply) {
  const { number, first } = moveNumber(game.numbering || { number: 1, second: false }, ply - 1);
  return `${number}${first ? "." : "…"} ${(game.mainline || [])[ply - 1]}`;
}

/**
 * Shows the game at `ply` (0: its start).
 * @param {number} ply
 */
export async function goTo(ply) {
  const game = games.game;
  if (!game) return;
  const mainline = game.mainline || [];
  games.ply = Math.max(0, Math.min(ply, mainline.length));
  for (const button of $("games-moves").querySelectorAll("button")) {
    if (Number(button.dataset.ply) === games.ply) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  }
  const position = games.ply === 0 ? game.start : (game.positions || [])[games.ply - 1];
  $("games-ply").textContent = games.ply === 0
    ? `Start (${mainline.length} plies, ${game.result})`
    : `Ply ${games.ply} of ${mainline.length}: ${plyName(game, games.ply)}`;
  $("games-board").dataset.position = position;
  const seq = games.seq;
  const drawn = await api("/v1/render", { input: position, style: "svg", rules: game.rules || undefined });
  if (seq !== games.seq || $("games-board").dataset.position !== position) return;
  drawBoard($("games-board"), drawn.ok ? drawn.ok.diagram : "", game.variant, drawn.ok ? drawn.ok.squares : undefined);
  const last = games.ply > 0 && game.moves && game.moves[games.ply - 1];
  markSquares($("games-board"), last ? squaresOf(facts(game.variant), last.coordinates) : [], "last");
}

function scheduleGames() {
  clearTimeout(games.timer);
  games.timer = setTimeout(loadGames, 200);
}

/**
 * A dropped or opened file: its bytes sent as they are, base64-encoded,
 * for the server to find its format (PGN, DhtmlXQ, XQF, CBR, CBL) and, for
 * text, its encoding.
 * @param {File} file
 */
async function openGameFile(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  // a new file may hold another game: its moves in that game's notation
  games.game = null;
  games.chosen = null;
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, Array.from(bytes.subarray(i, i + 0x8000)));
  }
  games.data = btoa(text);
  $("games-input").value = "";
  $("games-input").placeholder = `${file.name} (${bytes.length} bytes): type or paste here to read text instead`;
  loadGames();
}

/**
 * The keys that step through the game shown: ← → a move, and Home and End
 * from the game's own section.
 * @param {KeyboardEvent} event
 */
export function recordKey(event) {
  const game = games.game;
  if (!game) return;
  /** @type {Record<string, number>} */
  const steps = { ArrowRight: games.ply + 1, ArrowLeft: games.ply - 1 };
  // Home and End scroll the page, except in the game's own section
  const target = /** @type {Element} */ (event.target);
  if (target.closest && target.closest("#games-section")) {
    Object.assign(steps, { Home: 0, End: (game.mainline || []).length });
  }
  if (event.key in steps) {
    event.preventDefault();
    goTo(steps[event.key]);
  }
}

/** The record box, the file picker, the game list and the step buttons. */
export function setupGames() {
  const section = $("games-section");
  $("games-input").addEventListener("input", () => {
    games.data = null;
    games.chosen = null;
    games.game = null;
    scheduleGames();
  });
  $("games-pick").addEventListener("change", () => {
    const item = games.list[Number($("games-pick").value)];
    showGame(item && item.ok ? item.ok : null, 0);
    if (item && item.ok) openOnBoard(item.ok, `${games.data || $("games-input").value}#${$("games-pick").value}`);
  });
  $("games-notation").addEventListener("change", () => {
    games.chosen = $("games-notation").value || null;
    loadGames();
  });
  $("games-file").addEventListener("change", async () => {
    const file = $("games-file").files[0];
    if (file) openGameFile(file);
  });
  const stepTo = (/** @type {() => number} */ to) => () => games.game && goTo(to());
  $("games-first").addEventListener("click", stepTo(() => 0));
  $("games-prev").addEventListener("click", stepTo(() => games.ply - 1));
  $("games-next").addEventListener("click", stepTo(() => games.ply + 1));
  $("games-last").addEventListener("click", stepTo(() => ((games.game && games.game.mainline) || []).length));
  section.addEventListener("dragover", (/** @type {DragEvent} */ event) => {
    event.preventDefault();
    section.classList.add("dragging");
  });
  section.addEventListener("dragleave", () => section.classList.remove("dragging"));
  section.addEventListener("drop", async (/** @type {DragEvent} */ event) => {
    event.preventDefault();
    section.classList.remove("dragging");
    const file = event.dataTransfer && event.dataTransfer.files[0];
    if (file) openGameFile(file);
  });
}
