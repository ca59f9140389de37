// The package answers every request as `polyfen serve` does: the same
// status and the same JSON, for answers, failed inputs and refusals.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { callWithStatus, games } from 'polyfen';

let server;
let base;

before(async () => {
  server = spawn(process.env.POLYFEN_BIN, ['serve', '--addr', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('polyfen serve did not start within 20 s')), 20000);
    let seen = '';
    server.stdout.on('data', (chunk) => {
      seen += chunk;
      const found = seen.match(/serving on (http:\/\/\S+)/);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    server.on('exit', (code) => reject(new Error(`polyfen serve ended (${code})`)));
  });
});

after(() => server?.kill());

async function http(endpoint, request) {
  const init =
    request === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof request === 'string' ? request : JSON.stringify(request) };
  const response = await fetch(`${base}/v1/${endpoint}`, { ...init, signal: AbortSignal.timeout(10000) });
  return { status: response.status, answer: await response.json() };
}

const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const file = '[chess5x5:chess]\nmaxFile = e\nmaxRank = 5\nstartFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\ncastling = false\ndoubleStep = false\n';
const pgn = '[Event "A"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n[Event "B"]\n\n1. d4 d5 2. Qxd5 *\n';

const requests = [
  ['convert', { input: start, to: 'epd' }],
  ['convert', { inputs: [start, 'not a position', '9/9/9 w'], to: 'fen' }],
  ['convert', { input: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w', to: 'pkn' }],
  ['convert', { input: 'not a position', to: 'fen' }],
  ['convert', { input: start, to: 'no-such-notation' }],
  ['convert', { input: start, to: 'fen', surplus: 1 }],
  ['convert', { input: 'rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1', rules: 'chess5x5', to: 'fairy-fen', variants: file }],
  ['convert', '{"input": '],
  ['validate', { input: '8/8/8/8/8/8/8/8 w - - 0 1' }],
  ['validate', { inputs: [start, 'k7/8/8/8/8/8/8/K6R b - - 0 1'] }],
  ['render', { input: start, style: 'svg' }],
  ['render', { input: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1', style: 'unicode' }],
  ['moves', { input: start, move_notation: 'san' }],
  ['moves', { input: 'makruk:standard', move_notation: 'fairy-san' }],
  ['move', { input: start, moves: ['e4', 'e5', 'Nf3'], move_notation: 'san' }],
  ['move', { input: start, moves: ['e4', 'e4'], move_notation: 'san' }],
  ['perft', { input: start, depth: 3 }],
  ['perft', { input: start, depth: 2, divide: true }],
  ['perft', { input: start, depth: 9 }],
  ['perft', { inputs: Array(50).fill(start), depth: 5 }],
  ['laser', { input: 'khet:classic' }],
  ['explain', { input: start }],
  ['explain', { input: 'Nf3', position: start }],
  ['games/convert', { pgn, to: 'json' }],
  ['games/convert', { pgn, to: 'pgn', moves: 'uci' }],
  ['games/convert', { data: 'bm90IGEgcmVjb3Jk', to: 'json' }],
  ['variants', { variants: file }],
  ['variants', { variants: '[mine:chess]\nmaxRank = x\n' }],
  ['games', undefined],
  ['info', undefined],
  ['variants/makruk', undefined],
  ['variants/nope', undefined],
  ['no-such-endpoint', {}],
];

test('every endpoint answers as the service does', async () => {
  const statuses = new Set();
  for (const [endpoint, request] of requests) {
    const served = await http(endpoint, request);
    const called = callWithStatus(endpoint, request);
    assert.deepEqual(called, served, `${endpoint} ${JSON.stringify(request)}`);
    statuses.add(served.status);
  }
  assert.deepEqual([...statuses].sort(), [200, 400, 404, 413, 422]);
  assert.deepEqual(games(), (await http('games')).answer);
});
