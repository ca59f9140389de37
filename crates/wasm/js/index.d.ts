// TypeScript declarations of the npm package `polyfen`.

/** The JSON answer of the service to a request (see its OpenAPI document). */
export type Answer = { [key: string]: any };

/** An error of polyfen, with the fields of the service's error object. */
export declare class PolyfenError extends Error {
  readonly name: 'PolyfenError';
  /** Where in the input (1-based, in characters), when known. */
  readonly column?: number;
  /** The notation the input was read as. */
  readonly notation?: string;
  /** The moves an ambiguous move could be. */
  readonly candidates?: string[];
  /** For a game that could not be read: its number, from 1. */
  readonly game?: number;
  /** For a game that could not be read: the line of the error. */
  readonly line?: number;
  /** For a game that could not be read: what was read of it. */
  readonly partial?: Game | null;
  [field: string]: unknown;
}

/** Every endpoint of the service `call` answers (the path after `/v1/`). */
export type Endpoint =
  | 'convert'
  | 'validate'
  | 'render'
  | 'moves'
  | 'move'
  | 'perft'
  | 'laser'
  | 'explain'
  | 'games/convert'
  | 'variants'
  | 'games'
  | 'info'
  | 'openapi.json'
  | 'schemas/position'
  | 'schemas/game'
  | `variants/${string}`;

/**
 * The service's answer to `request` at `endpoint`: the same JSON
 * `POST /v1/<endpoint>` answers (`{ok}`, `{results}` or `{error}`), under
 * the service's default budgets. `request` is an object or its JSON text.
 */
export declare function call(endpoint: Endpoint, request?: object | string): Answer;

/** `call`, with the HTTP status the service answers with. */
export declare function callWithStatus(
  endpoint: Endpoint,
  request?: object | string,
): { status: number; answer: Answer };

/** `GET /v1/games`: every game's facts and every record format. */
export declare function games(): { games: Answer[]; record_formats: Answer[] };

/** Defines the games of a variants file for the life of the module. */
export declare function loadVariants(text: string): { game: string; rules: string }[];

/** How to read a position. */
export interface ReadOptions {
  /** The notation (default: detected). */
  notation?: string;
  /** The rules variant of its game (any of its names). */
  rules?: string;
  /** Take the common mistakes, each repaired. */
  lenient?: boolean;
}

/** A position read once and asked many things. */
export declare class Position {
  private constructor();
  /** Reads `text` (or a named setup, `VARIANT:NAME`). Throws a PolyfenError. */
  static read(text: string, options?: ReadOptions): Position;
  /** The notation it was read in. */
  readonly notation: string;
  /** Its game. */
  readonly variant: string;
  /** Its rules variant, or null. */
  readonly rules: string | null;
  /** Written in `notation` (by default its game's own). */
  to(notation?: string): string;
  /** Whether it is a legal position of its game, and what is wrong. */
  validate(): { valid: boolean; violations: string[] };
  /** Its legal moves in `notation` (by default the game's first). */
  moves(notation?: string): string[];
  /** Plays `move` (any move notation of the game): it, written in `notation`. */
  play(move: string, notation?: string): string;
  /** The position cut into its parts, with every notation of its game. */
  explain(): Answer;
  /** A copy, to play on apart. */
  clone(): Position;
  /** Lets go of its memory now (else when it is collected). */
  free(): void;
  toString(): string;
}

/** A game's JSON form, as `games/convert` answers it. */
export interface Game {
  variant: string;
  rules?: string | null;
  tags: [string, string][];
  start: string;
  notation: string;
  mainline: string[];
  /** The position after the main line. */
  end: string;
  result: string;
  /** How the main line ends (checkmate, a draw...), in words. */
  status: string;
  comments: string[];
  [field: string]: unknown;
}

/** How to read games. */
export interface GamesOptions {
  /** The format (default: found from the input). */
  format?: string;
  /** Take the common mistakes, each repaired. */
  lenient?: boolean;
}

/**
 * The games of a text or of bytes, one by one: each game's JSON form, or a
 * PolyfenError for a game that could not be read.
 */
export declare function readGames(
  input: string | Uint8Array | ArrayBuffer,
  options?: GamesOptions,
): Generator<Game | PolyfenError, void, undefined>;

/** The version of polyfen. */
export declare const version: string;

declare const polyfen: {
  call: typeof call;
  callWithStatus: typeof callWithStatus;
  games: typeof games;
  loadVariants: typeof loadVariants;
  Position: typeof Position;
  readGames: typeof readGames;
  PolyfenError: typeof PolyfenError;
  version: string;
};
export default polyfen;
