// @ts-check
// The position box: reading what is typed, its validation, the board and
// the other views drawn from it, the conversion to another notation, the
// lists filled from what the service knows, and Khet's laser.

import { api } from "./api.js";
import { $, addItem, clear, errorText, fillIds, setBusy } from "./dom.js";
import { state, facts, rememberGame } from "./state.js";
import { boardCleared, boardDrawn, drawBoard, legalMoves } from "./board.js";
import { goToNode, moveShot, newTree, positionOf, setTree } from "./moves.js";
import { replacedPosition, undoReplace } from "./undo.js";
import { clearExplain, explainPosition, showRulesAbout } from "./explain.js";
import { loadGames, pastedGame } from "./records.js";
import { share } from "./share.js";

const page = state.page;
const board = state.board;

/**
 * A reading request of the position box: its text, and how to read it.
 * @typedef {{ input: string, lenient: boolean, rules?: string, from?: string }} Reading
 */

/**
 * The position box as a request.
 * @returns {Reading}
 */
export function reading() {
  /** @type {Reading} */
  const request = { input: $("input").value.trim(), lenient: $("lenient").checked };
  const rules = $("rules").value;
  if (rules) request.rules = rules;
  // a position the board wrote is read as its game writes it (a FEN of
  // chess and of another game on its board read alike)
  if (page.readAs) request.from = page.readAs;
  return request;
}

/**
 * Text pasted into the position box that is a game record, not a position.
 * @param {string} text
 * @returns {boolean}
 */
