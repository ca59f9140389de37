// @ts-check
// What the board shows of the game beside its pieces, as the `moves`
// answer says it (its status, result, royal pieces in check, counters),
// put in words for the page: pure functions, no document.

/**
 * The standing of a position, as /v1/moves and /v1/move answer it.
 * @typedef {object} Standing
 * @property {string} [status]     a GameStatus id: `ongoing`, `checkmate`, `fifty-moves`
 * @property {string} [result]     `1-0`, `0-1` or `1/2-1/2` once the game is over
 * @property {string[]} [check]    the squares of the royal pieces in check
 * @property {{ side: string, name: string, count: number }[]} [counters]
 */

/**
 * A side's name as a sentence starts with it: `white` is `White`.
 * @param {string} side
 * @returns {string}
 */
function capital(side) {
  return side.charAt(0).toUpperCase() + side.slice(1);
}

/**
 * The sentence the board shows under it for `standing`, with the game's
 * `sides` (its first player first): "Checkmate: 0-1, black wins.", "Check.",
 * "Fifty moves: the game may be claimed a draw."; "" while the game goes on
 * with no check.
 * @param {Standing} standing
 * @param {string[]} sides
 * @returns {string}
 */
export function standingText(standing, sides) {
  const status = standing.status || "ongoing";
  const reason = status === "ongoing" ? "" : capital(status.replace(/-/g, " "));
  if (standing.result) {
    const [first, second] = [sides[0] || "the first player", sides[1] || "the second player"];
    const who =
      standing.result === "1-0" ? `${first} wins` : standing.result === "0-1" ? `${second} wins` : "a draw";
    return `${reason || "Game over"}: ${standing.result}, ${who}.`;
  }
  if (reason) return `${reason}: the game may end here.`;
  return standing.check && standing.check.length ? "Check." : "";
}

/**
 * The counters in words, each side's: "Checks still to give: white 2,
 * black 3."; "" for none.
 * @param {Standing} standing
 * @returns {string}
 */
export function countersText(standing) {
  const counters = standing.counters || [];
  /** @type {Map<string, string[]>} */
  const byName = new Map();
  for (const c of counters) byName.set(c.name, [...(byName.get(c.name) || []), `${c.side} ${c.count}`]);
  return Array.from(byName, ([name, sides]) => `${capital(name)}: ${sides.join(", ")}.`).join(" ");
}

/**
 * The result a tree's game has when the position at the end of its main
 * line is `standing`: its result once the game is over, else `*` when the
 * tree's result was given by an earlier end (`auto`), else as it was.
 * @param {string} result    the tree's result
 * @param {boolean} auto     whether the page set that result from an end
 * @param {Standing} standing
 * @returns {{ result: string, auto: boolean }}
 */
export function treeResult(result, auto, standing) {
  if (standing.result && (result === "*" || auto)) return { result: standing.result, auto: true };
  if (!standing.result && auto) return { result: "*", auto: false };
  return { result, auto };
}
