// @ts-check
// The analysis board's move tree as pure functions, with no document: the
// nodes, their paths, the numbering of moves, promoting and deleting a
// variation, and the tree in the game's JSON form (docs/game.schema.json),
// the form the server reads it back from and writes PGN of.

/**
 * One move of the tree; the root is the start position (no move).
 * @typedef {object} TreeNode
 * @property {number} id
 * @property {TreeNode | null} parent
 * @property {TreeNode[]} children   the main move first, then its alternatives
 * @property {string} move           the move as shown, in the tree's notation
 * @property {string} coordinates    the move in the game's coordinates
 * @property {number[]} nags
 * @property {string[]} comments     after the move
 * @property {string[]} opening      before the move, when it opens a variation
 * @property {string | null} position  the position after the move, once known
 */

/**
 * The number of a game's first move and whether the second player makes it.
 * @typedef {{ number: number, second: boolean }} Numbering
 */

/**
 * @typedef {object} Tree
 * @property {string} variant
 * @property {string | null} rules   the rules variant, null for the game's own
 * @property {string} start          the start in the game's position notation
 * @property {[string, string][]} tags
 * @property {string} result
 * @property {string | null} notation  the move notation shown
 * @property {Numbering} numbering
 * @property {TreeNode} root
 */

/**
 * A move of a game's JSON form.
 * @typedef {object} NodeJson
 * @property {string} move
 * @property {string} coordinates
 * @property {number[]} [nags]
 * @property {string[]} [comments]
 * @property {{ comments?: string[], moves: NodeJson[] }[]} [variations]
 */

/**
 * A game's JSON form, as games/convert answers it (with `positions` and
 * `numbering` when asked) and reads it back.
 * @typedef {object} GameJson
 * @property {string} variant
 * @property {string | null} rules
 * @property {[string, string][]} tags
 * @property {string} start
 * @property {string} result
 * @property {string[]} [comments]
 * @property {NodeJson[]} moves
 * @property {string} [notation]
 * @property {string[]} [mainline]
 * @property {string[]} [positions]
 * @property {Numbering} [numbering]
 */

/**
 * What the page knows of a game: GET /v1/games's facts of it.
 * @typedef {object} GameFacts
 * @property {string} id
 * @property {{ name: string, x: number, y: number, size: number }[]} squares  the top rank first
 * @property {string} coordinates       the move notation that names a move's squares
 * @property {number} files
 * @property {number} ranks
 * @property {string} position_notation
 * @property {string} record_notation
 * @property {string[]} move_notations
 * @property {string} start
 * @property {string[]} pieces
 * @property {string[]} sides
 * @property {Record<string, string[]>} square_fields
 * @property {Record<string, any>} fields
 * @property {string[]} [player_tags]  the tags that name a player, the game's own first
 * @property {boolean} laser
 * @property {{ id: string, aliases: string[], tag: string, setups: string[] }[]} [rules]
 * @property {[string, string][]} tag_defaults  the tags a game without tags is written with
 * @property {RegExp} [pattern]         made here from the squares' names
 */

/**
 * A coordinate move cut into its squares and what follows them.
 * @typedef {{ from: string | null, to: string | null, rest: string, drop?: string }} Cut
 */

/** @type {Numbering} */
export const FIRST_MOVE = { number: 1, second: false };

let nextId = 1;

/**
 * A node under `parent` with the move `fields` (at least its coordinates).
 * @param {TreeNode | null} parent
 * @param {{ coordinates: string, move?: string, nags?: number[], comments?: string[], opening?: string[] }} fields
 * @returns {TreeNode}
 */
