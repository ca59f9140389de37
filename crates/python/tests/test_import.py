"""`import polyfen` needs neither Polars nor pyarrow, and does not import them."""

import subprocess
import sys


def run(code):
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_import_polyfen_does_not_import_polars():
    out = run(
        "import sys, polyfen\n"
        "print(polyfen.read('8/8/8/8/8/8/8/4K2k w - - 0 1').to('shredder-fen'))\n"
        "print(sorted(m for m in ('polars', 'pyarrow') if m in sys.modules))\n"
    )
    assert out.splitlines() == ["8/8/8/8/8/8/8/4K2k w - - 0 1", "[]"]


def test_polyfen_works_where_polars_is_not_installed():
    # a None in sys.modules makes `import polars` fail as if it were missing
    out = run(
        "import sys\n"
        "sys.modules['polars'] = None\n"
        "import polyfen\n"
        "position = polyfen.read('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')\n"
        "position.play('e4')\n"
        "print(position.perft(2), position.to())\n"
        "try:\n"
        "    import polyfen.polars\n"
        "except ImportError:\n"
        "    print('no polars')\n"
    )
    assert out.splitlines() == [
        "600 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "no polars",
    ]
