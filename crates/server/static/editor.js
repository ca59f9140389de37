// @ts-check
// The board editor. It works on the position's JSON form: a palette of
// the game's piece letters (and values of its per-square fields, Khet's
// facing), the side to move and the other fields; every change is written
// back in the game's notation by /v1/convert, errors shown as the API
// gives them.

import { api } from "./api.js";
import { $, addItem, clear } from "./dom.js";
import { state, facts } from "./state.js";
import { reading, update } from "./position.js";

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
  board.editing = { form: JSON.parse(answer.ok.output), game, piece: game.pieces[0], fields };
  $("edit").setAttribute("aria-pressed", "true");
  $("edit").textContent = "Done editing";
  drawEditor();
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
    button.textContent = label;
    button.setAttribute("aria-pressed", String(edit.piece === value));
    button.setAttribute("aria-label", value ? `Place ${value}` : "Remove pieces");
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
    }));
  }
  fields.appendChild(editorSelect("editor-side", "Side to move", edit.game.sides, edit.form.side_to_move, (v) => {
    edit.form.side_to_move = v;
    writeEdited();
  }));
  for (const [key, value] of Object.entries(edit.form)) {
    if (["variant", "board", "side_to_move"].includes(key) || key in edit.game.square_fields) continue;
    fields.appendChild(editorField(key, value));
  }
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
  writeEdited();
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
    writeEdited();
  });
  $("editor-start").addEventListener("click", async () => {
    if (!board.editing) return;
    $("input").value = board.editing.game.start;
    board.rootPending = true;
    await update();
    await startEditing();
  });
}
