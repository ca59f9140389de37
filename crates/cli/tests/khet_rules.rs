//! The rules commands on Khet: `moves`, `move`, `apply` and `perft`, with
//! the laser firing after each move and the two counting conventions.

mod common;

const CLASSIC: &str = "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0";

use common::ok;

#[test]
fn moves_lists_each_distinct_result_once() {
    let out = ok(&["moves", CLASSIC]);
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 77);
    assert_eq!(moves[..6], ["c1c2", "c1d2", "c1b1", "c1b2", "c1+", "c1-"]);
    assert!(moves.contains(&"j1-") && !moves.contains(&"e1+"));
    assert_eq!(ok(&["moves", "--notation", "khet", CLASSIC]), out);
}

#[test]
fn perft_counts_as_published() {
    assert_eq!(ok(&["perft", "--depth", "2", CLASSIC]), "5920\n");
    assert_eq!(ok(&["perft", "--depth", "1", "--every-rotation", CLASSIC]), "81\n");
    assert_eq!(ok(&["perft", "--depth", "3", "--swap-restriction", CLASSIC]), "451859\n");
    let divided = ok(&["perft", "--depth", "2", "--divide", CLASSIC]);
    let lines: Vec<&str> = divided.lines().collect();
    assert_eq!(lines.len(), 78);
    assert_eq!(lines.last(), Some(&"total: 5920"));
    assert!(lines.iter().take(77).all(|l| l.split_once(": ").is_some_and(|(_, n)| n.parse::<u64>().is_ok())));
}

#[test]
fn moves_are_played_with_the_laser() {
    // dash forms are read and written without the dash
    assert_eq!(ok(&["move", "--position", CLASSIC, "--to", "khet", "h2-g2", "a8-"]), "h2g2\na8-\n");
    // silver turns its sphinx west and shoots its own anubis on f1
    assert_eq!(
        ok(&["apply", "--position", CLASSIC, "j1-"]),
        "2PAR4X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnwneewwsnsnsneewwssssse r 0\n"
    );
    // the turn counter grows after red's move
    assert!(ok(&["apply", "--position", CLASSIC, "h2g2", "a8-"]).ends_with(" s 1\n"));
}

#[test]
fn illegal_moves_name_the_reason_and_candidates() {
    let (code, stdout, stderr) = common::polyfen(&["move", "--position", CLASSIC, "--to", "khet", "d1e1"]).into_parts();
    assert_eq!((code, stdout.as_str()), (1, ""));
    assert!(stderr.contains("e1 is taken by a pharaoh: only a scarab or an eye of Horus swaps"), "{stderr}");
    assert!(stderr.contains("d1d2"), "{stderr}");
    let (code, _, stderr) = common::polyfen(&["move", "--position", CLASSIC, "--to", "khet", "k1+"]).into_parts();
    assert_eq!(code, 1);
    assert!(stderr.contains("\"k1\" is not a square"), "{stderr}");
    let (code, _, stderr) = common::polyfen(&["moves", "--notation", "uci", CLASSIC]).into_parts();
    assert_eq!(code, 1);
    assert!(stderr.contains("khet move notations: khet"), "{stderr}");
}

#[test]
fn laser_prints_the_path_and_outcome() {
    let out = ok(&["laser", CLASSIC]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "silver laser from j1, fired north");
    assert!(lines[1].starts_with("path: j2 j3 j4 "), "{out}");
    assert_eq!(lines.last(), Some(&"outcome: left the board at j8 going north"));
    // a named setup reads the same, and red's laser can be asked for
    assert_eq!(ok(&["laser", "khet:classic"]), out);
    let red = ok(&["laser", "--color", "red", CLASSIC]);
    assert!(red.starts_with("red laser from a8, fired south\n"), "{red}");
}

#[test]
fn laser_json_is_one_object_per_input() {
    let out = ok(&["laser", "--json", "--color", "red", "khet:classic", "khet:dynasty"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    for line in lines {
        assert!(line.starts_with(r#"{"color":"red","sphinx":"a8","direction":"south","beams":[{"#), "{line}");
        assert!(line.contains(r#""outcome":{"kind":"#) && line.ends_with('}'), "{line}");
    }
}

#[test]
fn render_overlays_the_laser() {
    let plain = ok(&["render", CLASSIC]);
    let shot = ok(&["render", "--laser", CLASSIC]);
    assert_ne!(plain, shot);
    assert!(shot.contains("||") && shot.contains("outcome: left the board at j8 going north"), "{shot}");
    let red = ok(&["render", "--style", "unicode", "--laser=red", CLASSIC]);
    assert!(red.contains('│') && red.contains("red laser from a8"), "{red}");
    let svg = ok(&["render", "--style", "svg", "--laser", CLASSIC]);
    let plain_svg = ok(&["render", "--style", "svg", CLASSIC]);
    assert!(svg.starts_with("<svg") && svg.len() > plain_svg.len(), "{svg}");
}

#[test]
fn laser_refuses_other_games_and_colors() {
    let (code, _, stderr) = common::polyfen(&["laser", "chess:standard"]).into_parts();
    assert_eq!(code, 1);
    assert_eq!(stderr, "polyfen: input 1: a chess position has no laser; only khet has\n");
    let (code, _, stderr) = common::polyfen(&["laser", "--color", "blue", CLASSIC]).into_parts();
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown Khet color \"blue\"; known: silver, red"), "{stderr}");
}

#[test]
fn laser_takes_a_side_by_its_first_letter_in_any_case() {
    let silver = ok(&["laser", "--color", "silver", CLASSIC]);
    assert_eq!(ok(&["laser", "--color", "S", CLASSIC]), silver);
    assert_eq!(ok(&["laser", "--color", "Red", CLASSIC]), ok(&["laser", "--color", "r", CLASSIC]));
    let (code, _, stderr) = common::polyfen(&["render", "--laser=blue", CLASSIC]).into_parts();
    assert_eq!(code, 1);
    assert_eq!(stderr, "polyfen: unknown Khet color \"blue\"; known: silver, red\n");
}
