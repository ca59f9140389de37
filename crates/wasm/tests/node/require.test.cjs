// Node's require gets the same package as import.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const polyfen = require('polyfen');

test('require gives the same API', () => {
  assert.equal(typeof polyfen.call, 'function');
  const answer = polyfen.call('convert', { input: 'xiangqi:standard', to: 'xiangqi-fen' });
  assert.ok(answer.ok.output.length > 0);
  assert.equal(polyfen.Position.read('shogi:standard').moves().length, 30);
  assert.throws(() => polyfen.Position.read('???'), polyfen.PolyfenError);
});
