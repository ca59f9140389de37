//! The legal moves of every position of positions.tsv (pyffish's, sorted
//! UCI) against polyfen's, game by game: the games that match in every
//! row are listed, and each game that does not yet is listed with why.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use polyfen_fairy::{Position, Rules};

/// The games whose every position's legal moves are pyffish's.
const PASSING: &[&str] = &[
    "1d-chess",
    "3check",
    "3check-crazyhouse",
    "4x5chess",
    "4x6chess",
    "5check",
    "5x6chess",
    "6x6atom",
    "active",
    "advancedpawn",
    "ai-wok",
    "ajax-orthodox",
    "alapo",
    "allexplodeatomic",
    "allqueenschess",
    "allwayspawns",
    "almost",
    "amazon",
    "amazons",
    "andersanti",
    "andersgiveaway",
    "annexation",
    "anti-losalamos",
    "antiantichess",
    "antiatomic",
    "antichess",
    "antihouse",
    "antiminishogi",
    "aralzaa",
    "argess",
    "armageddon",
    "asean",
    "asimplegame",
    "ataxx",
    "atlantis",
    "atomar",
    "atomic",
    "atomic-giveaway",
    "atomic-giveaway-hill",
    "atomicduck",
    "atomiczh",
    "backrank",
    "bajr",
    "berolina",
    "blackletter",
    "breakthrough",
    "breakthrough5",
    "breakthrough6",
    "breakthrough7",
    "buffalo",
    "bughouse",
    "cambodian",
    "cannonshogi",
    "capablanca",
    "capahouse",
    "caparandom",
    "capture",
    "captureall",
    "capturethequeen",
    "castle",
    "caught-in-a-snag",
    "centaur",
    "centaurking",
    "cetus",
    "cfour",
    "cfour-anyside",
    "cfour-misere",
    "chak",
    "chancellor",
    "chaturanga",
    "checkmateless",
    "checkshogi",
    "chennis",
    "chess",
    "chessgi",
    "chessvshp",
    "chigorin",
    "clobber",
    "clobber10",
    "codrus",
    "coffeehouse",
    "coffeerace",
    "coregal",
    "cornerrook",
    "courier",
    "cowboys",
    "crazyhouse",
    "crossderby",
    "crossing",
    "crowdedxiangqi",
    "crusade",
    "diana",
    "dobutsu",
    "doublearmy",
    "dragon",
    "dragon-chess",
    "dragonfly",
    "duck",
    "elgam",
    "elimination",
    "embassy",
    "empire",
    "epicatomic",
    "euroshogi",
    "extinction",
    "fischerandom",
    "flipello",
    "flipello10",
    "flipello6",
    "flipersi",
    "forward",
    "fox-and-hounds",
    "fullmoon",
    "gale",
    "gardner",
    "gemini",
    "georgian",
    "gethenian",
    "giveaway",
    "gorogoro",
    "gorogoroplus",
    "gothhouse",
    "gothic",
    "grand",
    "grandhouse",
    "grasshopper",
    "gustav3",
    "haynie",
    "hexapawn",
    "hoppelpoppel",
    "horde",
    "indiangreat",
    "isolation",
    "isolation7x7",
    "janggi",
    "janggicasual",
    "janggihouse",
    "janggimodern",
    "janggitraditional",
    "janus",
    "jesonmor",
    "joust",
    "judkins",
    "kamikazerooks",
    "karouk",
    "khans",
    "kinglet",
    "kingofthehill",
    "knightmate",
    "knights-halma",
    "koedem",
    "kono",
    "kyotoshogi",
    "la-mancha-duel",
    "la-mancha-squeez",
    "leaperhouse",
    "legan",
    "lewthwaite",
    "loop",
    "losalamos",
    "losers",
    "maharajah",
    "maharajah2",
    "makhouse",
    "makpong",
    "makruk",
    "manchu",
    "mandala",
    "mansindam",
    "massacre",
    "micro",
    "microchess",
    "mini",
    "minihouse",
    "minishogi",
    "minixiangqi",
    "misere",
    "modern",
    "mounted",
    "muje",
    "newzealand",
    "nightrider",
    "nim",
    "nineholes",
    "nocastle",
    "nocheckatomic",
    "normal",
    "nuclear",
    "okisakishogi",
    "omicron",
    "opposite-castling",
    "opulent",
    "orda",
    "ordamirror",
    "ordavsempire",
    "pandemonium",
    "paradigm",
    "pawnback",
    "pawnsideways",
    "pawnsking",
    "pawnsmassacre",
    "pawnsonly",
    "peasant",
    "perfect",
    "petrified",
    "petty",
    "picaria",
    "placement",
    "pocketknight",
    "quadwrangle",
    "quadwrangle7x7",
    "quasi-shatranj",
    "raazuvaa",
    "racingchess",
    "racingkings",
    "river",
    "roll-ing-to-four",
    "rookmate",
    "rooksquare",
    "screen",
    "seirawan",
    "semitorpedo",
    "shako",
    "shatar",
    "shatranj",
    "shinobi",
    "shinobimirror",
    "shinobiplus",
    "shogi",
    "shogun",
    "shoshogi",
    "shouse",
    "sittuyin",
    "sixthrank",
    "snailtrail",
    "snort",
    "sortofalmost",
    "spartan",
    "squatter",
    "stardust",
    "suicide",
    "supply",
    "symphony",
    "synochess",
    "teeko",
    "tencubed",
    "three-musketeers",
    "threekings",
    "tictacchess",
    "tictactoe",
    "torishogi",
    "torpedo",
    "troitzky",
    "tuktuk",
    "twokings2",
    "upsidedown",
    "weak",
    "wildebeest",
    "wolf",
    "xhess",
    "xiangqi",
    "xiangqihouse",
    "yarishogi",
];

