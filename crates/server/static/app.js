// The polyfen page: everything it shows comes from the JSON API.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { info: null, laser: false, variant: null, notation: null, seq: 0, timer: null, typed: null };

async function api(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (answer.error && !("ok" in answer) && response.status !== 422) {
    throw new Error(answer.error.message);
  }
  return answer;
}

function clear(list) {
  while (list.firstChild) list.removeChild(list.firstChild);
}

function addItem(list, text, cls) {
  const li = document.createElement("li");
  li.textContent = text;
  if (cls) li.className = cls;
  list.appendChild(li);
}

function reading() {
  return { input: $("input").value.trim(), lenient: $("lenient").checked };
}

function fillTargets(variant, detected) {
  const target = $("target");
  const previous = target.value;
  const entry = state.info.variants.find((v) => v.id === variant);
  const notations = entry ? entry.notations : [];
  clear(target);
  for (const id of notations) {
    const option = document.createElement("option");
    option.value = id;
    option.textContent = id;
    target.appendChild(option);
  }
  if (notations.includes(previous)) {
    target.value = previous;
  } else {
    target.value = notations.find((id) => id !== detected) || notations[0] || "";
  }
}

function fillSetups() {
  const select = $("setup");
  for (const variant of state.info.variants) {
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
}

// The geometry of each game's SVG board (crates/polyfen/src/svg.rs): the
// files and ranks, the first rank's digit, the left and top edges of the
// lowest rank's first square, the side of a square. Xiangqi's points are
// drawn as squares centred on them.
const BOARDS = {
  chess: { files: 8, ranks: 8, first: 1, left: 20, top: 20, cell: 48 },
  xiangqi: { files: 9, ranks: 10, first: 0, left: 20, top: 20, cell: 48 },
  khet: { files: 10, ranks: 8, first: 1, left: 20, top: 20, cell: 48 },
};

const SVG = "http://www.w3.org/2000/svg";

// Draws `svg` into `container` with one transparent square per square of
// the board under the pieces, each named by its `data-square` (`e2`, `h2`,
// `j1`), so that squares can be clicked and marked.
function drawBoard(container, svg, variant) {
  container.innerHTML = svg || "";
  const board = container.querySelector("svg");
  const geometry = BOARDS[variant];
  if (!board || !geometry) return;
  const { files, ranks, first, left, top, cell } = geometry;
  const layer = document.createElementNS(SVG, "g");
  layer.setAttribute("class", "squares");
  for (let rank = ranks - 1; rank >= 0; rank--) {
    for (let file = 0; file < files; file++) {
      const rect = document.createElementNS(SVG, "rect");
      const name = String.fromCharCode(97 + file) + String(rank + first);
      rect.setAttribute("class", "square");
      rect.setAttribute("data-square", name);
      rect.setAttribute("x", String(left + file * cell));
      rect.setAttribute("y", String(top + (ranks - 1 - rank) * cell));
      rect.setAttribute("width", String(cell));
      rect.setAttribute("height", String(cell));
      layer.appendChild(rect);
    }
  }
  board.insertBefore(layer, board.querySelector(".piece"));
}

// Marks `squares` on a board drawn by drawBoard with `cls`, and no others.
function markSquares(container, squares, cls) {
  for (const rect of container.querySelectorAll(`.square.${cls}`)) rect.classList.remove(cls);
  for (const square of squares) {
    const rect = container.querySelector(`.square[data-square="${square}"]`);
    if (rect) rect.classList.add(cls);
  }
}

// A click on a square of the main board: the square is marked, and the
// characters of the text that write it are lit in the part-by-part view.
function clickSquare(event) {
  const rect = event.target.closest && event.target.closest(".square");
  if (!rect) return;
  const square = rect.dataset.square;
  markSquares($("board"), [square], "selected");
  const cell = document.querySelector(`#explain-grid .cell[data-square="${square}"]`);
  if (cell) activateSquare(cell);
}

// The address bar holds the page's shareable address: the position shown.
function share() {
  const params = new URLSearchParams();
  const input = $("input").value.trim();
  if (input) params.set("input", input);
  if ($("lenient").checked) params.set("lenient", "1");
  const query = params.toString();
  history.replaceState(null, "", query ? `?${query}` : window.location.pathname);
}

// Text pasted into the position box that is a game record, not a position.
function looksLikeGame(text) {
  return /^\s*\[[A-Za-z0-9_]+\s+"/.test(text) || /(^|\s)1\.\s*\S/.test(text) || /\[DhtmlXQ/i.test(text);
}

function setBusy(busy) {
  document.body.dataset.busy = busy ? "true" : "false";
}

async function update() {
  const seq = ++state.seq;
  const request = reading();
  const messages = $("messages");
  share();
  if (!request.input) {
    clear(messages);
    $("detected").textContent = "";
    $("board").innerHTML = "";
    $("output").value = "";
    clear($("warnings"));
    $("laser-row").hidden = true;
    state.variant = null;
    fillTargets(null);
    clearExplain();
    setBusy(false);
    return;
  }
  setBusy(true);
  try {
    const checked = await api("/v1/validate", request);
    if (seq !== state.seq) return;
    clear(messages);
    if (checked.error) {
      const e = checked.error;
      state.variant = null;
      $("detected").textContent = e.notation ? `Not readable (read as ${e.notation})` : "Not readable";
      addItem(messages, e.column ? `column ${e.column}: ${e.message}` : e.message, "error");
      if (looksLikeGame(request.input)) {
        const li = document.createElement("li");
        li.className = "hint";
        li.id = "game-hint";
        li.textContent = "This looks like a game record, not a position: read it in the game record section. ";
        const move = document.createElement("button");
        move.type = "button";
        move.textContent = "Read it as a game";
        move.addEventListener("click", () => {
          $("games-input").value = request.input;
          $("input").value = "";
          games.data = null;
          games.chosen = null;
          update();
          loadGames();
          $("games-section").focus();
        });
        li.appendChild(move);
        messages.appendChild(li);
      }
      $("board").innerHTML = "";
      $("output").value = "";
      clear($("warnings"));
      $("laser-row").hidden = true;
      fillTargets(null);
      clearExplain();
      return;
    }
    const ok = checked.ok;
    state.variant = ok.variant;
    state.notation = ok.notation;
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
    fillTargets(ok.variant, ok.notation);
    $("laser-row").hidden = !(state.laser && ok.variant === "khet");
    $("laser-result").textContent = "";
    const [drawn] = await Promise.all([
      api("/v1/render", { ...request, style: "svg" }),
      convert(seq),
      explainPosition(seq),
    ]);
    if (seq !== state.seq) return;
    drawBoard($("board"), drawn.ok ? drawn.ok.diagram : "", ok.variant);
  } catch (error) {
    if (seq !== state.seq) return;
    clear(messages);
    addItem(messages, `The service did not answer: ${error.message}`, "error");
  } finally {
    if (seq === state.seq) setBusy(false);
  }
}

async function convert(seq) {
  const to = $("target").value;
  if (!to || !state.variant) return;
  const answer = await api("/v1/convert", { ...reading(), to });
  if (seq !== state.seq) return;
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

async function fireLaser() {
  const seq = state.seq;
  const color = $("laser-color").value;
  const answer = await api("/v1/laser", color ? { ...reading(), color } : reading());
  if (seq !== state.seq) return;
  if (answer.ok) {
    drawBoard($("board"), answer.ok.diagram, state.variant);
    $("laser-result").textContent = answer.ok.summary || "";
  } else {
    $("laser-result").textContent = answer.error.message;
  }
}

// ------------------------------------------------------------ part by part

const explained = { position: null, move: null, moveSeq: 0, moveTimer: null };

// The text as nested spans, one per part: each carries the squares it
// describes and its meaning; the top-level parts are tab stops.
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

function squareNumber(square) {
  return Number(square.slice(1));
}

// A grid of the squares the placement's ranks name, the top rank first,
// each cell showing the letter that stands on it.
function drawGrid(parts) {
  const grid = $("explain-grid");
  clear(grid);
  const ranks = parts.filter((p) => p.kind === "rank" && p.squares.length);
  if (!ranks.length) return;
  const rows = ranks.map((p) => p.squares).sort((a, b) => squareNumber(b[0]) - squareNumber(a[0]));
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

function cellsOf(squares) {
  return squares
    .split(" ")
    .filter(Boolean)
    .map((sq) => document.querySelector(`#explain-grid .cell[data-square="${sq}"]`))
    .filter(Boolean);
}

// A part is active: its squares lit, the squares of the part it is in
// (a rank, for a cell of it) lit more lightly, its meaning shown.
function activatePart(span) {
  unlight();
  span.classList.add("active");
  const outer = span.parentElement.closest(".part");
  if (outer) for (const cell of cellsOf(outer.dataset.squares)) cell.classList.add("row-lit");
  for (const cell of cellsOf(span.dataset.squares)) {
    cell.classList.remove("row-lit");
    cell.classList.add("lit");
  }
  $("explain-meaning").textContent = span.dataset.meaning;
}

// A square is active: the innermost parts that name it are lit.
function activateSquare(cell) {
  unlight();
  cell.classList.add("lit");
  const square = cell.dataset.square;
  const spans = Array.from(document.querySelectorAll(".explain-text .part")).filter(
    (span) => !span.querySelector(".part") && span.dataset.squares.split(" ").includes(square),
  );
  for (const span of spans) span.classList.add("lit-text");
  const named = spans.map((span) => `"${span.textContent}"`).join(", ");
  $("explain-meaning").textContent = `${cell.getAttribute("aria-label")}; written by ${named || "no character"}.`;
}

function fillForms(body, forms, withWarnings) {
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

function clearExplain() {
  explained.position = null;
  clear($("explain-text"));
  clear($("explain-grid"));
  clear($("forms"));
  clear($("explain-move-text"));
  clear($("explain-move-messages"));
  $("move-forms-block").hidden = true;
  $("explain-meaning").textContent = "";
}

async function explainPosition(seq) {
  const answer = await api("/v1/explain", reading());
  if (seq !== state.seq) return;
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
  const { input, lenient } = reading();
  const answer = await api("/v1/explain", { input: text, position: input, lenient });
  if (seq !== explained.moveSeq) return;
  if (answer.ok) {
    partSpans(answer.ok.parts, $("explain-move-text"), true);
    fillForms($("move-forms"), answer.ok.moves, false);
    $("move-forms-block").hidden = false;
  } else {
    const e = answer.error;
    addItem(messages, e.column ? `column ${e.column}: ${e.message}` : e.message, "error");
  }
}

function setupExplain() {
  const section = $("explain-section");
  const onPart = (event) => {
    const span = event.target.closest && event.target.closest(".explain-text .part");
    if (span) activatePart(span);
    const cell = event.target.closest && event.target.closest("#explain-grid .cell");
    if (cell) activateSquare(cell);
  };
  section.addEventListener("keydown", (event) => {
    const part = event.target.closest && event.target.closest(".explain-text > .part");
    const cell = event.target.closest && event.target.closest("#explain-grid .cell");
    if (!part && !cell) return;
    const items = part
      ? Array.from(part.parentElement.children)
      : Array.from($("explain-grid").querySelectorAll(".cell"));
    const across = cell ? Number($("explain-grid").dataset.files) : 1;
    const here = items.indexOf(part || cell);
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

// ------------------------------------------------------------ game records

const games = { list: [], game: null, ply: 0, seq: 0, timer: null, data: null, chosen: null, file: null };

// The label of a game in the list: its number, its title and its players.
function gameLabel(item, i) {
  const tags = item.ok ? Object.fromEntries(item.ok.tags) : {};
  const known = (value) => value && value !== "?" && value.trim();
  const title = [tags.Title, tags.Event, tags.Opening].find(known);
  const players = [tags.White || tags.Red, tags.Black].filter(known).join(" – ");
  const named = [title, players].filter(Boolean).join(", ");
  return `${i + 1}${named ? ": " + named : ""}${item.error ? " (error)" : ""}`;
}

async function loadGames() {
  const seq = ++games.seq;
  const pgn = $("games-input").value;
  const messages = $("games-messages");
  if (!pgn.trim() && !games.data) {
    clear(messages);
    games.list = [];
    clear($("games-pick"));
    showGame(null);
    return;
  }
  // a file's bytes go as they are (base64): the server finds the format
  // and the text encoding (GB18030, Big5, UTF-8) as the command line does
  const request = games.data ? { data: games.data, positions: true } : { pgn, positions: true };
  // the moves in the notation picked for these games, else in the file's own
  if (games.chosen) request.moves = games.chosen;
  let answer;
  try {
    answer = await api("/v1/games/convert", request);
  } catch (error) {
    if (seq !== games.seq) return;
    clear(messages);
    addItem(messages, error.message, "error");
    showGame(null);
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
}

function fillGameNotations(game) {
  const select = $("games-notation");
  const entry = state.info.variants.find((v) => v.id === game.variant);
  const ids = entry ? entry.move_notations : [];
  if (Array.from(select.options).map((o) => o.value).join() !== ids.join()) {
    clear(select);
    for (const id of ids) {
      const option = document.createElement("option");
      option.value = id;
      option.textContent = id;
      select.appendChild(option);
    }
  }
  select.value = game.notation;
}

const NAGS = { 1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!" };

// The side to move and the move number of a start position (FEN, Xiangqi
// FEN, PKN): the second field names the side, the last the move number.
function startOf(position) {
  const fields = position.trim().split(/\s+/);
  const number = Number(fields[fields.length - 1]);
  return { second: fields[1] === "b" || fields[1] === "r", number: Number.isInteger(number) && number > 0 ? number : 1 };
}

// The game's moves as movetext: move numbers, the main line's moves as
// buttons (each the ply it leads to), comments, NAGs and variations, as the
// record holds them.
function movetext(game) {
  const box = $("games-moves");
  clear(box);
  const start = startOf(game.start);
  // a space between tokens, none after an opening parenthesis or before a NAG
  const space = (parent, glued) => {
    const last = parent.lastChild;
    if (last && !glued && !(last.nodeType === Node.TEXT_NODE && last.textContent.endsWith("("))) parent.append(" ");
  };
  const add = (parent, cls, text, glued) => {
    space(parent, glued);
    const span = document.createElement("span");
    span.className = cls;
    span.textContent = text;
    parent.appendChild(span);
    return span;
  };
  const comments = (parent, list) => {
    for (const comment of list || []) add(parent, "comment", `{${comment.trim()}}`);
  };
  // `ply` counts from the start position: 0 is its side's first move
  const line = (parent, nodes, ply, main) => {
    let needNumber = true;
    nodes.forEach((node, i) => {
      const at = ply + i;
      const half = at + (start.second ? 1 : 0);
      const number = start.number + Math.floor(half / 2);
      const first = half % 2 === 0;
      if (first || needNumber) add(parent, "num", first ? `${number}.` : `${number}…`);
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
      for (const nag of node.nags || []) add(parent, "nag", NAGS[nag] || ` $${nag}`, true);
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

// The squares a move's coordinates name (chess UCI, Xiangqi UCCI, Khet).
function squaresOf(coordinates) {
  return (coordinates || "").match(/[a-j](?:10|[0-9])/g) || [];
}

function showGame(game, ply) {
  const sameGame = games.game && game && games.game.start === game.start && games.game.mainline.length === game.mainline.length;
  games.game = game;
  clear($("games-moves"));
  for (const id of ["games-first", "games-prev", "games-next", "games-last"]) $(id).disabled = !game;
  if (!game) {
    $("games-board").innerHTML = "";
    $("games-ply").textContent = "";
    return;
  }
  fillGameNotations(game);
  movetext(game);
  goTo(sameGame ? ply : 0);
}

// How a ply is named: the move number with the move, `3.` before the first
// side's move and `3…` before the second's.
function plyName(game, ply) {
  const start = startOf(game.start);
  const half = ply - 1 + (start.second ? 1 : 0);
  const number = start.number + Math.floor(half / 2);
  return `${number}${half % 2 === 0 ? "." : "…"} ${game.mainline[ply - 1]}`;
}

async function goTo(ply) {
  const game = games.game;
  if (!game) return;
  games.ply = Math.max(0, Math.min(ply, game.mainline.length));
  for (const button of $("games-moves").querySelectorAll("button")) {
    if (Number(button.dataset.ply) === games.ply) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  }
  const position = games.ply === 0 ? game.start : game.positions[games.ply - 1];
  $("games-ply").textContent = games.ply === 0
    ? `Start (${game.mainline.length} plies, ${game.result})`
    : `Ply ${games.ply} of ${game.mainline.length}: ${plyName(game, games.ply)}`;
  $("games-board").dataset.position = position;
  const seq = games.seq;
  const drawn = await api("/v1/render", { input: position, style: "svg" });
  if (seq !== games.seq || $("games-board").dataset.position !== position) return;
  drawBoard($("games-board"), drawn.ok ? drawn.ok.diagram : "", game.variant);
  const last = games.ply > 0 && game.moves && game.moves[games.ply - 1];
  markSquares($("games-board"), last ? squaresOf(last.coordinates) : [], "last");
}

function scheduleGames() {
  clearTimeout(games.timer);
  games.timer = setTimeout(loadGames, 200);
}

/// A dropped or opened file: its bytes sent as they are, base64-encoded, for
/// the server to find its format (PGN, DhtmlXQ, XQF, CBR, CBL) and, for
/// text, its encoding.
async function openGameFile(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  // a new file may hold another game: its moves in that game's notation
  games.game = null;
  games.chosen = null;
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  games.data = btoa(text);
  $("games-input").value = "";
  $("games-input").placeholder = `${file.name} (${bytes.length} bytes): type or paste here to read text instead`;
  loadGames();
}

// Whether a key pressed on `target` is for the element itself (typing,
// choosing, moving in the part-by-part view) rather than for the game.
function keyIsLocal(target) {
  if (!target || !target.closest) return false;
  if (target.closest(".explain")) return true;
  if (target.matches("textarea, input, [contenteditable]")) return true;
  // the game's own lists step through the game, as they always did
  return target.matches("select") && !target.closest("#games-section");
}

function setupGames() {
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
  });
  $("games-notation").addEventListener("change", () => {
    games.chosen = $("games-notation").value || null;
    loadGames();
  });
  $("games-file").addEventListener("change", async () => {
    const file = $("games-file").files[0];
    if (file) openGameFile(file);
  });
  const step = (to) => () => games.game && goTo(to());
  $("games-first").addEventListener("click", step(() => 0));
  $("games-prev").addEventListener("click", step(() => games.ply - 1));
  $("games-next").addEventListener("click", step(() => games.ply + 1));
  $("games-last").addEventListener("click", step(() => games.game.mainline.length));
  section.addEventListener("dragover", (event) => {
    event.preventDefault();
    section.classList.add("dragging");
  });
  section.addEventListener("dragleave", () => section.classList.remove("dragging"));
  section.addEventListener("drop", async (event) => {
    event.preventDefault();
    section.classList.remove("dragging");
    const file = event.dataTransfer.files[0];
    if (file) openGameFile(file);
  });
  // the arrow keys step through the game wherever they are not typing
  document.addEventListener("keydown", (event) => {
    if (!games.game || event.altKey || event.ctrlKey || event.metaKey || keyIsLocal(event.target)) return;
    const steps = { ArrowRight: games.ply + 1, ArrowLeft: games.ply - 1 };
    // Home and End scroll the page, except in the game's own section
    if (event.target.closest && event.target.closest("#games-section")) {
      Object.assign(steps, { Home: 0, End: games.game.mainline.length });
    }
    if (event.key in steps) {
      event.preventDefault();
      goTo(steps[event.key]);
    }
  });
}

function schedule() {
  clearTimeout(state.timer);
  state.timer = setTimeout(update, 150);
}

async function start() {
  setBusy(true);
  const [info, openapi] = await Promise.all([
    fetch("/v1/info").then((r) => r.json()),
    fetch("/v1/openapi.json").then((r) => r.json()),
  ]);
  state.info = info;
  state.laser = "/v1/laser" in openapi.paths;
  fillSetups();
  $("input").addEventListener("input", () => {
    state.typed = null;
    $("setup-undo").hidden = true;
    schedule();
  });
  $("lenient").addEventListener("change", update);
  // a named setup replaces the text, which one button brings back
  $("setup").addEventListener("change", () => {
    const chosen = $("setup").value;
    if (!chosen) return;
    const current = $("input").value;
    const named = Array.from($("setup").options).some((o) => o.value && o.value === current);
    if (state.typed === null && current.trim() && !named) state.typed = current;
    $("setup-undo").hidden = state.typed === null;
    $("input").value = chosen;
    update();
  });
  $("setup-undo").addEventListener("click", () => {
    $("input").value = state.typed || "";
    state.typed = null;
    $("setup").value = "";
    $("setup-undo").hidden = true;
    $("input").focus();
    update();
  });
  $("board").addEventListener("click", clickSquare);
  $("target").addEventListener("change", async () => {
    setBusy(true);
    const seq = ++state.seq;
    try {
      await convert(seq);
    } finally {
      if (seq === state.seq) setBusy(false);
    }
  });
  $("copy").addEventListener("click", async () => {
    const text = $("output").value;
    try {
      await navigator.clipboard.writeText(text);
    } catch (_) {
      $("output").select();
      document.execCommand("copy");
    }
    $("copied").textContent = "copied";
    setTimeout(() => ($("copied").textContent = ""), 1500);
  });
  $("laser").addEventListener("click", fireLaser);
  setupGames();
  setupExplain();
  // a link may name the position to show: /?input=...
  const params = new URLSearchParams(window.location.search);
  const given = params.get("input");
  if (given) $("input").value = given;
  if (params.get("lenient") === "1") $("lenient").checked = true;
  await update();
}

start();
