"""Counts the king of the hill perft cases with python-chess (prints the .perft file)."""
import chess, chess.variant
def perft(b, d):
    if d == 0: return 1
    moves = list(b.legal_moves)
    if d == 1: return len(moves)
    n = 0
    for m in moves:
        b.push(m); n += perft(b, d-1); b.pop()
    return n
cases = [
 ("koth-start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4),
 ("koth-kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
 ("koth-kings-near-centre", "8/8/8/2k5/8/4K3/8/8 w - - 0 1", 4),
 ("koth-centre-reached", "8/8/8/8/3K4/8/8/k7 b - - 0 1", 2),
 ("koth-race-to-centre", "4k3/8/8/8/8/8/2P5/4K3 w - - 0 1", 5),
 ("koth-checks-near-centre", "4k3/3q4/8/8/8/2K5/8/8 w - - 0 1", 4),
]
for id, fen, depth in cases:
    b = chess.variant.KingOfTheHillBoard(fen)
    print("id", id); print("epd", fen)
    for d in range(1, depth+1):
        print("perft", d, perft(b, d))
    print()
