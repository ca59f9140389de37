// @ts-check
// The board editor. It works on the position's JSON form: a palette of
// the game's pieces drawn as the board draws them (and values of its
// per-square fields, Khet's facing), the pieces in hand with + and −,
// castling rights as checkboxes that follow the kings and rooks, the side
// to move and the other fields; every change is written back in the
// game's notation by /v1/convert, errors shown as the API gives them.

import { api } from "./api.js";
import { $, addItem, clear } from "./dom.js";
import { state, facts } from "./state.js";
import { reading, update } from "./position.js";
import { piecePicture } from "./board.js";

const board = state.board;

/** Opens the editor on the position shown. */
export async function startEditing() {
  const game = facts(state.page.variant);
  if (!game) return;
  const answer = await api("/v1/convert", { ...reading(), to: "json" });
  if (!answer.ok) return;
  /** @type {Record<string, string>} */
  const fields = {};
  for (const [field, values] of Object.entries(game.square_fields)) fields[field] = values[0];
  const form = JSON.parse(answer.ok.output);
  const castling = typeof form.castling === "string" ? form.castling.replace("-", "") : null;
  board.editing = { form, game, piece: game.pieces[0], fields, castling, possible: null, held: null };
  $("edit").setAttribute("aria-pressed", "true");
  $("edit").textContent = "Done editing";
  drawEditor();
  await Promise.all([drawPalette(), castlingFollows(), heldLetters()]);
  drawEditor();
}

/** The letters a hand or pocket may hold, by game and rules. */
const holdable = /** @type {Map<string, string[]>} */ (new Map());

/**
 * The letters (the first player's) the position's hands or pocket may
 * hold: those of the game's pieces the form reads back with one held.
 */
async function heldLetters() {
  const edit = board.editing;
  const key = edit && HELD.find((k) => k in edit.form);
  if (!edit || !key) return;
  const id = JSON.stringify([edit.game.id, edit.form.rules || null]);
  if (!holdable.has(id)) {
    const side = edit.game.sides[0];
    const candidates = edit.game.pieces.filter((/** @type {string} */ p) => /^[A-Z]$/.test(p));
    const read = await Promise.all(
      candidates.map(async (/** @type {string} */ letter) => {
        const form = JSON.parse(JSON.stringify(edit.form));
        setHeld(form, key, side, letter, 1);
        const answer = await api("/v1/convert", { input: JSON.stringify(form), from: "json", to: "json" });
        return answer.ok ? letter : null;
      }),
    );
    holdable.set(id, /** @type {string[]} */ (read.filter(Boolean)));
  }
  edit.held = holdable.get(id) || [];
}

/** The palette's pictures of the last game and fields drawn, by letter. */
const pictures = { key: "", svg: /** @type {Record<string, SVGElement>} */ ({}) };

/**
 * The game's pieces drawn as the board draws them, for the palette: one
 * drawing of a board holding each of them (with the fields new pieces
 * get), each piece then taken from it.
 */
async function drawPalette() {
  const edit = board.editing;
  if (!edit) return;
  const key = JSON.stringify([edit.game.id, edit.form.rules || null, edit.fields]);
  if (pictures.key === key) return;
  /** @type {Record<string, any>} */
  const form = { ...edit.form, board: {} };
  for (const field of Object.keys(edit.game.square_fields)) form[field] = {};
  const placed = /** @type {[string, string][]} */ ([]);
  edit.game.pieces.forEach((letter, i) => {
    const square = (board.squares.length ? board.squares : edit.game.squares)[i];
    if (!square) return;
    form.board[square.name] = letter;
    for (const [field, value] of Object.entries(edit.fields)) form[field][square.name] = value;
    placed.push([letter, square.name]);
  });
  const drawn = await api("/v1/render", { input: JSON.stringify(form), style: "svg" });
  if (!drawn.ok || board.editing !== edit) return;
  const holder = document.createElement("div");
  holder.innerHTML = drawn.ok.diagram;
  const whole = holder.querySelector("svg");
  if (!whole) return;
  /** @type {Record<string, SVGElement>} */
  const svg = {};
  for (const [letter, square] of placed) {
    const box = (drawn.ok.squares || edit.game.squares).find((/** @type {{ name: string }} */ s) => s.name === square);
    const piece = holder.querySelector(`.piece[data-square="${square}"]`);
    if (box && piece) svg[letter] = piecePicture(whole, /** @type {SVGElement} */ (piece), box);
  }
  // each piece's name, as the explanation of that board says it
  const written = await api("/v1/convert", { input: JSON.stringify(form), from: "json", to: edit.game.position_notation });
  const explained = written.ok ? await api("/v1/explain", { input: written.ok.output, rules: form.rules || undefined }) : null;
  /** @type {Record<string, string>} */
  const names = {};
  /** @type {(parts: any[]) => void} */
  const walk = (parts) => {
    for (const part of parts) {
      if (part.kind === "piece" && part.squares.length === 1 && part.value) names[part.squares[0]] = part.value.replace(/ on \S+$/, "");
      walk(part.parts || []);
    }
  };
  if (explained && explained.ok) walk(explained.ok.parts);
  for (const [letter, square] of placed) {
    const picture = svg[letter];
    if (!picture || !names[square]) continue;
    const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
    title.textContent = names[square];
    picture.prepend(title);
  }
  pictures.key = key;
  pictures.svg = svg;
}

