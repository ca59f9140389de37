// @ts-check
// A move's comment read for the commands PGN writers embed in it
// (`[%clk 0:03:00]`, `[%eval 0.25]`, `[%eval #-3]`): the clock and the
// evaluation shown as such, the rest as the comment's words.

/**
 * A comment cut into its words and its commands.
 * @typedef {object} Annotated
 * @property {string} text        the comment without its commands
 * @property {string | null} clock the clock after the move (`0:03:00`)
 * @property {number | null} eval  the evaluation in pawns, the first player's view
 * @property {number | null} mate  a mate in so many moves (negative: for the second player)
 */

/**
 * Reads the clock and evaluation commands out of a comment.
 * @param {string} comment
 * @returns {Annotated}
 */
export function annotate(comment) {
  /** @type {Annotated} */
  const out = { text: "", clock: null, eval: null, mate: null };
  out.text = comment
    .replace(/\[%(\w+)\s+([^\]]*)\]/g, (whole, name, value) => {
      const v = String(value).trim();
      if (name === "clk") {
        out.clock = v;
        return "";
      }
      if (name === "eval") {
        const first = v.split(",")[0].trim();
        const mate = /^#(-?\d+)$/.exec(first);
        if (mate) out.mate = Number(mate[1]);
        else if (/^-?\d+(\.\d+)?$/.test(first)) out.eval = Number(first);
        else return whole;
        return "";
      }
      // arrows and circles are drawn on the board
      if (name === "cal" || name === "csl") return "";
      return whole;
    })
    .replace(/\s+/g, " ")
    .trim();
  return out;
}

/**
 * An evaluation in words for the eye: `+0.25`, `−1.50`, `#3`, `#−2`.
 * @param {Annotated} a
 * @returns {string | null}
 */
export function evalText(a) {
  if (a.mate !== null) return `#${a.mate < 0 ? "−" + -a.mate : a.mate}`;
  if (a.eval === null) return null;
  return `${a.eval < 0 ? "−" : "+"}${Math.abs(a.eval).toFixed(2)}`;
}

/**
 * The comments of a move put in `parent`: each one's words, its clock and
 * its evaluation (with words for a screen reader).
 * @param {Element} parent
 * @param {string[]} comments
 * @param {(parent: Element, cls: string, text: string) => HTMLElement} add  adds a span
 */
export function showComments(parent, comments, add) {
  for (const comment of comments) {
    const a = annotate(comment);
    if (a.text) add(parent, "comment", `{${a.text}}`);
    if (a.clock) add(parent, "clock", `⏱ ${a.clock}`).setAttribute("aria-label", `clock ${a.clock}`);
    const shown = evalText(a);
    if (shown) {
      const span = add(parent, "eval", shown);
      const words =
        a.mate !== null
          ? `mate in ${Math.abs(a.mate)} for the ${a.mate < 0 ? "second" : "first"} player`
          : `${shown.startsWith("−") ? "minus" : "plus"} ${shown.slice(1)}`;
      span.setAttribute("aria-label", `evaluation: ${words}`);
    }
  }
}

/** A command a PGN writer embeds in a comment: `[%clk 0:03:00]`. */
const COMMAND = /\[%\w+[^\]]*\]/g;

/**
 * The words of a move's comments, their commands (clocks, evaluations,
 * arrows) left out: what a user edits.
 * @param {string[]} comments
 * @returns {string}
 */
export function commentWords(comments) {
  return comments
    .map((c) => c.replace(COMMAND, "").replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join(" ");
}

/**
 * The comments of a move with their words replaced by `words`: every
 * command kept, in one comment with the words after them; none when
 * nothing is left.
 * @param {string[]} comments
 * @param {string} words
 * @returns {string[]}
 */
export function withWords(comments, words) {
  const commands = comments.flatMap((c) => c.match(COMMAND) || []);
  const text = [...commands, words.replace(/[{}]/g, "").trim()].filter(Boolean).join(" ");
  return text ? [text] : [];
}