export function looksLikeGame(text) {
  return /^\s*\[[A-Za-z0-9_]+\s+"/.test(text) || /(^|\s)1\.\s*\S/.test(text) || /\[DhtmlXQ/i.test(text);
}

/** Reads the position box again after a pause in typing. */
export function schedule() {
  clearTimeout(page.timer);
  page.timer = setTimeout(update, 150);
}

/**
 * Reads the position box and shows it: validated, drawn, converted,
 * explained, its legal moves offered; a newer update wins.
 */
export async function update() {
  const seq = ++page.seq;
  const request = reading();
  share();
  if (!request.input) {
    clear($("messages"));
    $("detected").textContent = "";
    clearPosition();
    setBusy(false);
    return;
  }
  setBusy(true);
  try {
    const checked = await api("/v1/validate", request);
    if (seq !== page.seq) return;
    clear($("messages"));
    if (checked.error) {
      // a game record (any format) opens on the board with its moves
      if (await pastedGame(request.input)) return;
      if (seq !== page.seq) return;
      showUnreadable(checked.error, request.input);
      clearPosition();
      return;
    }
    showValidation(checked.ok);
    if (board.rootPending === "if-changed") {
      const edit = await edited(request, checked.ok);
      if (seq !== page.seq) return;
      if (edit === "back") {
        await undoReplace(setTree, goToNode);
        return;
      }
      board.rootPending = edit === "new";
    }
    if (board.rootPending) await newTree(request, checked.ok);
    if (seq !== page.seq) return;
    await drawPosition(seq, request, checked.ok.variant);
  } catch (error) {
    if (seq !== page.seq) return;
    clear($("messages"));
    addItem($("messages"), `The service did not answer: ${/** @type {Error} */ (error).message}`, "error");
  } finally {
    if (seq === page.seq) setBusy(false);
  }
}

/**
 * What an edit of the position box did to the position the board shows:
 * nothing ("same": the moves are kept), brought back the position of the
 * tree an earlier edit replaced ("back"), or made another ("new").
 * @param {Reading} request
 * @param {{ variant: string }} ok
 * @returns {Promise<"same" | "back" | "new">}
 */
async function edited(request, ok) {
  const tree = board.tree;
  const cursor = board.cursor;
  const game = facts(ok.variant);
  if (!game) return "new";
  const written = await api("/v1/convert", { ...request, to: game.position_notation });
  if (!written.ok) return "new";
  if (tree && cursor && tree.variant === ok.variant && (request.rules || null) === (tree.rules || null)) {
    const shown = await api("/v1/convert", { ...request, input: await positionOf(cursor), to: game.position_notation });
    if (shown.ok && shown.ok.output === written.ok.output) return "same";
  }
  return written.ok.output === replacedPosition() ? "back" : "new";
}

/** No position: the board, the conversion, the views and the moves cleared. */
function clearPosition() {
  page.variant = null;
  $("board").innerHTML = "";
  $("output").value = "";
  clear($("warnings"));
  $("laser-row").hidden = true;
  if (board.rootPending) setTree(null);
  boardCleared();
  fillTargets(null);
  clearExplain();
}

/**
 * A text that cannot be read: the error, and for a game record a button
 * that reads it as one.
 * @param {{ notation?: string, column?: number, message: string }} error
 * @param {string} input
 */
function showUnreadable(error, input) {
  const messages = $("messages");
  $("detected").textContent = error.notation ? `Not readable (read as ${error.notation})` : "Not readable";
  addItem(messages, errorText(error), "error");
  if (!looksLikeGame(input)) return;
  const li = document.createElement("li");
  li.className = "hint";
  li.id = "game-hint";
  li.textContent = "This looks like a game record, not a position: read it in the game record section. ";
  const move = document.createElement("button");
  move.type = "button";
  move.textContent = "Read it as a game";
  move.addEventListener("click", () => {
    $("games-input").value = input;
    $("input").value = "";
    board.rootPending = true;
    state.records.data = null;
    state.records.chosen = null;
    update();
    loadGames();
    $("games-section").focus();
  });
  li.appendChild(move);
  messages.appendChild(li);
}

/**
 * What /v1/validate said of a position read: its notation and game, the
 * repairs, the violations; the targets and the laser offered for its game.
 * @param {any} ok
 */
function showValidation(ok) {
  const messages = $("messages");
  page.variant = ok.variant;
  page.notation = ok.notation;
  rememberGame(ok.variant);
  const detected = $("detected");
  detected.textContent = "Detected: ";
  const strong = document.createElement("strong");
  strong.id = "notation";
  strong.textContent = ok.notation;
  detected.appendChild(strong);
  detected.appendChild(document.createTextNode(` (${ok.variant})`));
  for (const repair of ok.repairs) addItem(messages, `column ${repair.column}: repaired: ${repair.message}`, "repair");
  for (const violation of ok.violations) addItem(messages, violation, "violation");
  if (ok.valid) addItem(messages, "A legal position.", "valid");
  if (page.note) addItem(messages, page.note, "hint");
  fillTargets(ok.variant, ok.notation);
  const game = facts(ok.variant);
  $("laser-row").hidden = !(page.laser && game && game.laser);
  if (game && game.laser) fillLaserSides(game);
  showRulesAbout($("rules").value);
  $("laser-result").textContent = "";
}

/**
 * The board (with the laser the last move fired), the conversion, the
 * part-by-part view and the legal moves of a position read.
 * @param {number} seq
 * @param {Reading} request
 * @param {string} variant
 */
async function drawPosition(seq, request, variant) {
  const [drawn] = await Promise.all([
    api("/v1/render", { ...request, style: "svg" }),
    convert(seq),
    explainPosition(seq),
    legalMoves(seq, request, variant),
  ]);
  if (seq !== page.seq) return;
  const shot = await moveShot(request, variant);
  if (seq !== page.seq) return;
  drawBoard($("board"), shot ? shot.diagram : drawn.ok ? drawn.ok.diagram : "", variant, drawn.ok ? drawn.ok.squares : undefined);
  boardDrawn();
  if (shot) $("laser-result").textContent = shot.summary || "";
}

/**
 * The position in the notation picked, with what that notation cannot hold.
 * @param {number} seq
 */
export async function convert(seq) {
  const to = $("target").value;
  if (!to || !page.variant) return;
  const answer = await api("/v1/convert", { ...reading(), to });
  if (seq !== page.seq) return;
  const warnings = $("warnings");
  clear(warnings);
  if (answer.ok) {
    $("output").value = answer.ok.output;
    for (const warning of answer.ok.warnings) addItem(warnings, warning);
  } else {
    $("output").value = "";
    addItem(warnings, answer.error.message);
  }
}

/**
 * The notations a position of `variant` converts to, the one picked kept
 * (else another than the one `detected`).
 * @param {string | null} variant
 * @param {string} [detected]
 */
function fillTargets(variant, detected) {
  const target = $("target");
  const previous = target.value;
  const entry = page.info.variants.find((/** @type {any} */ v) => v.id === variant);
  /** @type {string[]} */
  const notations = entry ? entry.notations : [];
  fillIds(target, notations);
  if (notations.includes(previous)) {
    target.value = previous;
  } else {
    target.value = notations.find((id) => id !== detected) || notations[0] || "";
  }
}

/** The named setups of every game, from GET /v1/info. */
export function fillSetups() {
  const select = $("setup");
  for (const variant of page.info.variants) {
    const group = document.createElement("optgroup");
    group.label = variant.id;
    for (const setup of variant.setups) {
      const option = document.createElement("option");
      option.value = setup.position;
      option.textContent = `${variant.id}: ${setup.name}`;
      group.appendChild(option);
    }
    select.appendChild(group);
  }
  // each rules variant's own setups (horde's, racing kings'), from GET
  // /v1/games, read under its rules as `RULES:NAME`
  for (const game of page.games) {
    for (const rules of game.rules || []) {
      if (!rules.setups || !rules.setups.length) continue;
      const group = document.createElement("optgroup");
      group.label = `${game.id}: ${rules.tag}`;
      for (const name of rules.setups) {
        const option = document.createElement("option");
        option.value = `${rules.id}:${name}`;
        option.dataset.rules = rules.id;
        option.dataset.game = game.id;
        option.textContent = `${rules.tag}: ${name}`;
        group.appendChild(option);
      }
      select.appendChild(group);
    }
  }
}

/**
 * A named setup chosen: its position written out (a rules variant's
 * read under its rules, which the rules list then names).
 * @param {HTMLOptionElement} option
 * @returns {Promise<string>}
 */
export async function setupText(option) {
  const rules = option.dataset.rules;
  // a game's own setup is read under the game's own rules
  $("rules").value = rules || "";
  if (!rules) return option.value;
  const game = facts(option.dataset.game);
  if (!game) return option.value;
  const written = await api("/v1/convert", { input: option.value, lenient: false, rules, to: game.position_notation });
  return written.ok ? written.ok.output : option.value;
}

/**
 * The rules variants a position may be read under, each game's from
 * GET /v1/games (chess's crazyhouse, atomic, ...), sent as `rules`.
 */
export function fillRules() {
  const select = $("rules");
  for (const game of page.games) {
    if (!game.rules || !game.rules.length) continue;
    const group = document.createElement("optgroup");
    group.label = game.id;
    for (const rules of game.rules) {
      const option = document.createElement("option");
      option.value = rules.id;
      option.textContent = rules.tag;
      group.appendChild(option);
    }
    select.appendChild(group);
  }
}

/**
 * The sides whose laser can be fired: the game's sides.
 * @param {any} game
 */
function fillLaserSides(game) {
  const select = $("laser-color");
  const wanted = ["", ...game.sides];
  if (Array.from(/** @type {HTMLSelectElement} */ (select).options).map((o) => o.value).join() === wanted.join()) return;
  while (select.options.length > 1) select.remove(1);
  for (const side of game.sides) {
    const option = document.createElement("option");
    option.value = side;
    option.textContent = side;
    select.appendChild(option);
  }
}

/** Fires the laser of the side picked (or of the side to move). */
export async function fireLaser() {
  const seq = page.seq;
  const color = $("laser-color").value;
  const answer = await api("/v1/laser", color ? { ...reading(), color } : reading());
  if (seq !== page.seq) return;
  if (answer.ok) {
    drawBoard($("board"), answer.ok.diagram, page.variant);
    boardDrawn();
    $("laser-result").textContent = answer.ok.summary || "";
  } else {
    $("laser-result").textContent = answer.error.message;
  }
}