/**
 * The castling rights the kings and rooks allow now, of those the game
 * has (its start's and the position's): the position with every one of
 * them, written canonically, keeps those.
 */
async function castlingFollows() {
  const edit = board.editing;
  if (!edit || edit.castling === null) return;
  const all = castlingLetters(edit);
  const answer = await api("/v1/convert", {
    input: JSON.stringify({ ...edit.form, castling: all.join("") || "-" }),
    from: "json",
    to: "json",
    canonical: true,
  });
  if (!answer.ok || board.editing !== edit) return;
  const kept = String(JSON.parse(answer.ok.output).castling || "");
  edit.possible = all.filter((letter) => kept.includes(letter));
  edit.form.castling = all.filter((l) => edit.possible && edit.possible.includes(l) && (edit.castling || "").includes(l)).join("") || "-";
}

/**
 * The castling letters the editor offers: the game's start's, then the
 * position's own.
 * @param {any} edit
 * @returns {string[]}
 */
function castlingLetters(edit) {
  const start = String((edit.game.fields || {}).castling || "");
  return Array.from(new Set((start + (edit.castling || "")).replace("-", "").split(""))).filter(Boolean);
}

/** Closes the editor. */
export function stopEditing() {
  board.editing = null;
  $("edit").setAttribute("aria-pressed", "false");
  $("edit").textContent = "Edit the position";
  $("editor").hidden = true;
}

function drawEditor() {
  const edit = board.editing;
  if (!edit) return;
  const box = $("editor-palette");
  clear(box);
  $("editor").hidden = false;
  const choose = (/** @type {string} */ value, /** @type {string} */ label) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "palette";
    button.dataset.piece = value;
    const picture = value && pictures.svg[value];
    if (picture) button.appendChild(picture.cloneNode(true));
    else button.textContent = label;
    button.setAttribute("aria-pressed", String(edit.piece === value));
    const title = picture && picture.querySelector("title");
    button.setAttribute("aria-label", value ? `Place ${title ? title.textContent : value} (${value})` : "Remove pieces");
    button.title = value ? `${title ? title.textContent : value} (${value})` : "empty squares";
    button.addEventListener("click", () => {
      edit.piece = value;
      drawEditor();
    });
    box.appendChild(button);
  };
  for (const letter of edit.game.pieces) choose(letter, letter);
  choose("", "✕ empty");
  const fields = $("editor-fields");
  clear(fields);
  for (const [field, values] of Object.entries(edit.game.square_fields)) {
    fields.appendChild(editorSelect(`editor-${field}`, `New pieces' ${field.replace(/_/g, " ")}`, values, edit.fields[field], (v) => {
      edit.fields[field] = v;
      drawPalette().then(drawEditor);
    }));
  }
  fields.appendChild(editorSelect("editor-side", "Side to move", edit.game.sides, edit.form.side_to_move, (v) => {
    edit.form.side_to_move = v;
    writeEdited();
  }));
  for (const [key, value] of Object.entries(edit.form)) {
    if (["variant", "board", "side_to_move"].includes(key) || key in edit.game.square_fields) continue;
    if (key === "castling" && edit.castling !== null) fields.appendChild(castlingBoxes(edit));
    else if (HELD.includes(key)) fields.appendChild(heldCounts(edit, key));
    else fields.appendChild(editorField(key, value));
  }
}

