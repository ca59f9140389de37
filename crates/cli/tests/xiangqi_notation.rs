//! Xiangqi move notation on the command line: `moves` in every notation,
//! `move` reading any notation and writing another, `apply`, and the errors
//! for moves that are unknown, ambiguous or of the wrong side.

mod common;

const XQ_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const RED_ROOKS: &str = "3k5/9/9/9/9/1R7/9/9/9/1R2K4 w - - 0 1";
const NOTATIONS: [&str; 7] = ["iccs", "ucci", "uci-1", "wxf", "wxf-fsf", "chinese", "chinese-traditional"];

#[test]
fn moves_are_listed_in_every_notation_and_read_back() {
    let mut lists = Vec::new();
    for notation in NOTATIONS {
        let (code, out, err) = common::parts(&["moves", "--notation", notation, XQ_START], "");
        assert_eq!((code, err.as_str()), (0, ""), "{notation}");
        assert_eq!(out.lines().count(), 44, "{notation}");
        lists.push(out);
    }
    assert!(lists[0].lines().any(|l| l == "H2-E2"));
    assert!(lists[2].lines().any(|l| l == "h3h10"));
    assert!(lists[3].lines().any(|l| l == "C2.5"));
    assert!(lists[4].lines().any(|l| l == "C2=5"));
    assert!(lists[5].lines().any(|l| l == "马八进七"));
    assert!(lists[6].lines().any(|l| l == "馬八進七"));
    // every listed move, in every notation, is read and written as ICCS
    for list in &lists {
        let moves: Vec<&str> = list.lines().collect();
        for (mv, iccs) in moves.iter().zip(lists[0].lines()) {
            let (code, out, err) = common::parts(&["move", "--position", XQ_START, "--to", "iccs", mv], "");
            assert_eq!((code, out.trim_end(), err.as_str()), (0, iccs, ""), "{mv}");
        }
    }
    // the default notation is ICCS
    assert_eq!(common::parts(&["moves", XQ_START], ""), (0, lists[0].clone(), String::new()));
}

#[test]
fn move_reads_any_notation_and_writes_one() {
    let args = ["move", "--position", XQ_START, "--to", "wxf", "炮二平五", "h9g7", "H2+3", "車９平８", "R1.2"];
    let (code, out, err) = common::parts(&args, "");
    assert_eq!((code, out.as_str(), err.as_str()), (0, "C2.5\nH8+7\nH2+3\nR9.8\nR1.2\n", ""));
    // from standard input, with a move number
    let (code, out, _) =
        common::parts(&["move", "--position", XQ_START, "--to", "chinese-traditional"], "1. h2e2 h9g7\n");
    assert_eq!((code, out.as_str()), (0, "炮二平五\n馬８進７\n"));
    let (code, out, _) = common::parts(&["move", "--position", RED_ROOKS, "--to", "wxf-fsf", "前车退三"], "");
    assert_eq!((code, out.as_str()), (0, "R8-3\n"));
    let (code, out, _) = common::parts(&["move", "--position", RED_ROOKS, "--to", "chinese", "R+.5"], "");
    assert_eq!((code, out.as_str()), (0, "前车平五\n"));
}

#[test]
fn apply_plays_moves_of_every_notation() {
    let args = ["apply", "--position", XQ_START, "H2-E2", "h8e8", "马二进三"];
    let (code, out, err) = common::parts(&args, "");
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2\n", "")
    );
}

#[test]
fn bad_moves_are_errors_naming_the_place_and_the_candidates() {
    let cases = [
        (
            XQ_START,
            "C3.5",
            "polyfen: move 1 (C3.5): column 1: there is no red cannon on file 3 (candidates: C8.5, C2.5)\n",
        ),
        (XQ_START, "卒３进１", "polyfen: move 1 (卒３进１): column 1: 卒 is black's, but red is to move\n"),
        (XQ_START, "h7e7", "polyfen: move 1 (h7e7): column 1: the black cannon on h7 is black's, but red is to move\n"),
        (
            XQ_START,
            "炮二进九",
            "polyfen: move 1 (炮二进九): column 3: no legal move of the red cannon on file 2 goes forward 9 \
             (candidates: 炮二退一, 炮二平七, 炮二平六, 炮二平五, 炮二平四, 炮二平三, 炮二平一, 炮二进一, 炮二进二, \
             炮二进三, 炮二进四, 炮二进七)\n",
        ),
        (XQ_START, "j2e2", "polyfen: move 1 (j2e2): column 1: there is no file 'j': files are a to i\n"),
        (
            RED_ROOKS,
            "车八进一",
            "polyfen: move 1 (车八进一): column 1: the red chariot on file 8 forward 1 is ambiguous: 2 legal moves \
             fit (candidates: 后车进一, 前车进一)\n",
        ),
    ];
    for (position, mv, expected) in cases {
        let (code, out, err) = common::parts(&["move", "--position", position, "--to", "iccs", mv], "");
        assert_eq!((code, out.as_str(), err.as_str()), (1, "", expected), "{mv}");
    }
    // a later move's error names its number; the moves before it are written
    let (code, out, err) = common::parts(&["move", "--position", XQ_START, "--to", "ucci", "h2e2", "h2e2"], "");
    assert_eq!(code, 1);
    assert_eq!(out, "h2e2\n");
    assert!(err.starts_with("polyfen: move 2 (h2e2): column 1: there is no piece on h2"), "{err}");
}

#[test]
fn chess_notations_are_refused_for_xiangqi() {
    let (code, out, err) = common::parts(&["moves", "--notation", "san", XQ_START], "");
    assert_eq!(code, 1);
    assert_eq!(out, "");
    assert!(err.contains("xiangqi moves cannot be written in san"), "{err}");
}
