// The polyfen page: everything it shows comes from the JSON API.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { info: null, laser: false, variant: null, notation: null, seq: 0, timer: null };

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

function setBusy(busy) {
  document.body.dataset.busy = busy ? "true" : "false";
}

async function update() {
  const seq = ++state.seq;
  const request = reading();
  const messages = $("messages");
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
    $("board").innerHTML = drawn.ok ? drawn.ok.diagram : "";
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
  const answer = await api("/v1/laser", reading());
  if (seq !== state.seq) return;
  if (answer.ok) {
    $("board").innerHTML = answer.ok.diagram;
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
    if (top) span.tabIndex = 0;
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
  for (const row of rows) {
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = String(squareNumber(row[0]));
    grid.appendChild(label);
    for (const square of row) {
      const cell = document.createElement("span");
      cell.className = "cell";
      cell.dataset.square = square;
      cell.tabIndex = 0;
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
  section.addEventListener("mouseover", onPart);
  section.addEventListener("focusin", onPart);
  $("explain-move").addEventListener("input", () => {
    clearTimeout(explained.moveTimer);
    explained.moveTimer = setTimeout(explainMove, 150);
  });
}

// ------------------------------------------------------------ game records

const games = { list: [], game: null, ply: 0, seq: 0, timer: null, data: null };

async function loadGames() {
  const seq = ++games.seq;
  const pgn = $("games-input").value;
  const messages = $("games-messages");
  if (!pgn.trim() && !games.data) {
    clear(messages);
    games.list = [];
    showGame(null);
    return;
  }
  const notation = $("games-notation").value;
  // a binary record file (XQF, CBR, CBL) goes as base64 bytes
  const request = games.data ? { data: games.data, positions: true } : { pgn, positions: true };
  if (notation && games.game) {
    const entry = state.info.variants.find((v) => v.id === games.game.variant);
    if (entry && entry.move_notations.includes(notation)) request.moves = notation;
  }
  let answer;
  try {
    answer = await api("/v1/games/convert", request);
  } catch (error) {
    if (seq !== games.seq) return;
    clear(messages);
    addItem(messages, error.message, "error");
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
    const tags = item.ok ? Object.fromEntries(item.ok.tags) : {};
    const players = [tags.White || tags.Red, tags.Black].filter(Boolean).join(" – ");
    option.textContent = `${i + 1}${players ? ": " + players : ""}${item.error ? " (error)" : ""}`;
    pick.appendChild(option);
  });
  pick.value = String(Math.min(previous, Math.max(games.list.length - 1, 0)));
  for (const [i, item] of games.list.entries()) {
    if (item.error) addItem(messages, `game ${i + 1}: line ${item.error.line}, column ${item.error.column}: ${item.error.message}`, "error");
  }
  const chosen = games.list[Number(pick.value)];
  showGame(chosen && chosen.ok ? chosen.ok : null, games.game ? games.ply : 0);
}

function fillGameNotations(game) {
  const select = $("games-notation");
  const entry = state.info.variants.find((v) => v.id === game.variant);
  const ids = entry ? entry.move_notations : [];
  const current = game.notation;
  if (Array.from(select.options).map((o) => o.value).join() !== ids.join()) {
    clear(select);
    for (const id of ids) {
      const option = document.createElement("option");
      option.value = id;
      option.textContent = id;
      select.appendChild(option);
    }
  }
  select.value = current;
}

function showGame(game, ply) {
  const sameGame = games.game && game && games.game.start === game.start && games.game.mainline.length === game.mainline.length;
  games.game = game;
  const list = $("games-moves");
  clear(list);
  if (!game) {
    $("games-board").innerHTML = "";
    $("games-ply").textContent = "";
    return;
  }
  fillGameNotations(game);
  game.mainline.forEach((text, i) => {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = text;
    button.dataset.ply = String(i + 1);
    button.addEventListener("click", () => goTo(i + 1));
    li.appendChild(button);
    list.appendChild(li);
  });
  goTo(sameGame ? ply : 0);
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
    ? `Start (${game.mainline.length} moves, ${game.result})`
    : `Move ${games.ply} of ${game.mainline.length}: ${game.mainline[games.ply - 1]}`;
  $("games-board").dataset.position = position;
  const seq = games.seq;
  const drawn = await api("/v1/render", { input: position, style: "svg" });
  if (seq !== games.seq || $("games-board").dataset.position !== position) return;
  $("games-board").innerHTML = drawn.ok ? drawn.ok.diagram : "";
}

function scheduleGames() {
  clearTimeout(games.timer);
  games.timer = setTimeout(loadGames, 200);
}

/// A dropped or opened file: PGN or DhtmlXQ text into the box, a binary
/// record (XQF, CBR, CBL) sent as base64 bytes.
async function openGameFile(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  // a new file may hold another game: its moves in that game's notation
  games.game = null;
  const binary = /\.(xqf|cbr|cbl)$/i.test(file.name) || bytes.subarray(0, 512).includes(0);
  if (binary) {
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000) {
      text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    }
    games.data = btoa(text);
    $("games-input").value = "";
    $("games-input").placeholder = `${file.name} (${bytes.length} bytes, a binary record)`;
  } else {
    games.data = null;
    $("games-input").value = new TextDecoder().decode(bytes);
  }
  loadGames();
}

function setupGames() {
  const section = $("games-section");
  $("games-input").addEventListener("input", () => {
    games.data = null;
    scheduleGames();
  });
  $("games-pick").addEventListener("change", () => {
    const item = games.list[Number($("games-pick").value)];
    showGame(item && item.ok ? item.ok : null, 0);
  });
  $("games-notation").addEventListener("change", loadGames);
  $("games-file").addEventListener("change", async () => {
    const file = $("games-file").files[0];
    if (file) openGameFile(file);
  });
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
  section.addEventListener("keydown", (event) => {
    if (event.target === $("games-input") || !games.game) return;
    const steps = { ArrowRight: games.ply + 1, ArrowLeft: games.ply - 1, Home: 0, End: games.game.mainline.length };
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
  $("input").addEventListener("input", schedule);
  $("lenient").addEventListener("change", update);
  $("setup").addEventListener("change", () => {
    if ($("setup").value) {
      $("input").value = $("setup").value;
      update();
    }
  });
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
  const given = new URLSearchParams(window.location.search).get("input");
  if (given) $("input").value = given;
  await update();
}

start();