/** The JSON form's fields of the pieces held off the board. */
const HELD = ["hands", "pocket"];

/**
 * The castling rights as checkboxes: each right the game has, checked when
 * the position has it, disabled while its king or rook is not there (a
 * right wished for comes back with them).
 * @param {any} edit
 * @returns {HTMLElement}
 */
function castlingBoxes(edit) {
  const group = document.createElement("fieldset");
  group.className = "castling";
  const legend = document.createElement("legend");
  legend.textContent = "Castling";
  group.appendChild(legend);
  for (const letter of castlingLetters(edit)) {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.id = `editor-castling-${letter}`;
    box.dataset.right = letter;
    const possible = !edit.possible || edit.possible.includes(letter);
    box.checked = possible && (edit.castling || "").includes(letter);
    box.disabled = !possible;
    box.addEventListener("change", async () => {
      const wished = new Set((edit.castling || "").split(""));
      if (box.checked) wished.add(letter);
      else wished.delete(letter);
      edit.castling = castlingLetters(edit).filter((l) => wished.has(l)).join("");
      await castlingFollows();
      writeEdited();
    });
    label.append(box, ` ${letter}`);
    label.title = possible ? `castling right ${letter}` : `castling right ${letter}: its king or rook is not on its square`;
    group.appendChild(label);
  }
  return group;
}

/**
 * The pieces held off the board (Shogi's hands, crazyhouse's pocket), each
 * side's each piece with its count and − and + buttons. `hands` holds a
 * count per side and letter, `pocket` the letters themselves (upper case
 * the first player's).
 * @param {any} edit
 * @param {string} key
 * @returns {HTMLElement}
 */
function heldCounts(edit, key) {
  const group = document.createElement("fieldset");
  group.className = "held";
  const legend = document.createElement("legend");
  legend.textContent = key === "hands" ? "Pieces in hand" : "Pieces in the pocket";
  group.appendChild(legend);
  const sides = edit.game.sides;
  const letters = edit.held || [];
  sides.forEach((/** @type {string} */ side, index) => {
    const row = document.createElement("div");
    row.className = "row held-side";
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", `${side}'s pieces ${key === "hands" ? "in hand" : "in the pocket"}`);
    const name = document.createElement("span");
    name.className = "held-name";
    name.textContent = side;
    row.appendChild(name);
    for (const upper of letters) {
      const letter = key === "pocket" && index === 1 ? upper.toLowerCase() : upper;
      const count = heldCount(edit.form, key, side, letter);
      const cell = document.createElement("span");
      cell.className = "held-piece";
      const picture = pictures.svg[index === 1 ? upper.toLowerCase() : upper];
      if (picture) cell.appendChild(picture.cloneNode(true));
      else cell.append(letter);
      const shown = document.createElement("output");
      shown.id = `editor-held-${side}-${letter}`;
      shown.textContent = String(count);
      const step = (/** @type {number} */ by, /** @type {string} */ text) => {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = text;
        button.dataset.held = `${side}:${letter}:${by}`;
        button.setAttribute("aria-label", `${by > 0 ? "One more" : "One fewer"} ${letter} for ${side}`);
        button.disabled = by < 0 && count === 0;
        button.addEventListener("click", () => {
          setHeld(edit.form, key, side, letter, Math.max(0, count + by));
          drawEditor();
          writeEdited();
        });
        return button;
      };
      cell.append(step(-1, "−"), shown, step(1, "+"));
      row.appendChild(cell);
    }
    group.appendChild(row);
  });
  return group;
}

/**
 * How many of `letter` `side` holds in the form's `key` field.
 * @param {any} form
 * @param {string} key
 * @param {string} side
 * @param {string} letter
 * @returns {number}
 */
export function heldCount(form, key, side, letter) {
  if (key === "pocket") return String(form.pocket || "").split("").filter((c) => c === letter).length;
  return Number(((form.hands || {})[side] || {})[letter] || 0);
}

/**
 * Sets how many of `letter` `side` holds in the form's `key` field.
 * @param {any} form
 * @param {string} key
 * @param {string} side
 * @param {string} letter
 * @param {number} count
 */
