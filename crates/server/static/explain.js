// @ts-check
// The part-by-part view: the position's text as nested parts, each lit
// with the squares it describes, a grid of the squares lit with the
// characters that write them, the position in every notation of its game
// and a move in every move notation.

import { api, getAnswer } from "./api.js";
import { $, addItem, clear, errorText } from "./dom.js";
import { state } from "./state.js";
import { reading } from "./position.js";
import { ownGames } from "./variants.js";

/**
 * A part of an explained text, as /v1/explain answers it.
 * @typedef {{ kind: string, text: string, start: number, squares: string[], meaning: string, repairs: string[], parts: Part[] }} Part
 */

const explained = state.explain;

/**
 * The text as nested spans, one per part: each carries the squares it
 * describes and its meaning; the top-level parts are tab stops.
 * @param {Part[]} parts
 * @param {HTMLElement} container
 * @param {boolean} top
 */
function partSpans(parts, container, top) {
  for (const part of parts) {
    const span = document.createElement("span");
    span.className = "part";
    span.dataset.kind = part.kind;
    span.dataset.squares = part.squares.join(" ");
    span.dataset.start = String(part.start);
    const repairs = part.repairs.length ? ` Repaired: ${part.repairs.join("; ")}.` : "";
    span.dataset.meaning = `${part.text.trim() ? part.text : "(space)"} — ${part.meaning}${repairs}`;
    if (part.repairs.length) span.classList.add("repaired");
    // one tab stop for the text, the arrow keys go from part to part
    if (top) span.tabIndex = container.children.length ? -1 : 0;
    span.setAttribute("aria-label", span.dataset.meaning);
    if (part.parts.length) {
      partSpans(part.parts, span, false);
    } else {
      span.textContent = part.text;
    }
    container.appendChild(span);
  }
}

/**
 * The rank of a square's name (`e2`: 2).
 * @param {string} square
 * @returns {number}
 */
function squareNumber(square) {
  return Number(square.slice(1));
}

/**
 * A grid of the squares the placement's ranks name, the top rank first,
 * each cell showing the letter that stands on it.
 * @param {Part[]} parts
 */
function drawGrid(parts) {
  const grid = $("explain-grid");
  clear(grid);
  const ranks = parts.filter((p) => p.kind === "rank" && p.squares.length);
  if (!ranks.length) return;
  const rows = ranks.map((p) => p.squares).sort((a, b) => squareNumber(b[0]) - squareNumber(a[0]));
  /** @type {Record<string, string>} */
  const letters = {};
  for (const rank of ranks) {
    for (const cell of rank.parts) if (cell.kind === "piece") letters[cell.squares[0]] = cell.text;
  }
  const files = Math.max(...rows.map((r) => r.length));
  grid.style.gridTemplateColumns = `1.5rem repeat(${files}, 2rem)`;
  grid.dataset.files = String(files);
  for (const row of rows) {
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = String(squareNumber(row[0]));
    grid.appendChild(label);
    for (const square of row) {
      const cell = document.createElement("span");
      cell.className = "cell";
      cell.dataset.square = square;
      // one tab stop for the grid, the arrow keys go from square to square
      cell.tabIndex = grid.querySelector(".cell") ? -1 : 0;
      cell.textContent = letters[square] || "";
      cell.setAttribute("aria-label", letters[square] ? `${square}: ${letters[square]}` : `${square}: empty`);
      grid.appendChild(cell);
    }
  }
  grid.appendChild(document.createElement("span"));
  for (const square of rows[0]) {
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = square[0];
    grid.appendChild(label);
  }
}

function unlight() {
  for (const el of document.querySelectorAll(".explain .lit, .explain .row-lit, .explain .lit-text, .explain .active")) {
    el.classList.remove("lit", "row-lit", "lit-text", "active");
  }
}

/**
 * The grid's cells of the squares named in `squares` (space-separated).
 * @param {string | undefined} squares
 * @returns {Element[]}
 */
function cellsOf(squares) {
  return /** @type {Element[]} */ ((squares || "")
    .split(" ")
    .filter(Boolean)
    .map((sq) => document.querySelector(`#explain-grid .cell[data-square="${sq}"]`))
    .filter(Boolean));
}

/**
 * A part is active: its squares lit, the squares of the part it is in
 * (a rank, for a cell of it) lit more lightly, its meaning shown.
 * @param {HTMLElement} span
 */
function activatePart(span) {
  unlight();
  span.classList.add("active");
  const outer = /** @type {HTMLElement | null} */ (span.parentElement && span.parentElement.closest(".part"));
  if (outer) for (const cell of cellsOf(outer.dataset.squares)) cell.classList.add("row-lit");
  for (const cell of cellsOf(span.dataset.squares)) {
    cell.classList.remove("row-lit");
    cell.classList.add("lit");
  }
  $("explain-meaning").textContent = span.dataset.meaning;
}

/**
 * A square is active: the innermost parts that name it are lit.
 * @param {HTMLElement} cell
 */
export function activateSquare(cell) {
  unlight();
  cell.classList.add("lit");
  const square = cell.dataset.square || "";
  /** @type {HTMLElement[]} */
  const all = Array.from(document.querySelectorAll(".explain-text .part"));
  const spans = all.filter((span) => !span.querySelector(".part") && (span.dataset.squares || "").split(" ").includes(square));
  for (const span of spans) span.classList.add("lit-text");
  const named = spans.map((span) => `"${span.textContent}"`).join(", ");
  $("explain-meaning").textContent = `${cell.getAttribute("aria-label")}; written by ${named || "no character"}.`;
}

