// polyfen's npm package against chessops (lichess's library) and ffish.js
// (Fairy-Stockfish as WebAssembly), in one Node process, on the same
// inputs: reading and writing FENs, the SAN of every legal move, PGN with
// every move checked, and the legal moves of the data-defined games'
// positions. Run it from a project that installed the three packages (see
// README.md beside this file); the corpus is ../shared/corpus beside the
// repository.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, dirname } from 'node:path';
import { Position, readGames, loadVariants } from 'polyfen';
import { parseFen, makeFen } from 'chessops/fen';
import { Chess } from 'chessops/chess';
import { makeSan, parseSan } from 'chessops/san';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { createRequire } from 'node:module';

// ffish.js is a CommonJS module of Emscripten's, which on Node 18 and
// later would fetch its .wasm by path (and fail): without fetch while it
// loads, it reads the file
const savedFetch = globalThis.fetch;
delete globalThis.fetch;
const ffishModule = createRequire(import.meta.url)('ffish');

const repo = process.env.POLYFEN_REPO ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const corpus = join(repo, '..', 'shared', 'corpus');
const rounds = Number(process.env.ROUNDS ?? 5);

/** The best of `rounds` runs of `work`, in milliseconds, and its result. */
function best(work) {
  let fastest = Infinity;
  let result;
  for (let i = 0; i < rounds; i++) {
    const started = process.hrtime.bigint();
    result = work();
    const spent = Number(process.hrtime.bigint() - started) / 1e6;
    fastest = Math.min(fastest, spent);
  }
  return { ms: fastest, result };
}

const rows = [];
function compare(name, ours, theirs, peer) {
  const a = best(ours);
  const b = best(theirs);
  if (JSON.stringify(a.result) !== JSON.stringify(b.result)) {
    console.error(`${name}: the two answer differently: ${JSON.stringify(a.result)} / ${JSON.stringify(b.result)}`);
  }
  rows.push({ job: name, polyfen_ms: a.ms.toFixed(1), [`peer_ms`]: b.ms.toFixed(1), peer, ratio: (b.ms / a.ms).toFixed(2), checked: JSON.stringify(a.result) });
}

// ---- FEN: read and write 100k (the 10k positions of the corpus, ten times)
const fens = readFileSync(join(corpus, 'chess', 'cozy_valid.sfens'), 'utf8').split('\n').filter((l) => l.trim());
const many = Array.from({ length: 100_000 }, (_, i) => fens[i % fens.length]);
compare(
  'read and write 100k FENs',
  () => {
    let bytes = 0;
    for (const fen of many) {
      const position = Position.read(fen, { notation: 'fen' });
      bytes += position.to('fen').length;
      position.free();
    }
    return bytes > 0;
  },
  () => {
    let bytes = 0;
    for (const fen of many) bytes += makeFen(parseFen(fen).unwrap()).length;
    return bytes > 0;
  },
  'chessops',
);

// ---- SAN of every legal move of 10k positions
const promotions = ['queen', 'rook', 'bishop', 'knight'];
compare(
  'SAN of every legal move, 10k positions',
  () => {
    let moves = 0;
    for (const fen of fens) {
      const position = Position.read(fen, { notation: 'fen' });
      moves += position.moves('san').length;
      position.free();
    }
    return moves;
  },
  () => {
    let moves = 0;
    for (const fen of fens) {
      const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
      for (const [from, dests] of pos.allDests()) {
        const piece = pos.board.get(from);
        for (const to of dests) {
          const last = to >> 3 === 7 || to >> 3 === 0;
          if (piece.role === 'pawn' && last) {
            for (const promotion of promotions) {
              makeSan(pos, { from, to, promotion });
              moves += 1;
            }
          } else {
            makeSan(pos, { from, to });
            moves += 1;
          }
        }
      }
    }
    return moves;
  },
  'chessops',
);

// ---- 10 MB of PGN, every move checked
const onePgn = readFileSync(join(corpus, 'pgn', 'lichess_db_1000k.pgn'), 'utf8');
const pgn = Array.from({ length: 10 }, () => onePgn).join('\n');
const pgnBytes = new TextEncoder().encode(pgn);
compare(
  `read ${(pgnBytes.length / 1e6).toFixed(1)} MB of PGN, every move checked`,
  () => {
    let moves = 0;
    for (const game of readGames(pgnBytes)) if (game.mainline) moves += game.mainline.length;
    return moves;
  },
  () => {
    let moves = 0;
    for (const game of parsePgn(pgn)) {
      const start = startingPosition(game.headers);
      if (start.isErr) continue;
      const pos = start.value;
      for (const node of game.moves.mainline()) {
        const move = parseSan(pos, node.san);
        if (!move) break;
        pos.play(move);
        moves += 1;
      }
    }
    return moves;
  },
  'chessops',
);

// ---- the data-defined games: legal moves of the corpus positions
const ffish = ffishModule;
await new Promise((ready) => {
  if (ffish.Board) ready();
  else ffish.onRuntimeInitialized = ready;
});
globalThis.fetch = savedFetch;
const ini = readFileSync(join(corpus, 'fairy', 'user.ini'), 'utf8');
ffish.loadVariantConfig(ini);
const builtIn = new Set(ffish.variants().split(' '));
const fairy = readFileSync(join(corpus, 'fairy', 'positions.tsv'), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split('\t'))
  .filter(([variant]) => builtIn.has(variant));
try {
  loadVariants(ini);
} catch {
  // the file's sections that are polyfen's own built-in games already
}
const readable = fairy.filter(([variant, fen]) => {
  try {
    Position.read(fen, { rules: variant }).free();
    return true;
  } catch {
    return false;
  }
});
compare(
  `legal moves of ${readable.length} positions of the games defined as data`,
  () => {
    let moves = 0;
    for (const [variant, fen] of readable) {
      const position = Position.read(fen, { rules: variant });
      moves += position.moves().length;
      position.free();
    }
    return moves;
  },
  () => {
    let moves = 0;
    for (const [variant, fen] of readable) {
      const board = new ffish.Board(variant, fen);
      const legal = board.legalMoves();
      moves += legal ? legal.split(' ').length : 0;
      board.delete();
    }
    return moves;
  },
  'ffish.js',
);

console.table(rows);
