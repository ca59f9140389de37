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
    const [drawn] = await Promise.all([api("/v1/render", { ...request, style: "svg" }), convert(seq)]);
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
  await update();
}

start();
