// The package's own API: positions, games, errors, variants files, and
// input that must never end the module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import polyfen, { Position, PolyfenError, call, loadVariants, readGames, version } from 'polyfen';

const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const corpus = process.env.POLYFEN_REPO ? join(process.env.POLYFEN_REPO, '..', 'shared', 'corpus') : null;

test('a position is read, written, checked and played on', () => {
  const position = Position.read(start);
  assert.equal(position.notation, 'fen');
  assert.equal(position.variant, 'chess');
  assert.equal(position.rules, null);
  assert.equal(position.moves('san').length, 20);
  assert.equal(position.moves().length, 20);
  const copy = position.clone();
  assert.equal(position.play('e2e4', 'san'), 'e4');
  assert.equal(position.to('epd'), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3');
  assert.equal(copy.to(), start, 'a copy plays apart');
  assert.deepEqual(position.validate(), { valid: true, violations: [] });
  const empty = Position.read('8/8/8/8/8/8/8/8 w - - 0 1');
  assert.equal(empty.validate().valid, false);
  assert.ok(empty.validate().violations.length > 0);
  assert.equal(String(Position.read('xiangqi:standard')), 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
  const makruk = Position.read('makruk:standard');
  assert.equal(makruk.rules, 'makruk');
  assert.deepEqual(makruk.moves('fairy-san'), call('moves', { input: 'makruk:standard', move_notation: 'fairy-san' }).ok.moves);
  const explained = position.explain();
  assert.ok(explained.positions.some((form) => form.notation === 'epd'));
});

test('errors are thrown with the service error fields', () => {
  assert.throws(() => Position.read('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1', { notation: 'fen' }), (error) => {
    assert.ok(error instanceof PolyfenError);
    assert.ok(error instanceof Error);
    assert.equal(error.notation, 'fen');
    assert.equal(typeof error.column, 'number');
    return true;
  });
  assert.throws(() => Position.read(start, { notation: 'nope' }), /unknown notation "nope"/);
  // a move's error as the service gives it
  const served = call('move', { input: start, moves: ['e5'] }).error;
  assert.throws(() => Position.read(start).play('e5'), (error) => {
    assert.ok(error instanceof PolyfenError);
    assert.equal(error.column, served.column);
    assert.ok(served.message.endsWith(error.message), `${served.message} / ${error.message}`);
    return true;
  });
  assert.throws(() => Position.read('k7/8/8/8/8/8/8/1N1N2K1 w - - 0 1').play('Nc3'), (error) => {
    assert.ok(error instanceof PolyfenError);
    assert.deepEqual(error.candidates, ['Nbc3', 'Ndc3']);
    return true;
  });
  assert.throws(() => loadVariants('[x:nothing]\n'), (error) => error instanceof PolyfenError && /variants:1/.test(error.message));
  assert.throws(() => new Position({}), TypeError);
});

test('games are read from text and from bytes, a bad one given with what was read', () => {
  const games = [...readGames('[Event "A"]\n\n1. e4 e5 2. Nf3 *\n\n[Event "B"]\n\n1. e4 e4 *\n')];
  assert.equal(games.length, 2);
  assert.deepEqual(games[0].mainline, ['e4', 'e5', 'Nf3']);
  assert.ok(games[1] instanceof PolyfenError);
  assert.equal(games[1].game, 2);
  assert.equal(games[1].line, 7);
  assert.deepEqual(games[1].partial.mainline, ['e4']);
  assert.throws(() => [...readGames('x', { format: 'nope' })], PolyfenError);
  if (corpus) {
    const dir = join(corpus, 'xiangqi-records', 'xqf');
    const name = readdirSync(dir).find((n) => n.endsWith('.xqf'));
    const [game] = [...readGames(readFileSync(join(dir, name)))];
    assert.equal(game.variant, 'xiangqi', name);
    assert.ok(game.mainline.length > 0, name);
  }
});

test('a variants file adds games for the life of the module', () => {
  const added = loadVariants('[npmmini:chess]\nmaxFile = e\nmaxRank = 5\nstartFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\ncastling = false\ndoubleStep = false\n');
  assert.deepEqual(added, [{ game: 'fairy', rules: 'npmmini' }]);
  const position = Position.read('npmmini:standard');
  assert.equal(position.rules, 'npmmini');
  assert.deepEqual(position.moves(), ['a2a3', 'b1a3', 'b1c3', 'b2b3', 'c2c3', 'd2d3', 'e2e3']);
});

test('the default export and the version', () => {
  assert.equal(polyfen.Position, Position);
  assert.match(version, /^\d+\.\d+\.\d+/);
});

test('arbitrary input returns or throws, and never ends the module', () => {
  // a small deterministic generator: the same inputs every run
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const alphabet = 'rnbqkpRNBQKP12345678/ -wb[]~+*:@xX=#!?{}();\n"\\0éあ\u0000';
  const endpoints = ['convert', 'validate', 'render', 'moves', 'move', 'perft', 'explain', 'games/convert', 'variants', 'laser'];
  for (let i = 0; i < 1500; i++) {
    let text = '';
    const length = next() % 60;
    for (let j = 0; j < length; j++) text += alphabet[next() % alphabet.length];
    try {
      Position.read(text, { lenient: i % 2 === 0 }).moves();
    } catch (error) {
      assert.ok(error instanceof PolyfenError, String(error));
    }
    for (const item of readGames(text)) assert.ok(item instanceof PolyfenError || typeof item.variant === 'string');
    const endpoint = endpoints[i % endpoints.length];
    const request = [{ input: text, to: 'fen', depth: 1, moves: [text] }, { pgn: text, to: 'json' }, { variants: text }, text][i % 4];
    const answer = call(endpoint, request);
    assert.ok('ok' in answer || 'error' in answer || 'results' in answer || 'games' in answer, JSON.stringify(answer));
  }
  // still alive
  assert.equal(Position.read(start).moves().length, 20);
});
