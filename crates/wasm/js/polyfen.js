// The package's API over the WebAssembly module's exports (`wasm`): one
// text that `cargo xtask wasm` wraps in each entry point's module syntax
// (browsers and bundlers, Node's import, Node's require).
function makePolyfen(wasm) {
  /** An error of polyfen, with the fields of the service's error object. */
  class PolyfenError extends Error {
    constructor(error) {
      super(error.message);
      this.name = 'PolyfenError';
      for (const [key, value] of Object.entries(error)) {
        if (key !== 'message') this[key] = value;
      }
    }
  }

  // What the module throws (an error's JSON text) as a PolyfenError.
  const thrown = (error) => {
    if (typeof error !== 'string') return error;
    try {
      return new PolyfenError(JSON.parse(error));
    } catch {
      return new PolyfenError({ message: error });
    }
  };
  const guard = (work) => {
    try {
      return work();
    } catch (error) {
      throw thrown(error);
    }
  };
  const body = (request) => (typeof request === 'string' ? request : JSON.stringify(request ?? {}));

  /** The service's answer to `request` at `endpoint`, with its status. */
  function callWithStatus(endpoint, request) {
    const reply = wasm.callText(String(endpoint), body(request));
    try {
      return { status: reply.status, answer: JSON.parse(reply.body) };
    } finally {
      reply.free();
    }
  }

  /** The service's answer to `request` at `endpoint` (`POST /v1/<endpoint>`). */
  function call(endpoint, request) {
    return callWithStatus(endpoint, request).answer;
  }

  /** `GET /v1/games`: every game's facts and every record format. */
  function games() {
    return JSON.parse(wasm.games());
  }

  /** Defines the games of a variants file for the life of the module. */
  function loadVariants(text) {
    return guard(() => JSON.parse(wasm.loadVariants(String(text)))).map(([game, rules]) => ({ game, rules }));
  }

  /** A position read once and asked many things. */
  class Position {
    #inner;

    constructor(inner) {
      if (!(inner instanceof wasm.Position)) {
        throw new TypeError('read a position with Position.read(text, options)');
      }
      this.#inner = inner;
    }

    /** Reads `text` in `notation` (or the one detected), under `rules`. */
    static read(text, { notation, rules, lenient = false } = {}) {
      return new Position(guard(() => wasm.Position.read(String(text), notation, rules, Boolean(lenient))));
    }

    /** The notation it was read in. */
    get notation() {
      return this.#inner.notation;
    }

    /** Its game. */
    get variant() {
      return this.#inner.variant;
    }

    /** Its rules variant, or null. */
    get rules() {
      return this.#inner.rules ?? null;
    }

    /** Written in `notation` (by default its game's own). */
    to(notation) {
      return guard(() => this.#inner.to(notation));
    }

    /** Whether it is a legal position of its game, and what is wrong. */
    validate() {
      const violations = this.#inner.violations();
      return { valid: violations.length === 0, violations };
    }

    /** Its legal moves in `notation` (by default the game's first). */
    moves(notation) {
      return guard(() => this.#inner.moves(notation));
    }

    /** Plays `move` (any move notation of the game): it, written in `notation`. */
    play(move, notation) {
      return guard(() => this.#inner.play(String(move), notation));
    }

    /** The position cut into its parts, with every notation of its game. */
    explain() {
      const request = { input: this.to() };
      if (this.rules !== null) request.rules = this.rules;
      const { answer } = callWithStatus('explain', request);
      if (answer.error) throw new PolyfenError(answer.error);
      return answer.ok;
    }

    /** A copy, to play on apart. */
    clone() {
      return new Position(this.#inner.clone());
    }

    /** Lets go of its memory now (else when it is collected). */
    free() {
      this.#inner.free();
    }

    toString() {
      return this.to();
    }
  }

  /**
   * The games of a text or of bytes (PGN, XQF, CBR, CBL, CBF, DhtmlXQ,
   * KIF, KI2, CSA, JKF, USI; `format` to name one), one by one: each
   * game's JSON form, or a PolyfenError (with `game`, `line`, `column` and
   * `partial`) for a game that could not be read.
   */
  function* readGames(input, { format, lenient = false } = {}) {
    let bytes;
    if (typeof input === 'string') bytes = new TextEncoder().encode(input);
    else if (input instanceof Uint8Array) bytes = input;
    else if (input instanceof ArrayBuffer) bytes = new Uint8Array(input);
    else throw new TypeError('readGames takes a string, a Uint8Array or an ArrayBuffer');
    const reader = guard(() => new wasm.GameReader(bytes, format, Boolean(lenient)));
    try {
      for (let text = reader.next(); text !== undefined; text = reader.next()) {
        const item = JSON.parse(text);
        yield item.ok !== undefined ? item.ok : new PolyfenError(item.error);
      }
    } finally {
      reader.free();
    }
  }

  return { call, callWithStatus, games, loadVariants, Position, readGames, PolyfenError, version: wasm.version() };
}