export function setHeld(form, key, side, letter, count) {
  if (key === "pocket") {
    const others = String(form.pocket || "").split("").filter((c) => c !== letter).join("");
    form.pocket = others + letter.repeat(count);
    return;
  }
  form.hands = form.hands || {};
  form.hands[side] = { ...(form.hands[side] || {}) };
  if (count) form.hands[side][letter] = count;
  else delete form.hands[side][letter];
}

/**
 * A text box for a field of the JSON form; a list or an object (a game's
 * hands) is edited as JSON.
 * @param {string} key
 * @param {any} value
 * @returns {HTMLElement}
 */
function editorField(key, value) {
  const span = document.createElement("span");
  span.className = "field";
  const label = document.createElement("label");
  label.htmlFor = `editor-${key}`;
  label.textContent = key.replace(/_/g, " ");
  const input = document.createElement("input");
  input.id = `editor-${key}`;
  input.type = "text";
  input.size = 8;
  input.spellcheck = false;
  const structured = value !== null && typeof value === "object";
  input.value = value === null || value === undefined ? "" : structured ? JSON.stringify(value) : String(value);
  input.addEventListener("change", () => {
    const text = input.value.trim();
    /** @type {any} */
    let next = text === "" ? null : typeof value === "number" && /^-?\d+$/.test(text) ? Number(text) : text;
    if (structured && text) {
      try {
        next = JSON.parse(text);
      } catch (_) {
        next = text;
      }
    }
    if (board.editing) board.editing.form[key] = next;
    writeEdited();
  });
  span.append(label, input);
  return span;
}

/**
 * A list of `values` with its label.
 * @param {string} id
 * @param {string} text
 * @param {string[]} values
 * @param {string} current
 * @param {(value: string) => void} changed
 * @returns {HTMLElement}
 */
function editorSelect(id, text, values, current, changed) {
  const span = document.createElement("span");
  span.className = "field";
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = text;
  const select = document.createElement("select");
  select.id = id;
  for (const v of values) {
    const option = document.createElement("option");
    option.value = v;
    option.textContent = v;
    select.appendChild(option);
  }
  select.value = current;
  select.addEventListener("change", () => changed(select.value));
  span.append(label, select);
  return span;
}

/**
 * A click on a square in the editor: the piece chosen placed there, or
 * taken away when it is there already.
 * @param {string} name
 */
export function editSquare(name) {
  const edit = board.editing;
  if (!edit) return;
  const form = edit.form;
  form.board = form.board || {};
  const same = form.board[name] === edit.piece && Object.entries(edit.fields).every(([f, v]) => (form[f] || {})[name] === v);
  if (!edit.piece || same) {
    delete form.board[name];
    for (const field of Object.keys(edit.game.square_fields)) if (form[field]) delete form[field][name];
  } else {
    form.board[name] = edit.piece;
    for (const [field, value] of Object.entries(edit.fields)) {
      form[field] = form[field] || {};
      form[field][name] = value;
    }
  }
  castlingFollows().then(() => {
    drawEditor();
    writeEdited();
  });
}

/**
 * The edited JSON form written in the game's notation: the position box
 * shows it (a new tree starts from it), or the errors say why not.
 */
async function writeEdited() {
  const edit = board.editing;
  if (!edit) return;
  const messages = $("editor-messages");
  const answer = await api("/v1/convert", { input: JSON.stringify(edit.form), from: "json", to: edit.game.position_notation });
  clear(messages);
  if (!answer.ok) {
    // the JSON text is not shown: the message alone, as the API words it
    addItem(messages, answer.error.message, "error");
    return;
  }
  for (const warning of answer.ok.warnings) addItem(messages, warning, "repair");
  $("input").value = answer.ok.output;
  state.page.readAs = edit.game.position_notation;
  board.rootPending = true;
  await update();
}

/** The editor's buttons: open and close it, empty the board, the start. */
export function setupEditor() {
  $("edit").addEventListener("click", () => (board.editing ? stopEditing() : startEditing()));
  $("editor-clear").addEventListener("click", () => {
    if (!board.editing) return;
    board.editing.form.board = {};
    for (const field of Object.keys(board.editing.game.square_fields)) board.editing.form[field] = {};
    castlingFollows().then(() => {
      drawEditor();
      writeEdited();
    });
  });
  $("editor-start").addEventListener("click", async () => {
    if (!board.editing) return;
    $("input").value = board.editing.game.start;
    state.page.readAs = null;
    board.rootPending = true;
    await update();
    await startEditing();
  });
}
