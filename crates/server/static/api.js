// @ts-check
// The page's one way to the JSON API. A variants file the user loaded
// (setVariants) goes with every request, as its `variants`: the games it
// defines are the request's own, the service keeps nothing of them.

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
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(sent),
  });
  const answer = await response.json();
  if (answer.error && !("ok" in answer) && response.status !== 422) {
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
  const response = await fetch(path);
  return response.json();
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