export function newNode(parent, fields) {
  return {
    id: nextId++,
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

/**
 * A tree of no moves from `start`.
 * @param {{ variant: string, rules: string | null, start: string, notation: string | null }} game
 * @returns {Tree}
 */
export function emptyTree(game) {
  return { ...game, tags: [], result: "*", numbering: FIRST_MOVE, root: newNode(null, { coordinates: "" }) };
}

/**
 * A game's JSON form (games/convert) as a tree of nodes, moves shown in
 * `notation`.
 * @param {GameJson} game
 * @param {string | null} notation
 * @returns {Tree}
 */
export function treeOf(game, notation) {
  const root = newNode(null, { coordinates: "" });
  root.comments = game.comments || [];
  root.position = game.start;
  /** @type {(parent: TreeNode, moves: NodeJson[], opening: string[]) => void} */
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
  return {
    variant: game.variant,
    rules: game.rules || null,
    start: game.start,
    tags,
    result: game.result || "*",
    notation,
    numbering: game.numbering || FIRST_MOVE,
    root,
  };
}

/**
 * The tree in the game's JSON form, its moves in coordinates: what
 * games/convert reads back (as `game`) to write it in any notation.
 * @param {Tree} tree
 * @returns {GameJson}
 */
export function gameJsonOf(tree) {
  const comments = [...tree.root.comments];
  /** @type {(node: TreeNode) => NodeJson} */
  const one = (node) => ({ move: node.coordinates, coordinates: node.coordinates, nags: node.nags, comments: [...node.comments], variations: [] });
  /** @type {(from: TreeNode, before: string[]) => NodeJson[]} */
  const line = (from, before) => {
    /** @type {NodeJson[]} */
    const moves = [];
    let at = from;
    let after = before;
    while (at.children.length) {
      const [main, ...others] = at.children;
      // comments before a move of the line (a variation promoted to it)
      // follow the move before
      after.push(...main.opening);
      const json = one(main);
      json.variations = others.map((other) => {
        const first = one(other);
        return { comments: other.opening, moves: [first, ...line(other, /** @type {string[]} */ (first.comments))] };
      });
      moves.push(json);
      after = /** @type {string[]} */ (json.comments);
      at = main;
    }
    return moves;
  };
  const moves = line(tree.root, comments);
  /** @type {GameJson} */
  const game = { variant: tree.variant, tags: tree.tags, start: tree.start, result: tree.result || "*", comments, moves };
  if (tree.rules) game.rules = tree.rules;
  return game;
}

/**
 * The path from the root to `node`, as child indices.
 * @param {TreeNode | null} node
 * @returns {number[]}
 */
export function pathOf(node) {
  /** @type {number[]} */
  const path = [];
  for (let at = node; at && at.parent; at = at.parent) path.unshift(at.parent.children.indexOf(at));
  return path;
}

/**
 * The node at `path`, or the last node on the way that exists.
 * @param {Tree} tree
 * @param {number[]} path
 * @returns {TreeNode}
 */
export function nodeAt(tree, path) {
  let at = tree.root;
  for (const i of path) {
    if (!at.children[i]) break;
    at = at.children[i];
  }
  return at;
}

/**
 * The coordinates of the moves from the root to `node`.
 * @param {TreeNode} node
 * @returns {string[]}
 */
export function movesTo(node) {
  /** @type {string[]} */
  const moves = [];
  for (let at = node; at.parent; at = at.parent) moves.unshift(at.coordinates);
  return moves;
}

/**
 * Whether `node` is off the main line.
 * @param {TreeNode | null} node
 * @returns {boolean}
 */
export function inVariation(node) {
  return pathOf(node).some((i) => i > 0);
}

/**
 * The node the move `coordinates` from `here` leads to: the tree's when it
 * has it, else a new one (a new variation when `here` has a next move).
 * @param {TreeNode} here
 * @param {string} coordinates
 * @returns {{ node: TreeNode, added: boolean }}
 */
export function addMove(here, coordinates) {
  const found = here.children.find((c) => c.coordinates === coordinates);
  if (found) return { node: found, added: false };
  const node = newNode(here, { coordinates });
  here.children.push(node);
  return { node, added: true };
}

/**
 * The variation `node` is in moves one place up among its siblings (to the
 * main line when it is the first alternative); false when it is on the
 * main line.
 * @param {TreeNode} node
 * @returns {boolean}
 */
export function promote(node) {
  /** @type {TreeNode | null} */
  let at = node;
  while (at && at.parent && at.parent.children.indexOf(at) === 0) at = at.parent;
  if (!at || !at.parent) return false;
  const siblings = at.parent.children;
  const i = siblings.indexOf(at);
  [siblings[i - 1], siblings[i]] = [siblings[i], siblings[i - 1]];
  return true;
}

/**
 * Takes `node` and everything after it out of the tree; its parent, or
 * null for the root.
 * @param {TreeNode} node
 * @returns {TreeNode | null}
 */
export function remove(node) {
  const parent = node.parent;
  if (!parent) return null;
  parent.children.splice(parent.children.indexOf(node), 1);
  return parent;
}

/**
 * One step from `cursor`: back, on along the line, or to either end.
 * @param {Tree} tree
 * @param {TreeNode} cursor
 * @param {"first" | "prev" | "next" | "last"} where
 * @returns {TreeNode}
 */
export function step(tree, cursor, where) {
  let to = cursor;
  if (where === "prev") to = cursor.parent || cursor;
  if (where === "next") to = cursor.children[0] || cursor;
  if (where === "first") to = tree.root;
  if (where === "last") while (to.children.length) to = to.children[0];
  return to;
}

/**
 * The number of the move `ply` plies after the start (0: the first), and
 * whether the first player makes it.
 * @param {Numbering} numbering
 * @param {number} ply
 * @returns {{ number: number, first: boolean }}
 */
export function moveNumber(numbering, ply) {
  const half = ply + (numbering.second ? 1 : 0);
  return { number: numbering.number + Math.floor(half / 2), first: half % 2 === 0 };
}

/**
 * How the move `ply` plies after the start is numbered: `3.` before the
 * first player's move, `3…` before the second's when `always` (after a
 * comment or a variation, or first in a line), else null.
 * @param {Numbering} numbering
 * @param {number} ply
 * @param {boolean} always
 * @returns {string | null}
 */
export function numberLabel(numbering, ply, always) {
  const { number, first } = moveNumber(numbering, ply);
  if (first) return `${number}.`;
  return always ? `${number}…` : null;
}

/** The symbols of the common numeric annotation glyphs. */
export const NAGS = /** @type {Record<number, string>} */ ({
  1: "!",
  2: "?",
  3: "!!",
  4: "??",
  5: "!?",
  6: "?!",
  10: "=",
  13: "∞",
  14: "+=",
  15: "=+",
  16: "±",
  17: "∓",
  18: "+−",
  19: "−+",
});

/** The NAGs a user picks, in two groups of which a move has one each: the move's, the position's. */
export const NAG_GROUPS = [
  [1, 2, 3, 4, 5, 6],
  [10, 13, 14, 15, 16, 17, 18, 19],
];

/**
 * A move's NAGs with `nag` set, or taken away when it is there: one of a
 * group replaces the group's other (a move is not both `!` and `?`).
 * @param {number[]} nags
 * @param {number} nag
 * @returns {number[]}
 */
export function toggleNag(nags, nag) {
  if (nags.includes(nag)) return nags.filter((n) => n !== nag);
  const group = NAG_GROUPS.find((g) => g.includes(nag)) || [nag];
  return [...nags.filter((n) => !group.includes(n)), nag].sort((a, b) => a - b);
}

/**
 * A NAG as shown: its symbol, or `$n`.
 * @param {number} nag
 * @returns {string}
 */
export function nagText(nag) {
  return NAGS[nag] || `$${nag}`;
}

/**
 * A coordinate move cut into its squares and what follows them: `e7e8q`
 * is e7, e8 and `q`; Khet's `c1+` is c1 and `+`; a drop (`P*5e`) has no
 * first square, its target, and the prefix that names the piece dropped.
 * The squares are the game's, as GET /v1/games names them.
 * @param {GameFacts | null} game
 * @param {string} move
 * @returns {Cut}
 */
export function cutMove(game, move) {
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

/**
 * The squares a coordinate move names, to mark on the board.
 * @param {GameFacts | null} game
 * @param {string | undefined} move
 * @returns {string[]}
 */
export function squaresOf(game, move) {
  if (!move) return [];
  const cut = cutMove(game, move);
  return /** @type {string[]} */ ([cut.from, cut.to].filter(Boolean));
}
