// The polyfen page: everything it shows comes from the JSON API.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { info: null, games: null, keysFor: "board", laser: false, variant: null, notation: null, seq: 0, timer: null, typed: null };

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
  const request = { input: $("input").value.trim(), lenient: $("lenient").checked };
  const rules = $("rules").value;
  if (rules) request.rules = rules;
  return request;
}

// The rules variants a position may be read under, each game's from
// GET /v1/games (chess's crazyhouse, atomic, ...), sent as `rules`.
function fillRules() {
  const select = $("rules");
  for (const game of state.games || []) {
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

// The game file picker offers the files of every record format GET /v1/games
// lists (and any text file: a record is read by its content).
function fillFilePicker(formats) {
  const picker = $("games-file");
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

// The PGN `Variant` tag of a game's rules variant (`Crazyhouse`).
function rulesTag(variant, rules) {
  const game = facts(variant);
  const found = game && (game.rules || []).find((r) => r.id === rules);
  return found ? found.tag : rules;
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

const SVG = "http://www.w3.org/2000/svg";

// The facts of a game as GET /v1/games gives them: its squares as the SVG
// diagram draws them, its coordinate move notation, its piece letters.
function facts(variant) {
  return (state.games || []).find((g) => g.id === variant) || null;
}

// Draws `svg` into `container` with one transparent square per square of
// the board under the pieces, each named by its `data-square` (`e2`, `h2`,
// `j1`), where the server says the diagram draws it, so that squares can be
// clicked, marked and reached with the keyboard.
function drawBoard(container, svg, variant) {
  container.innerHTML = svg || "";
  const board = container.querySelector("svg");
  const game = facts(variant);
  if (!board || !game) return;
  const layer = document.createElementNS(SVG, "g");
  layer.setAttribute("class", "squares");
  for (const square of game.squares) {
    const rect = document.createElementNS(SVG, "rect");
    rect.setAttribute("class", "square");
    rect.setAttribute("data-square", square.name);
    rect.setAttribute("x", String(square.x));
    rect.setAttribute("y", String(square.y));
    rect.setAttribute("width", String(square.size));
    rect.setAttribute("height", String(square.size));
    layer.appendChild(rect);
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
    if (board.rootPending) setTree(null);
    boardCleared();
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
          board.rootPending = true;
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
      if (board.rootPending) setTree(null);
      boardCleared();
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
    const game = facts(ok.variant);
    $("laser-row").hidden = !(state.laser && game && game.laser);
    if (game && game.laser) fillLaserSides(game);
    $("laser-result").textContent = "";
    if (board.rootPending) await newTree(request, ok);
    if (seq !== state.seq) return;
    const [drawn] = await Promise.all([
      api("/v1/render", { ...request, style: "svg" }),
      convert(seq),
      explainPosition(seq),
      legalMoves(seq, request, ok.variant),
    ]);
    if (seq !== state.seq) return;
    const shot = await moveShot(request, ok.variant);
    if (seq !== state.seq) return;
    drawBoard($("board"), shot ? shot.diagram : drawn.ok ? drawn.ok.diagram : "", ok.variant);
    boardDrawn();
    if (shot) $("laser-result").textContent = shot.summary || "";
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

// The sides whose laser can be fired: the game's sides.
function fillLaserSides(game) {
  const select = $("laser-color");
  const wanted = ["", ...game.sides];
  if (Array.from(select.options).map((o) => o.value).join() === wanted.join()) return;
  while (select.options.length > 1) select.remove(1);
  for (const side of game.sides) {
    const option = document.createElement("option");
    option.value = side;
    option.textContent = side;
    select.appendChild(option);
  }
}

async function fireLaser() {
  const seq = state.seq;
  const color = $("laser-color").value;
  const answer = await api("/v1/laser", color ? { ...reading(), color } : reading());
  if (seq !== state.seq) return;
  if (answer.ok) {
    drawBoard($("board"), answer.ok.diagram, state.variant);
    boardDrawn();
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
  const { input, lenient, rules } = reading();
  const answer = await api("/v1/explain", { input: text, position: input, lenient, rules });
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

// Fills `select` with one option per id, unless it holds those ids
// already; true when it was filled anew.
function fillIds(select, ids) {
  if (Array.from(select.options).map((o) => o.value).join() === ids.join()) return false;
  clear(select);
  for (const id of ids) {
    const option = document.createElement("option");
    option.value = id;
    option.textContent = id;
    select.appendChild(option);
  }
  return true;
}

function fillGameNotations(game) {
  const select = $("games-notation");
  const entry = state.info.variants.find((v) => v.id === game.variant);
  const ids = entry ? entry.move_notations : [];
  fillIds(select, ids);
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

// The squares a move's coordinates name: a file letter and a rank number
// (chess UCI, Xiangqi UCCI, Khet), or a file number and a rank letter
// (Shogi's USI: `8h2b+`, `P*5e`).
function squaresOf(coordinates) {
  return (coordinates || "").match(/[a-j](?:10|[0-9])|[1-9][a-i]/g) || [];
}

function showGame(game, ply) {
  const sameGame = games.game && game && games.game.start === game.start && games.game.mainline.length === game.mainline.length;
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
  const drawn = await api("/v1/render", { input: position, style: "svg", rules: game.rules || undefined });
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

// The keys of the board's moves: ← → one move, Home and End (from the
// moves' own section) to either end, and the key of a promotion's piece or
// a rotation's sign offered for the selected piece.
function boardKeys(event) {
  const steps = { ArrowRight: "next", ArrowLeft: "prev" };
  if (event.target.closest && event.target.closest("#tree-section")) Object.assign(steps, { Home: "first", End: "last" });
  if (event.key in steps) {
    event.preventDefault();
    stepTree(steps[event.key]);
    return;
  }
  const choice = (board.choice || []).filter((m) => m.rest && m.rest.toLowerCase() === event.key.toLowerCase());
  if (choice.length === 1) {
    event.preventDefault();
    playMove(choice[0].move);
  }
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
  // the arrow keys step through the game wherever they are not typing:
  // the game record's when it was used last, else the board's moves
  const keysFor = (event) => {
    const target = event.target;
    if (!target || !target.closest) return;
    if (target.closest("#games-section")) state.keysFor = "games";
    else if (target.closest("section.board, #tree-section, #export-section, section.input")) state.keysFor = "board";
  };
  document.addEventListener("pointerdown", keysFor, true);
  document.addEventListener("focusin", keysFor, true);
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || keyIsLocal(event.target, event.key)) return;
    const onBoard = board.tree && (state.keysFor !== "games" || !games.game);
    if (onBoard) {
      boardKeys(event);
      return;
    }
    if (!games.game) return;
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

// ------------------------------------------------------------ the board

// The analysis board: the main board plays moves, kept as a tree of moves
// (the shape of games/convert's JSON: each node's move, coordinates, NAGs,
// comments, and its alternatives as further children), written back to PGN
// by the server. `cursor` is the node whose position the page shows.
const board = {
  tree: null,
  cursor: null,
  legal: [],
  selected: null,
  // the drop prefix of the piece in hand chosen to be dropped (`P*`)
  dropping: null,
  rootPending: true,
  editing: null,
  flipped: false,
  syncSeq: 0,
  nextId: 1,
  focus: null,
};

// A coordinate move cut into its squares and what follows them: `e7e8q` is
// e7, e8 and `q`; Khet's `c1+` is c1 and `+`; a drop (`P*5e`) has no first
// square, its target, and the prefix that names the piece dropped.
function cutMove(variant, move) {
  const game = facts(variant);
  if (!game) return { from: null, to: null, rest: move };
  if (!game.pattern) {
    const names = game.squares.map((s) => s.name).sort((a, b) => b.length - a.length);
    game.pattern = new RegExp(`^(${names.join("|")})(${names.join("|")})?(.*)$`);
  }
  const found = game.pattern.exec(move);
  if (found) return { from: found[1], to: found[2] || null, rest: found[3] };
  // a drop: what the piece in hand says a drop of it begins with (Shogi's
  // `P*`), then the square
  const drop = game.squares.map((s) => s.name).find((name) => move.endsWith(name) && move.length > name.length);
  if (drop) return { from: null, to: drop, rest: "", drop: move.slice(0, move.length - drop.length) };
  return { from: null, to: null, rest: move };
}

function newNode(parent, fields) {
  return {
    id: board.nextId++,
    parent,
    children: [],
    move: fields.move || fields.coordinates,
    coordinates: fields.coordinates,
    nags: fields.nags || [],
    comments: fields.comments || [],
    opening: fields.opening || [],
    position: null,
  };
}

// A game's JSON form (games/convert) as a tree of nodes.
function treeOf(game, notation) {
  const root = newNode(null, { coordinates: "" });
  root.comments = game.comments || [];
  root.position = game.start;
  const line = (parent, moves, opening) => {
    let at = parent;
    moves.forEach((move, i) => {
      const node = newNode(at, { ...move, opening: i === 0 ? opening : [] });
      at.children.push(node);
      for (const variation of move.variations || []) line(at, variation.moves || [], variation.comments || []);
      at = node;
    });
  };
  line(root, game.moves || [], []);
  // the tag naming the game, or its rules (written again from `rules`)
  const tags = (game.tags || []).filter(([name, value]) => !(name === "Variant" && (value === game.variant || game.rules)));
  return { variant: game.variant, rules: game.rules || null, start: game.start, tags, result: game.result || "*", notation, root };
}

function setTree(tree) {
  board.tree = tree;
  // the positions of a game of a rules variant are read under its rules
  if (tree && tree.rules !== undefined) $("rules").value = tree.rules || "";
  board.cursor = tree ? tree.root : null;
  board.rootPending = false;
  $("last-move-block").hidden = true;
  drawTree();
  fillTags();
}

// A tree of no moves from the position just read.
async function newTree(request, ok) {
  const game = facts(ok.variant);
  let start = request.input;
  if (game) {
    const written = await api("/v1/convert", { ...request, to: game.position_notation });
    if (written.ok) start = written.ok.output;
  }
  const notation = board.wanted && game && game.move_notations.includes(board.wanted) ? board.wanted : game ? game.record_notation : null;
  const rules = request.rules || null;
  setTree({ variant: ok.variant, rules, start, tags: [], result: "*", notation, root: newNode(null, { coordinates: "" }) });
  board.tree.root.position = request.input;
}

// The path from the root to `node`, as child indices.
function pathOf(node) {
  const path = [];
  for (let at = node; at && at.parent; at = at.parent) path.unshift(at.parent.children.indexOf(at));
  return path;
}

function nodeAt(path) {
  let at = board.tree.root;
  for (const i of path) {
    if (!at.children[i]) break;
    at = at.children[i];
  }
  return at;
}

const escapeComment = (text) => text.replace(/[{}]/g, "");

// The tree as PGN movetext in the game's coordinates, with the tags given.
function pgnOf(tree, tags, withVariant) {
  const game = facts(tree.variant);
  const head = tags.filter(([name]) => name !== "FEN" && name !== "SetUp" && name !== "Variant");
  // a rules variant's tag names its game too
  if (tree.rules) head.unshift(["Variant", rulesTag(tree.variant, tree.rules)]);
  else if (withVariant) head.unshift(["Variant", tree.variant]);
  if (game && tree.start !== game.start) head.push(["FEN", tree.start]);
  const words = [];
  const comments = (list) => {
    for (const c of list) words.push(`{${escapeComment(c)}}`);
  };
  const one = (node) => {
    comments(node.opening);
    words.push(node.coordinates);
    for (const nag of node.nags) words.push(`$${nag}`);
    comments(node.comments);
  };
  const line = (parent) => {
    let at = parent;
    while (at.children.length) {
      const [main, ...others] = at.children;
      one(main);
      for (const other of others) {
        words.push("(");
        one(other);
        line(other);
        words.push(")");
      }
      at = main;
    }
  };
  comments(tree.root.comments);
  // a movetext starts with its move number
  const start = startOf(tree.start);
  if (tree.root.children.length) words.push(`${start.number}.${start.second ? ".." : ""}`);
  line(tree.root);
  words.push(tree.result || "*");
  const tagText = head.map(([name, value]) => `[${name} "${String(value).replace(/["\\]/g, "")}"]\n`).join("");
  return `${tagText}\n${words.join(" ").replace(/\( /g, "(").replace(/ \)/g, ")")}\n`;
}

// The tree sent to the server and read back: every move written in the
// tree's notation. The cursor stays on the node at the same path.
async function syncTree(path) {
  const tree = board.tree;
  const seq = ++board.syncSeq;
  const messages = $("tree-messages");
  let answer;
  try {
    answer = await api("/v1/games/convert", { pgn: pgnOf(tree, tree.tags, false), variant: tree.variant, moves: tree.notation });
  } catch (error) {
    clear(messages);
    addItem(messages, error.message, "error");
    return false;
  }
  if (seq !== board.syncSeq || tree !== board.tree) return false;
  clear(messages);
  const item = (answer.games || [])[0];
  if (!item || !item.ok) {
    const e = item ? item.error : { message: "no game read" };
    addItem(messages, e.line ? `line ${e.line}, column ${e.column}: ${e.message}` : e.message, "error");
    return false;
  }
  const next = treeOf(item.ok, tree.notation);
  next.start = tree.start;
  next.tags = tree.tags;
  next.rules = tree.rules;
  next.root.position = tree.root.position;
  board.tree = next;
  board.cursor = nodeAt(path);
  drawTree();
  exportGame();
  return true;
}

// The position of a node: its parent's with its move played.
async function positionOf(node) {
  if (node.position) return node.position;
  const path = [];
  for (let at = node; at.parent; at = at.parent) path.unshift(at.coordinates);
  const game = facts(board.tree.variant);
  const answer = await api("/v1/move", {
    input: board.tree.root.position,
    lenient: $("lenient").checked,
    rules: board.tree.rules || undefined,
    moves: path,
    move_notation: game.coordinates,
    to: game.position_notation,
  });
  if (!answer.ok) throw new Error(answer.error.message);
  node.position = answer.ok.output;
  return node.position;
}

// Shows the position of `node` on the board and in the position box.
async function goToNode(node) {
  if (!board.tree || !node) return;
  if (board.editing) stopEditing();
  board.cursor = node;
  markCurrent();
  try {
    const position = await positionOf(node);
    if (board.cursor !== node) return;
    $("input").value = position;
    board.rootPending = false;
    await Promise.all([update(), lastMove(node)]);
  } catch (error) {
    clear($("tree-messages"));
    addItem($("tree-messages"), error.message, "error");
  }
}

// The move that led to `node` in every move notation of its game, as
// /v1/explain writes it.
async function lastMove(node) {
  const block = $("last-move-block");
  if (!node.parent) {
    block.hidden = true;
    return;
  }
  const before = await positionOf(node.parent);
  const answer = await api("/v1/explain", {
    input: node.coordinates,
    position: before,
    lenient: $("lenient").checked,
    rules: board.tree.rules || undefined,
  });
  if (board.cursor !== node) return;
  block.hidden = !answer.ok;
  if (answer.ok) fillForms($("last-move-forms"), answer.ok.moves, false);
}

// In a game with a laser, the shot the move that led to the position shown
// fired: the mover's laser, fired from the position the move left; `null`
// for a position not reached by a move of the tree.
async function moveShot(request, variant) {
  const game = facts(variant);
  const node = board.cursor;
  if (!state.laser || !game || !game.laser || !board.tree || !node || !node.parent) return null;
  if (node.position !== request.input) return null;
  const before = await positionOf(node.parent);
  const mover = await api("/v1/laser", { input: before });
  if (!mover.ok) return null;
  const shot = await api("/v1/laser", { ...request, color: mover.ok.color });
  return shot.ok || null;
}

// Plays the coordinate move `move` from the current node: the node it
// leads to if the tree has it, else a new one (a new variation when the
// current node already has a next move).
async function playMove(move) {
  const tree = board.tree;
  if (!tree) return;
  const here = board.cursor;
  let node = here.children.find((c) => c.coordinates === move);
  if (!node) {
    node = newNode(here, { coordinates: move });
    here.children.push(node);
    const path = pathOf(node);
    if (!(await syncTree(path))) {
      here.children.pop();
      return;
    }
    node = board.cursor;
  }
  await goToNode(node);
}

// The legal moves of the position shown, in the game's coordinates.
async function legalMoves(seq, request, variant) {
  const game = facts(variant);
  board.legal = [];
  board.selected = null;
  if (!game) return;
  const answer = await api("/v1/moves", { ...request, move_notation: game.coordinates });
  if (seq !== state.seq) return;
  const status = $("board-status");
  if (answer.ok) {
    board.legal = answer.ok.moves.map((move) => ({ move, ...cutMove(variant, move) }));
    status.textContent = answer.ok.status && answer.ok.status !== "ongoing" ? `Game over: ${answer.ok.status}.` : "";
  } else {
    status.textContent = `No moves can be played here: ${answer.error.message}`;
  }
}

function boardCleared() {
  board.legal = [];
  board.selected = null;
  showChoice([]);
  $("board-status").textContent = "";
  drawTree();
  share();
}

// After the board is drawn: the last move and the selection marked, the
// squares reachable with the keyboard.
function boardDrawn() {
  const container = $("board");
  container.classList.toggle("flipped", board.flipped);
  const node = board.cursor;
  const last = node && node.parent ? cutMove(board.tree.variant, node.coordinates) : null;
  markSquares(container, last ? [last.from, last.to].filter(Boolean) : [], "last");
  const movable = new Set(board.legal.map((m) => m.from));
  const rects = Array.from(container.querySelectorAll(".square"));
  for (const rect of rects) {
    rect.setAttribute("tabindex", "-1");
    rect.setAttribute("role", "button");
    const name = rect.dataset.square;
    const piece = container.querySelector(`.piece[data-square="${name}"]`);
    const what = piece ? (piece.querySelector("title") || {}).textContent || piece.dataset.piece : "empty";
    rect.setAttribute("aria-label", `${name}: ${what}`);
    if (movable.has(name)) rect.classList.add("movable");
  }
  const focus = rects.find((r) => r.dataset.square === board.focus) || rects[0];
  if (focus) focus.setAttribute("tabindex", "0");
  // pieces in hand that can be dropped are played from like squares
  const drops = new Set(board.legal.map((m) => m.drop).filter(Boolean));
  for (const held of container.querySelectorAll("[data-drop]")) {
    const can = drops.has(held.dataset.drop);
    held.classList.toggle("movable", can);
    held.setAttribute("role", "button");
    held.setAttribute("tabindex", can ? "0" : "-1");
    held.setAttribute("aria-label", `drop ${held.dataset.piece} (${held.dataset.count || 1} in hand)`);
  }
  showChoice([]);
  markCurrent();
  share();
}

// Buttons for the moves that a second square does not tell apart: a
// promotion's piece, a rotation's sign. Each is also played by its key.
function showChoice(moves) {
  const box = $("move-choice");
  clear(box);
  board.choice = moves;
  box.hidden = !moves.length;
  for (const m of moves) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.move = m.move;
    button.textContent = m.rest || m.move;
    button.setAttribute("aria-label", `Play ${m.move}`);
    button.title = `${m.move} (key ${m.rest})`;
    button.addEventListener("click", () => playMove(m.move));
    box.appendChild(button);
  }
}

// A click (or Enter) on a square of the main board: in the editor it
// places the chosen piece; otherwise it selects a piece, shows its targets,
// or plays the selected piece's move there. The square is also explained.
function clickSquare(name) {
  if (board.editing) {
    editSquare(name);
    return;
  }
  const container = $("board");
  board.focus = name;
  const from = board.selected;
  if (board.dropping) {
    const drop = board.legal.find((m) => m.drop === board.dropping && m.to === name);
    board.dropping = null;
    markHeld(container, null);
    if (drop) {
      playMove(drop.move);
      return;
    }
  }
  if (from && from !== name) {
    const moves = board.legal.filter((m) => m.from === from && m.to === name);
    if (moves.length === 1) {
      playMove(moves[0].move);
      return;
    }
    if (moves.length > 1) {
      showChoice(moves);
      return;
    }
  }
  board.selected = name;
  markSquares(container, [name], "selected");
  const mine = board.legal.filter((m) => m.from === name);
  markSquares(container, mine.map((m) => m.to).filter(Boolean), "target");
  showChoice(mine.filter((m) => !m.to));
  const cell = document.querySelector(`#explain-grid .cell[data-square="${name}"]`);
  if (cell) activateSquare(cell);
}

// A click (or Enter) on a piece in hand: it is chosen to be dropped, and the
// squares it can be dropped on are marked; the next square clicked drops it.
function clickHeld(drop) {
  if (board.editing) return;
  const container = $("board");
  const targets = board.legal.filter((m) => m.drop === drop).map((m) => m.to);
  board.selected = null;
  board.dropping = targets.length ? drop : null;
  markHeld(container, board.dropping);
  markSquares(container, [], "selected");
  markSquares(container, targets, "target");
  showChoice([]);
}

// Marks the piece in hand chosen to be dropped, and no other.
function markHeld(container, drop) {
  for (const held of container.querySelectorAll("[data-drop]")) {
    held.classList.toggle("selected", drop !== null && held.dataset.drop === drop);
  }
}

// The keyboard on the board: the arrow keys go from square to square (as
// seen, so reversed when flipped), Enter or Space clicks.
function boardKey(event) {
  const held = event.target.closest && event.target.closest("#board [data-drop]");
  if (held && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();
    clickHeld(held.dataset.drop);
    return;
  }
  const rect = event.target.closest && event.target.closest("#board .square");
  if (!rect) return;
  const game = facts(state.variant);
  if (!game) return;
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    clickSquare(rect.dataset.square);
    return;
  }
  const across = game.files;
  const sign = board.flipped ? -1 : 1;
  const steps = { ArrowRight: sign, ArrowLeft: -sign, ArrowDown: sign * across, ArrowUp: -sign * across };
  if (!(event.key in steps)) return;
  event.preventDefault();
  const names = game.squares.map((s) => s.name);
  const at = names.indexOf(rect.dataset.square) + steps[event.key];
  if (at < 0 || at >= names.length) return;
  const next = $("board").querySelector(`.square[data-square="${names[at]}"]`);
  if (!next) return;
  for (const r of $("board").querySelectorAll(".square")) r.setAttribute("tabindex", "-1");
  next.setAttribute("tabindex", "0");
  board.focus = names[at];
  next.focus();
}

// A piece dragged (with a mouse or a finger) from one square to another.
function setupDrag() {
  const container = $("board");
  let from = null;
  container.addEventListener("pointerdown", (event) => {
    const rect = event.target.closest && event.target.closest(".square");
    from = rect && !board.editing ? rect.dataset.square : null;
  });
  container.addEventListener("pointerup", (event) => {
    const start = from;
    from = null;
    if (!start) return;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const rect = under && under.closest && under.closest("#board .square");
    if (!rect || rect.dataset.square === start) return;
    if (board.selected !== start) clickSquare(start);
    clickSquare(rect.dataset.square);
  });
}

// ------------------------------------------------------------ the moves

const TREE_NAGS = { 1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!" };

// The tree as movetext: every move a button, variations in brackets (the
// first level set apart on lines of their own), comments and NAGs.
function drawTree() {
  const box = $("tree-moves");
  clear(box);
  const tree = board.tree;
  $("tree-section").hidden = !tree;
  // stepping, changing and exporting wait for a first move
  const moves = Boolean(tree && tree.root.children.length);
  for (const id of ["tree-steps", "tree-changes", "export-section"]) $(id).hidden = !moves;
  if (!tree) return;
  fillTreeNotations();
  const start = startOf(tree.start);
  // a space between tokens, none after an opening bracket
  const gap = (parent) => {
    const last = parent.lastChild;
    return last && !(last.nodeType === Node.TEXT_NODE && last.textContent.endsWith("(")) ? " " : "";
  };
  const add = (parent, cls, text) => {
    const span = document.createElement("span");
    span.className = cls;
    span.textContent = text;
    parent.append(gap(parent), span);
    return span;
  };
  const comments = (parent, list) => {
    for (const c of list) add(parent, "comment", `{${c.trim()}}`);
  };
  const one = (parent, node, ply, number) => {
    comments(parent, node.opening);
    const half = ply + (start.second ? 1 : 0);
    const first = half % 2 === 0;
    if (first || number) add(parent, "num", `${start.number + Math.floor(half / 2)}${first ? "." : "…"}`);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.dataset.node = String(node.id);
    button.dataset.path = pathOf(node).join(".");
    button.textContent = node.move;
    button.addEventListener("click", () => goToNode(node));
    parent.append(gap(parent), button);
    for (const nag of node.nags) add(parent, "nag", TREE_NAGS[nag] || `$${nag}`);
    comments(parent, node.comments);
    return node.comments.length > 0;
  };
  const line = (parent, from, ply, number, depth) => {
    let at = from;
    let needNumber = number;
    while (at.children.length) {
      const [main, ...others] = at.children;
      needNumber = one(parent, main, ply, needNumber);
      for (const other of others) {
        const variation = add(parent, depth === 0 ? "variation block" : "variation", "");
        variation.append("(");
        one(variation, other, ply, true);
        line(variation, other, ply + 1, false, depth + 1);
        variation.append(")");
        needNumber = true;
      }
      at = main;
      ply += 1;
    }
  };
  comments(box, tree.root.comments);
  line(box, tree.root, 0, true, 0);
  markCurrent();
}

function markCurrent() {
  const cursor = board.cursor;
  for (const button of $("tree-moves").querySelectorAll("button.move")) {
    if (cursor && Number(button.dataset.node) === cursor.id) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  }
  const tree = board.tree;
  // said, not disabled: a button that has the focus keeps it at either end
  for (const id of ["tree-first", "tree-prev"]) $(id).setAttribute("aria-disabled", String(!cursor || !cursor.parent));
  for (const id of ["tree-next", "tree-last"]) $(id).setAttribute("aria-disabled", String(!cursor || !cursor.children.length));
  const inVariation = cursor && pathOf(cursor).some((i) => i > 0);
  $("tree-promote").disabled = !inVariation;
  $("tree-delete").disabled = !cursor || !cursor.parent;
  const path = cursor ? pathOf(cursor) : [];
  $("tree-ply").textContent = !tree
    ? ""
    : path.length === 0
      ? "Start position"
      : `Ply ${path.length}${inVariation ? " (in a variation)" : ""}: ${cursor.move}`;
}

function fillTreeNotations() {
  const select = $("tree-notation");
  const game = facts(board.tree.variant);
  const ids = game ? game.move_notations : [];
  fillIds(select, ids);
  select.value = board.tree.notation;
}

// One step through the tree: back, on along the line, to either end.
function stepTree(where) {
  const cursor = board.cursor;
  if (!board.tree || !cursor) return;
  let to = cursor;
  if (where === "prev") to = cursor.parent || cursor;
  if (where === "next") to = cursor.children[0] || cursor;
  if (where === "first") to = board.tree.root;
  if (where === "last") while (to.children.length) to = to.children[0];
  if (to !== cursor) goToNode(to);
}

// The variation the current move is in moves one place up among its
// siblings (to the main line when it is the first alternative).
async function promoteVariation() {
  let at = board.cursor;
  while (at && at.parent && at.parent.children.indexOf(at) === 0) at = at.parent;
  if (!at || !at.parent) return;
  const siblings = at.parent.children;
  const i = siblings.indexOf(at);
  [siblings[i - 1], siblings[i]] = [siblings[i], siblings[i - 1]];
  const path = pathOf(board.cursor);
  drawTree();
  await syncTree(path);
  share();
}

// The current move and everything after it are taken out of the tree.
async function deleteFromHere() {
  const node = board.cursor;
  if (!node || !node.parent) return;
  const parent = node.parent;
  parent.children.splice(parent.children.indexOf(node), 1);
  const path = pathOf(parent);
  drawTree();
  await syncTree(path);
  await goToNode(board.cursor);
}

// ------------------------------------------------------------ the editor

// The board editor works on the position's JSON form: a palette of the
// game's piece letters (and values of its per-square fields, Khet's
// facing), the side to move and the other fields; every change is written
// back in the game's notation by /v1/convert, errors shown as the API gives
// them.
async function startEditing() {
  const game = facts(state.variant);
  if (!game) return;
  const answer = await api("/v1/convert", { ...reading(), to: "json" });
  if (!answer.ok) return;
  board.editing = { form: JSON.parse(answer.ok.output), game, piece: game.pieces[0], fields: {} };
  for (const [field, values] of Object.entries(game.square_fields)) board.editing.fields[field] = values[0];
  $("edit").setAttribute("aria-pressed", "true");
  $("edit").textContent = "Done editing";
  drawEditor();
}

function stopEditing() {
  board.editing = null;
  $("edit").setAttribute("aria-pressed", "false");
  $("edit").textContent = "Edit the position";
  $("editor").hidden = true;
}

function drawEditor() {
  const edit = board.editing;
  const box = $("editor-palette");
  clear(box);
  $("editor").hidden = false;
  const choose = (value, label) => {
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
    // a list or an object (a game's hands) is edited as JSON
    const structured = value !== null && typeof value === "object";
    input.value = value === null || value === undefined ? "" : structured ? JSON.stringify(value) : String(value);
    input.addEventListener("change", () => {
      const text = input.value.trim();
      let next = text === "" ? null : typeof value === "number" && /^-?\d+$/.test(text) ? Number(text) : text;
      if (structured && text) {
        try {
          next = JSON.parse(text);
        } catch (_) {
          next = text;
        }
      }
      edit.form[key] = next;
      writeEdited();
    });
    span.append(label, input);
    fields.appendChild(span);
  }
}

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

function editSquare(name) {
  const edit = board.editing;
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

// The edited JSON form written in the game's notation: the position box
// shows it (a new tree starts from it), or the errors say why not.
async function writeEdited() {
  const edit = board.editing;
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

// ------------------------------------------------------------ export and share

function fillTags() {
  const body = $("tags");
  clear(body);
  const tree = board.tree;
  if (!tree) return;
  tree.tags.forEach(([name, value], i) => {
    const row = document.createElement("tr");
    const cell = (text, label, set) => {
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

// The game as PGN in the notation chosen, written by the server.
async function exportGame() {
  const tree = board.tree;
  if (!tree) return;
  const select = $("export-notation");
  const game = facts(tree.variant);
  const ids = game ? game.move_notations : [];
  if (fillIds(select, ids)) select.value = tree.notation;
  const answer = await api("/v1/games/convert", { pgn: pgnOf(tree, tree.tags, false), variant: tree.variant, to: "pgn", moves: select.value || tree.notation });
  if (tree !== board.tree) return;
  const item = (answer.games || [])[0];
  $("export-pgn").value = item && item.ok ? item.ok.pgn : item ? item.error.message : "";
}

// The longest game the address holds; a longer one's address holds the
// position shown.
const MAX_SHARED_PGN = 4000;

// The address bar holds the page's shareable address: the position shown,
// or, once moves are played, the game (in coordinates), the ply shown and
// the move notation.
function share() {
  const params = new URLSearchParams();
  const tree = board.tree;
  const pgn = tree && tree.root.children.length ? pgnOf(tree, tree.tags, true).trim() : "";
  $("share-note").hidden = pgn.length <= MAX_SHARED_PGN;
  if (pgn && pgn.length <= MAX_SHARED_PGN) {
    params.set("pgn", pgn);
    const path = pathOf(board.cursor);
    const main = path.every((i) => i === 0);
    params.set("ply", main ? String(path.length) : path.length === 1 ? `${path[0]}.` : path.join("."));
    params.set("notation", tree.notation);
  } else {
    const input = $("input").value.trim();
    if (input) params.set("input", input);
    if (tree && tree.notation && (board.wanted || pgn)) params.set("notation", tree.notation);
  }
  if ($("lenient").checked) params.set("lenient", "1");
  if (!pgn && $("rules").value) params.set("rules", $("rules").value);
  const query = params.toString();
  history.replaceState(null, "", query ? `?${query}` : window.location.pathname);
}

// A game from the address (`?pgn=`): read, and shown at `ply`.
async function openShared(pgn, ply, notation) {
  const request = { pgn };
  if (notation) request.moves = notation;
  const answer = await api("/v1/games/convert", request);
  const item = (answer.games || [])[0];
  if (!item || !item.ok) {
    const e = item ? item.error : { message: "no game in the address" };
    $("input").value = "";
    await update();
    addItem($("messages"), `The game in the address: ${e.line ? `line ${e.line}, column ${e.column}: ` : ""}${e.message}`, "error");
    return;
  }
  setTree(treeOf(item.ok, item.ok.notation));
  const text = String(ply || "0");
  const path = text.includes(".")
    ? text.split(".").filter(Boolean).map(Number)
    : Array(Math.max(0, Number(text) || 0)).fill(0);
  await goToNode(nodeAt(path));
}

function setupBoard() {
  const container = $("board");
  container.addEventListener("click", (event) => {
    const held = event.target.closest && event.target.closest("[data-drop]");
    if (held) {
      clickHeld(held.dataset.drop);
      return;
    }
    const rect = event.target.closest && event.target.closest(".square");
    if (rect) clickSquare(rect.dataset.square);
  });
  container.addEventListener("keydown", boardKey);
  // a click does not take the focus from where it is: the arrow keys keep
  // stepping through the moves; the keyboard reaches the squares with Tab
  container.addEventListener("mousedown", (event) => {
    if (event.target.closest && event.target.closest(".square")) event.preventDefault();
  });
  setupDrag();
  $("flip").addEventListener("click", () => {
    board.flipped = !board.flipped;
    $("flip").setAttribute("aria-pressed", String(board.flipped));
    $("board").classList.toggle("flipped", board.flipped);
  });
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
  $("tree-first").addEventListener("click", () => stepTree("first"));
  $("tree-prev").addEventListener("click", () => stepTree("prev"));
  $("tree-next").addEventListener("click", () => stepTree("next"));
  $("tree-last").addEventListener("click", () => stepTree("last"));
  $("tree-promote").addEventListener("click", promoteVariation);
  $("tree-delete").addEventListener("click", deleteFromHere);
  $("tree-notation").addEventListener("change", async () => {
    if (!board.tree) return;
    board.tree.notation = $("tree-notation").value;
    board.wanted = board.tree.notation;
    await syncTree(pathOf(board.cursor));
    share();
  });
  $("export-notation").addEventListener("change", exportGame);
  $("tag-add").addEventListener("click", () => {
    if (!board.tree) return;
    board.tree.tags.push(["Event", "?"]);
    fillTags();
    const inputs = $("tags").querySelectorAll("input");
    if (inputs.length >= 2) inputs[inputs.length - 2].focus();
  });
  $("copy-position").addEventListener("click", () => copyText($("input").value, "copied-position"));
  $("copy-pgn").addEventListener("click", () => copyText($("export-pgn").value, "copied-pgn"));
  $("move-text").addEventListener("keydown", async (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    await typedMove($("move-text").value.trim());
  });
  $("games-open").addEventListener("click", async () => {
    if (!games.game) return;
    const ply = games.ply;
    setTree(treeOf(games.game, games.game.notation));
    await goToNode(nodeAt(Array(ply).fill(0)));
    $("board").scrollIntoView({ block: "nearest" });
  });
}

// A move typed in any notation of the game, read by the server against the
// position and played as its coordinates.
async function typedMove(text) {
  const messages = $("tree-messages");
  clear(messages);
  if (!text || !state.variant) return;
  const game = facts(state.variant);
  const answer = await api("/v1/move", { ...reading(), moves: [text], move_notation: game.coordinates });
  if (!answer.ok) {
    const e = answer.error;
    addItem(messages, e.column ? `column ${e.column}: ${e.message}` : e.message, "error");
    return;
  }
  $("move-text").value = "";
  await playMove(answer.ok.played[0]);
}

async function copyText(text, note) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (_) {
    const area = document.createElement("textarea");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  $(note).textContent = "copied";
  setTimeout(() => ($(note).textContent = ""), 1500);
}

function schedule() {
  clearTimeout(state.timer);
  state.timer = setTimeout(update, 150);
}

async function start() {
  setBusy(true);
  const [info, openapi, known] = await Promise.all([
    fetch("/v1/info").then((r) => r.json()),
    fetch("/v1/openapi.json").then((r) => r.json()),
    fetch("/v1/games").then((r) => r.json()),
  ]);
  state.info = info;
  state.games = known.games;
  state.laser = "/v1/laser" in openapi.paths;
  fillSetups();
  fillRules();
  fillFilePicker(known.record_formats);
  $("game-names").textContent = ` (${known.games.map((g) => g.id).join(", ")})`;
  $("rules").addEventListener("change", () => {
    board.rootPending = true;
    update();
  });
  $("input").addEventListener("input", () => {
    if (board.editing) stopEditing();
    board.rootPending = true;
    state.typed = null;
    $("setup-undo").hidden = true;
    schedule();
  });
  $("lenient").addEventListener("change", () => {
    board.rootPending = true;
    update();
  });
  // a named setup replaces the text, which one button brings back
  $("setup").addEventListener("change", () => {
    const chosen = $("setup").value;
    if (!chosen) return;
    const current = $("input").value;
    const named = Array.from($("setup").options).some((o) => o.value && o.value === current);
    if (state.typed === null && current.trim() && !named) state.typed = current;
    $("setup-undo").hidden = state.typed === null;
    $("input").value = chosen;
    board.rootPending = true;
    update();
  });
  $("setup-undo").addEventListener("click", () => {
    $("input").value = state.typed || "";
    state.typed = null;
    $("setup").value = "";
    $("setup-undo").hidden = true;
    $("input").focus();
    board.rootPending = true;
    update();
  });
  setupBoard();
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
  // or a game: /?pgn=...&ply=...&notation=...
  const given = params.get("input");
  if (given) $("input").value = given;
  if (params.get("lenient") === "1") $("lenient").checked = true;
  if (params.get("rules")) $("rules").value = params.get("rules");
  board.wanted = params.get("notation");
  const pgn = params.get("pgn");
  if (pgn) {
    await openShared(pgn, params.get("ply"), board.wanted);
    setBusy(false);
    return;
  }
  await update();
}

start();