/**
 * A table of a text in every notation: one row per form, with what each
 * cannot hold when `withWarnings`.
 * @param {HTMLElement} body
 * @param {{ notation: string, text: string, warnings: string[] }[]} forms
 * @param {boolean} withWarnings
 */
export function fillForms(body, forms, withWarnings) {
  clear(body);
  for (const form of forms) {
    const row = document.createElement("tr");
    const cells = [form.notation, form.text];
    if (withWarnings) cells.push(form.warnings.length ? form.warnings.join("; ") : "—");
    for (const text of cells) {
      const td = document.createElement("td");
      td.textContent = text;
      row.appendChild(td);
    }
    body.appendChild(row);
  }
}

/** No position explained. */
export function clearExplain() {
  explained.position = null;
  clear($("explain-text"));
  clear($("explain-grid"));
  clear($("forms"));
  clear($("explain-move-text"));
  clear($("explain-move-messages"));
  $("move-forms-block").hidden = true;
  $("explain-meaning").textContent = "";
}

/**
 * The position box's position explained, and the move typed for it.
 * @param {number} seq
 */
export async function explainPosition(seq) {
  const answer = await api("/v1/explain", reading());
  if (seq !== state.page.seq) return;
  if (!answer.ok) {
    clearExplain();
    return;
  }
  explained.position = answer.ok;
  clear($("explain-text"));
  partSpans(answer.ok.parts, $("explain-text"), true);
  drawGrid(answer.ok.parts);
  fillForms($("forms"), answer.ok.positions, true);
  $("explain-meaning").textContent = "";
  await explainMove();
}

async function explainMove() {
  const seq = ++explained.moveSeq;
  const text = $("explain-move").value.trim();
  const messages = $("explain-move-messages");
  clear($("explain-move-text"));
  clear(messages);
  $("move-forms-block").hidden = true;
  if (!text || !explained.position) return;
  const { input, lenient, rules } = reading();
  const answer = await api("/v1/explain", { input: text, position: input, lenient, rules });
  if (seq !== explained.moveSeq) return;
  if (answer.ok) {
    partSpans(answer.ok.parts, $("explain-move-text"), true);
    fillForms($("move-forms"), answer.ok.moves, false);
    $("move-forms-block").hidden = false;
  } else {
    addItem(messages, errorText(answer.error), "error");
  }
}

/** Hovering and tabbing through the parts and squares; the move box. */
export function setupExplain() {
  const section = $("explain-section");
  const onPart = (/** @type {Event} */ event) => {
    const target = /** @type {Element} */ (event.target);
    const span = target.closest && target.closest(".explain-text .part");
    if (span) activatePart(/** @type {HTMLElement} */ (span));
    const cell = target.closest && target.closest("#explain-grid .cell");
    if (cell) activateSquare(/** @type {HTMLElement} */ (cell));
  };
  section.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
    const target = /** @type {Element} */ (event.target);
    const part = target.closest && target.closest(".explain-text > .part");
    const cell = target.closest && target.closest("#explain-grid .cell");
    if (!part && !cell) return;
    /** @type {HTMLElement[]} */
    const items = part && part.parentElement
      ? Array.from(part.parentElement.children)
      : Array.from($("explain-grid").querySelectorAll(".cell"));
    const across = cell ? Number($("explain-grid").dataset.files) : 1;
    const here = items.indexOf(/** @type {HTMLElement} */ (part || cell));
    /** @type {Record<string, number>} */
    const steps = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: across, ArrowUp: -across, Home: -here, End: items.length - 1 - here };
    if (!(event.key in steps)) return;
    const next = items[here + steps[event.key]];
    event.preventDefault();
    if (!next) return;
    for (const item of items) item.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  });
  section.addEventListener("mouseover", onPart);
  section.addEventListener("focusin", onPart);
  $("explain-move").addEventListener("input", () => {
    clearTimeout(explained.moveTimer);
    explained.moveTimer = setTimeout(explainMove, 150);
  });
}

/** The rules variant whose definition is shown. */
let aboutShown = /** @type {string | null} */ (null);

/**
 * A rules variant defined as data, key by key (GET /v1/variants/NAME):
 * each key its own section sets, its parent's value and what it means;
 * hidden for rules that are not data.
 * @param {string} rules  the rules read under ("" for the game's own)
 */
export async function showRulesAbout(rules) {
  const box = $("rules-about");
  if (rules === aboutShown) return;
  aboutShown = rules;
  if (!rules) {
    box.hidden = true;
    return;
  }
  // a game of the user's file is explained from the file's check
  let about = ownGames.get(rules);
  if (!about) {
    const { status, answer } = await getAnswer(`/v1/variants/${encodeURIComponent(rules)}`);
    if (aboutShown !== rules) return;
    if (status !== 200) {
      box.hidden = true;
      return;
    }
    about = answer;
  }
  $("rules-about-name").textContent = about.name;
  const parent = about.parent ? `, from ${about.parent}` : "";
  $("rules-about-head").textContent =
    `${about.name} is defined as data at ${about.defined_at}${parent}: ${about.keys.length} keys of its own, ` +
    `${about.inherited} taken from its parents, ${about.defaults} the format's defaults.`;
  const body = $("rules-about-keys");
  clear(body);
  for (const key of about.keys) {
    const row = document.createElement("tr");
    for (const text of [key.key, key.value, key.was === null ? (about.parent ? "(new)" : "") : key.was, key.meaning]) {
      const cell = document.createElement("td");
      cell.textContent = text;
      row.appendChild(cell);
    }
    body.appendChild(row);
  }
  $("rules-about-definition").textContent = about.definition;
  box.hidden = false;
}
