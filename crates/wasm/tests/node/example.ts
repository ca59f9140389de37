// Checked by `tsc --noEmit`: the declarations hold what a program uses.
import polyfen, { Position, PolyfenError, call, callWithStatus, games, loadVariants, readGames, type Game } from 'polyfen';

const position: Position = Position.read('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', { notation: 'fen' });
const moves: string[] = position.moves('san');
const played: string = position.play(moves[0], 'san');
const { valid, violations } = position.validate();
const epd: string = position.to('epd');
const rules: string | null = position.rules;
const { status, answer } = callWithStatus('convert', { input: epd, to: 'fen' });
const direct = call('games', undefined);
const all = games().games.length;
const added: { game: string; rules: string }[] = loadVariants('[x:chess]\n');
for (const item of readGames(new Uint8Array([1, 2]), { format: 'xqf' })) {
  if (item instanceof PolyfenError) {
    const at: number | undefined = item.line;
    console.log(at, item.message);
  } else {
    const game: Game = item;
    console.log(game.mainline.join(' '), game.result);
  }
}
console.log(played, valid, violations, rules, status, answer, direct, all, added, polyfen.version);
