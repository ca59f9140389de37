// @ts-check
// The user's own games: a variants file pasted or opened, checked by the
// service (POST /v1/variants), then sent with every request (api.js) so
// that its games are played like the service's own. Its games join the
// rules list and the named setups as the service's do, and their
// definitions are shown key by key from the check's answer.

import { api, setVariants } from "./api.js";
import { $, addItem, clear } from "./dom.js";
import { state } from "./state.js";
import { share } from "./share.js";

const page = state.page;

/**
 * The games of the file loaded, by name, as POST /v1/variants answers
 * each (its definition key by key and its rules).
 * @type {Map<string, any>}
 */
export const ownGames = new Map();

/**
 * The rules of the games of the file, taken out of the game they belong
 * to again (when another file replaces it).
 * @type {{ game: any, rules: any[] } | null}
 */
let added = null;

/**
 * Reads a variants file: its games checked by the service and, if the
 * file has no problem, played from now on. Problems go to `report` (the
 * file's list, or the address's sentences). Returns the names of the
 * games defined, or null when the file was refused.
 * @param {string} text
 * @param {(message: string) => void} report
 * @returns {Promise<string[] | null>}
 */
export async function loadVariants(text, report) {
  let answer;
  try {
    answer = await api("/v1/variants", { variants: text });
  } catch (e) {
    report(`The variants file cannot be used: ${/** @type {Error} */ (e).message.replace(/^"variants": /, "")}`);
    return null;
  }
  forget();
  /** @type {any[]} */
  const games = answer.games || [];
  for (const game of games) ownGames.set(game.name, game);
  const owner = page.games.find((g) => games.length && g.id === games[0].game);
  if (owner) {
    const rules = games.map((g) => g.rules);
    owner.rules = [...(owner.rules || []), ...rules];
    added = { game: owner, rules };
  }
  setVariants(text);
  addOptions(games);
  $("variants-forget").hidden = false;
  return games.map((g) => g.name);
}

/** Forgets the file loaded: its games leave the lists, requests go without it. */
export function forget() {
  if (added) {
    const { game, rules } = added;
    game.rules = (game.rules || []).filter((/** @type {any} */ r) => !rules.includes(r));
    added = null;
  }
  ownGames.clear();
  setVariants(null);
  for (const id of ["rules", "setup"]) {
    for (const group of Array.from($(id).querySelectorAll("optgroup[data-own]"))) group.remove();
  }
  $("variants-forget").hidden = true;
}

/**
 * The file's games in the rules list and their setups in the named
 * setups, each in a group of its own.
 * @param {any[]} games
 */
function addOptions(games) {
  if (!games.length) return;
  const rules = document.createElement("optgroup");
  rules.label = "your file";
  rules.dataset.own = "1";
  const setups = document.createElement("optgroup");
  setups.label = "your file";
  setups.dataset.own = "1";
  for (const game of games) {
    const option = document.createElement("option");
    option.value = game.rules.id;
    option.textContent = game.rules.tag;
    rules.appendChild(option);
    for (const name of game.rules.setups) {
      const setup = document.createElement("option");
      setup.value = `${game.rules.id}:${name}`;
      setup.dataset.rules = game.rules.id;
      setup.dataset.game = game.game;
      setup.textContent = `${game.rules.tag}: ${name}`;
      setups.appendChild(setup);
    }
  }
  $("rules").appendChild(rules);
  $("setup").appendChild(setups);
}

/**
 * The file's first game set up on the board: its rules picked and its
 * start position in the position box.
 * @param {string} name
 * @param {() => Promise<void>} update  reads the position box again
 */
async function playFirst(name, update) {
  const game = ownGames.get(name);
  const facts = page.games.find((g) => g.id === game.game);
  const written = await api("/v1/convert", {
    input: `${name}:standard`,
    rules: name,
    to: facts ? facts.position_notation : undefined,
  });
  $("rules").value = name;
  $("input").value = written.ok ? written.ok.output : `${name}:standard`;
  page.readAs = null;
  state.board.rootPending = true;
  await update();
}

/**
 * The file's box, its file picker and buttons.
 * @param {() => Promise<void>} update  reads the position box again
 */
export function setupVariants(update) {
  const messages = $("variants-messages");
  const load = async () => {
    clear(messages);
    const text = $("variants-input").value;
    if (!text.trim()) {
      addItem(messages, "Paste a variants file first, or open one.", "error");
      return;
    }
    const names = await loadVariants(text, (message) => {
      for (const line of message.split("\n")) addItem(messages, line, "error");
    });
    if (!names) return;
    if (!names.length) {
      addItem(messages, "The file defines no game.", "error");
      return;
    }
    addItem(messages, `Defined: ${names.join(", ")}. Pick one in the rules list, or play ${names[0]} now on the board.`, "valid");
    await playFirst(names[0], update);
    share();
  };
  $("variants-load").addEventListener("click", load);
  $("variants-file").addEventListener("change", async () => {
    const input = /** @type {HTMLInputElement} */ ($("variants-file"));
    const file = input.files && input.files[0];
    if (!file) return;
    $("variants-input").value = await file.text();
    await load();
  });
  $("variants-forget").addEventListener("click", async () => {
    const wasOwn = ownGames.has($("rules").value);
    forget();
    clear(messages);
    addItem(messages, "The file is forgotten: its games are no longer played.", "valid");
    if (wasOwn) {
      $("rules").value = "";
      state.board.rootPending = true;
      await update();
    }
    share();
  });
}
