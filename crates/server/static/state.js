// @ts-check
// The page's state, in one object every module imports: what the server
// said of the games, the position shown, the analysis board, the game
// record viewer and the part-by-part view. Nothing else of the page is
// mutable across modules.

/** @typedef {import("./tree.js").Tree} Tree */
/** @typedef {import("./tree.js").TreeNode} TreeNode */
/** @typedef {import("./tree.js").GameFacts} GameFacts */
/** @typedef {import("./tree.js").GameJson} GameJson */
/** @typedef {import("./tree.js").Cut} Cut */

/**
 * A legal move of the position shown, in coordinates, cut into its squares.
 * @typedef {Cut & { move: string }} LegalMove
 */

/**
 * The board editor's work: the position's JSON form and what is placed.
 * @typedef {object} Editing
 * @property {Record<string, any>} form   the position's JSON form
 * @property {GameFacts} game
 * @property {string} piece               the letter placed ("" empties)
 * @property {Record<string, string>} fields  the per-square fields of new pieces
 * @property {string | null} castling  the castling rights wished for (null: the game has none)
 * @property {string[] | null} possible  the castling rights the kings and rooks allow now
 * @property {string[] | null} held      the letters (the first player's) a hand or pocket may hold
 */

/**
 * @typedef {object} PageState
 * @property {any} info            GET /v1/info
 * @property {GameFacts[]} games   GET /v1/games's games
 * @property {"board" | "games"} keysFor  which moves the arrow keys step through
 * @property {boolean} laser       whether the service fires lasers
 * @property {string | null} variant   the game of the position shown
 * @property {string | null} notation  the notation it was read as
 * @property {number} seq          the latest update of the position
 * @property {ReturnType<typeof setTimeout> | undefined} timer
 * @property {string | null} typed the text a named setup replaced
 * @property {string | null} note  what became of a game record pasted in the position box
 * @property {string | null} readAs  the notation the board wrote the position box's text in (null: typed)
 */

/**
 * @typedef {object} BoardState
 * @property {Tree | null} tree
 * @property {TreeNode | null} cursor   the node whose position is shown
 * @property {LegalMove[]} legal
 * @property {string | null} selected   the square of the piece selected
 * @property {string | null} dropping   the drop prefix of the piece in hand chosen (`P*`)
 * @property {boolean | "if-changed"} rootPending  the next position read starts a new tree
 *   (when "if-changed", only if it is not the position shown)
 * @property {Editing | null} editing
 * @property {boolean} flipped
 * @property {number} syncSeq
 * @property {string | null} focus      the square with the keyboard's focus
 * @property {boolean} keyed            the last square was chosen with the keys (the focus stays on the board)
 * @property {string | null} wanted     the move notation the address asked for
 * @property {LegalMove[]} choice       the moves offered as buttons
 * @property {import("./standing.js").Standing} standing  what /v1/moves said of the game at the position shown
 * @property {boolean} resultAuto       the tree's result was given by the end its main line reached
 * @property {{ name: string, x: number, y: number, size: number }[]} squares  where the board drawn puts each square
 * @property {GameFacts | null} cutter  the game's facts with the squares of the board drawn, which cut its moves
 */

/**
 * @typedef {object} RecordsState
 * @property {any[]} list          games/convert's items
 * @property {GameJson | null} game   the game shown
 * @property {number} ply
 * @property {number} seq
 * @property {ReturnType<typeof setTimeout> | undefined} timer
 * @property {string | null} data  a file's bytes, base64
 * @property {string | null} chosen   the move notation picked
 */

/**
 * @typedef {object} ExplainState
 * @property {any} position        /v1/explain's answer for the position
 * @property {number} moveSeq
 * @property {ReturnType<typeof setTimeout> | undefined} moveTimer
 */

/**
 * @typedef {object} State
 * @property {PageState} page
 * @property {BoardState} board
 * @property {RecordsState} records
 * @property {ExplainState} explain
 */

/** @type {State} */
export const state = {
  page: { info: null, games: [], keysFor: "board", laser: false, variant: null, notation: null, seq: 0, timer: undefined, typed: null, note: null, readAs: null },
  board: {
    tree: null,
    cursor: null,
    legal: [],
    selected: null,
    dropping: null,
    rootPending: true,
    editing: null,
    flipped: false,
    syncSeq: 0,
    focus: null,
    keyed: false,
    wanted: null,
    choice: [],
    standing: {},
    resultAuto: false,
    squares: [],
    cutter: null,
  },
  records: { list: [], game: null, ply: 0, seq: 0, timer: undefined, data: null, chosen: null },
  explain: { position: null, moveSeq: 0, moveTimer: undefined },
};

/** Where the browser keeps the game of the position shown last. */
const LAST_GAME = "polyfen.lastGame";

/**
 * The game of the position shown last in this browser, if it kept one.
 * @returns {string | null}
 */
export function lastGame() {
  try {
    return window.localStorage.getItem(LAST_GAME);
  } catch {
    return null;
  }
}

/**
 * Keeps `variant` as the game the page opens on next time.
 * @param {string} variant
 */
export function rememberGame(variant) {
  try {
    window.localStorage.setItem(LAST_GAME, variant);
  } catch {
    // a browser that keeps nothing opens on the first game
  }
}

/**
 * The facts of a game as GET /v1/games gives them: its squares as the SVG
 * diagram draws them, its coordinate move notation, its piece letters.
 * @param {string | null | undefined} variant
 * @returns {GameFacts | null}
 */
export function facts(variant) {
  return state.page.games.find((g) => g.id === variant) || null;
}
