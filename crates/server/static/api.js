// @ts-check
// The page's one way to the JSON API. A variants file the user loaded
// (setVariants) goes with every request, as its `variants`: the games it
// defines are the request's own, the service keeps nothing of them.
// Served by `polyfen serve`, the page calls its `/v1`; served as static
// files (`cargo xtask site`), where there is no `/v1` to call, it calls the
// WebAssembly module beside it (`pkg/`, the npm package), which answers
// every endpoint with the same JSON.

/** The module, once loaded; null while the service answers. */
let module = /** @type {Promise<any> | null} */ (null);

/** Where the page's answers come from: the service, or the module. */
let chosen = /** @type {Promise<any> | null} */ (null);

/**
 * The module when there is no service to call (null when there is).
 * @returns {Promise<any>}
 */
function backend() {
  chosen ??= (async () => {
    try {
      const response = await fetch("/v1/info");
      if (response.ok && (response.headers.get("content-type") || "").includes("json")) return null;
    } catch {
      // no service: the module answers
    }
    module ??= import(new URL("./pkg/index.js", import.meta.url).href);
    return module;
  })();
  return chosen;
}

/**
 * Whether the page's answers come from the module (no service behind it).
 * @returns {Promise<boolean>}
 */
export async function standalone() {
  return (await backend()) !== null;
}

/**
 * The status and the JSON answer of `path` (`/v1/...`) with `body` (a GET
 * when undefined), from the service or else the module.
 * @param {string} path
 * @param {object | undefined} body
 * @returns {Promise<{ status: number, answer: any }>}
 */
async function exchange(path, body) {
  const polyfen = await backend();
  if (polyfen) {
    return polyfen.callWithStatus(path.replace(/^\/v1\//, ""), body === undefined ? "" : body);
  }
  const response =
    body === undefined
      ? await fetch(path)
      : await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, answer: await response.json() };
}

/** The text of the user's variants file, sent with every request. */
let variants = /** @type {string | null} */ (null);

/**
 * Sends the text of a variants file with every request from now on
 * (null: none).
 * @param {string | null} text
 */
export function setVariants(text) {
  variants = text;
}

/**
 * The text of the variants file sent with every request, if any.
 * @returns {string | null}
 */
export function ownVariants() {
  return variants;
}

/**
 * POSTs `body` to `path` and returns the answer: `{ok}` or `{error}` for
 * an input (a 422 is an answer too); a refused request throws its message.
 * @param {string} path
 * @param {object} body
 * @returns {Promise<any>}
 */
export async function api(path, body) {
  const sent = variants !== null && !("variants" in body) ? { ...body, variants } : body;
  const { status, answer } = await exchange(path, sent);
  if (answer.error && !("ok" in answer) && status !== 422) {
    throw new Error(answer.error.message);
  }
  return answer;
}

/**
 * GETs the JSON at `path`.
 * @param {string} path
 * @returns {Promise<any>}
 */
export async function getJson(path) {
  return (await exchange(path, undefined)).answer;
}

/**
 * GETs the JSON at `path` with its status.
 * @param {string} path
 * @returns {Promise<{ status: number, answer: any }>}
 */
export async function getAnswer(path) {
  return exchange(path, undefined);
}

/**
 * The first game of a games/convert answer, or an error item saying there
 * is none.
 * @param {any} answer
 * @param {string} none  the message when there is no game
 * @returns {{ ok?: any, error?: any }}
 */
export function firstGame(answer, none) {
  return (answer.games || [])[0] || { error: { message: none } };
}
