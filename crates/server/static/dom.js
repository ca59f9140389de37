// @ts-check
// Small helpers over the document, shared by the page's modules.

/**
 * The element with the id `id`.
 * @param {string} id
 * @returns {any}
 */
export const $ = (id) => document.getElementById(id);

/**
 * Removes every child of `list`.
 * @param {Element} list
 */
export function clear(list) {
  while (list.firstChild) list.removeChild(list.firstChild);
}

/**
 * Adds an item with `text` (and the class `cls`) to `list`.
 * @param {Element} list
 * @param {string} text
 * @param {string} [cls]
 */
export function addItem(list, text, cls) {
  const li = document.createElement("li");
  li.textContent = text;
  if (cls) li.className = cls;
  list.appendChild(li);
}

/**
 * An API error as shown: its column first when it has one.
 * @param {{ column?: number, message: string }} error
 * @returns {string}
 */
export function errorText(error) {
  return error.column ? `column ${error.column}: ${error.message}` : error.message;
}

/**
 * Fills `select` with one option per id, unless it holds those ids
 * already; true when it was filled anew.
 * @param {HTMLSelectElement} select
 * @param {string[]} ids
 * @returns {boolean}
 */
export function fillIds(select, ids) {
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

/**
 * Says whether the page is waiting for the service (`data-busy`).
 * @param {boolean} busy
 */
export function setBusy(busy) {
  document.body.dataset.busy = busy ? "true" : "false";
}

/**
 * Copies `text` to the clipboard and says so in the element `note`.
 * @param {string} text
 * @param {string} note
 */
export async function copyText(text, note) {
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