/// The games not played in full yet, and why.
const NOT_YET: &[(&str, &str)] = &[];

/// Per game: rows matched, rows, and the first mismatch.
fn compare() -> BTreeMap<String, (usize, usize, Option<String>)> {
    let variants = common::variants();
    let mut out: BTreeMap<String, (usize, usize, Option<String>)> = BTreeMap::new();
    let mut rules: Option<(String, Rules)> = None;
    for row in common::rows("positions.tsv") {
        let (game, fen, moves) = (&row[0], &row[1], &row[2]);
        if rules.as_ref().is_none_or(|(g, _)| g != game) {
            let def = variants.get(game).unwrap_or_else(|| panic!("{game} is defined"));
            rules = Some((game.clone(), Rules::new(def)));
        }
        let r = &rules.as_ref().expect("compiled above").1;
        let entry = out.entry(game.clone()).or_default();
        entry.1 += 1;
        let expected: Vec<&str> = if moves == "-" { Vec::new() } else { moves.split(' ').collect() };
        let got = match Position::from_fen(r, fen) {
            Ok(pos) => r.legal_uci(&pos),
            Err(e) => vec![format!("error: {e}")],
        };
        if got == expected {
            entry.0 += 1;
        } else if entry.2.is_none() {
            let missing: Vec<&&str> = expected.iter().filter(|m| !got.iter().any(|g| g == **m)).collect();
            let extra: Vec<&String> = got.iter().filter(|g| !expected.contains(&g.as_str())).collect();
            entry.2 = Some(format!("{fen}: missing {missing:?}, extra {extra:?}"));
        }
    }
    out
}

/// Every listed game matches pyffish in every position, and every game of
/// the corpus is listed as passing or as not yet played, with why.
#[test]
fn legal_moves_match_pyffish() {
    let Some(_) = common::CORPUS.get() else { return };
    let results = compare();
    let listed: BTreeSet<&str> = PASSING.iter().copied().collect();
    let not_yet: BTreeMap<&str, &str> = NOT_YET.iter().copied().collect();
    let mut problems = Vec::new();
    let mut passing = Vec::new();
    for (game, (ok, total, first)) in &results {
        let full = ok == total;
        if full {
            passing.push(game.as_str());
        }
        match (full, listed.contains(game.as_str()), not_yet.get(game.as_str())) {
            (true, true, _) => {}
            (false, true, _) => problems.push(format!(
                "{game} is listed as passing but matches {ok}/{total}: {}",
                first.as_deref().unwrap_or("")
            )),
            (true, false, _) => problems.push(format!("{game} now passes: list it in PASSING")),
            (false, false, Some(why)) => println!("not yet: {game} ({ok}/{total}): {why}"),
            (false, false, None) => {
                let rules = Rules::new(common::variants().get(game).expect("defined"));
                problems.push(format!(
                    "{game} matches {ok}/{total} and is not listed ({}): {}",
                    rules.unsupported().unwrap_or("-"),
                    first.as_deref().unwrap_or("")
                ));
            }
        }
    }
    println!("{} games match pyffish in every position: {}", passing.len(), passing.join(" "));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The side to move is in check exactly where pyffish says so (its king
/// attacked, or a pseudo-royal piece), in every position of every game.
#[test]
fn checks_match_pyffish() {
    let Some(_) = common::CORPUS.get() else { return };
    let variants = common::variants();
    let mut wrong: BTreeMap<String, usize> = BTreeMap::new();
    let mut rows = 0;
    for row in common::rows("positions.tsv") {
        let (game, fen, check) = (&row[0], &row[1], &row[4]);
        let rules = Rules::new(variants.get(game).expect("defined"));
        let Ok(pos) = Position::from_fen(&rules, fen) else { continue };
        rows += 1;
        if rules.is_check(&pos) != (check == "1") {
            *wrong.entry(game.clone()).or_default() += 1;
        }
    }
    assert!(wrong.is_empty(), "check status differs from pyffish's in {wrong:?}");
    assert_eq!(rows, 3145);
}

/// The game's end at each position (pyffish's result for the side to
/// move: win, loss, draw, or `-` while it goes on).
#[test]
fn game_ends_match_pyffish() {
    let Some(_) = common::CORPUS.get() else { return };
    let variants = common::variants();
    let mut wrong: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut ended = 0;
    for row in common::rows("positions.tsv") {
        let (game, fen, end) = (&row[0], &row[1], &row[5]);
        let rules = Rules::new(variants.get(game).expect("defined"));
        let Ok(pos) = Position::from_fen(&rules, fen) else { continue };
        let got = rules.outcome(&pos).map_or("-", |o| o.name());
        if got != "-" {
            ended += 1;
        }
        if got != end {
            wrong.entry(game.clone()).or_default().push(format!("{fen}: {got}, pyffish {end}"));
        }
    }
    assert!(wrong.is_empty(), "game ends differ from pyffish's: {wrong:#?}");
    assert_eq!(ended, 269);
}
