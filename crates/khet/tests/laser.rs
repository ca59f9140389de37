//! The laser: every row of the laser table, both beams of an eye of Horus,
//! self-kills, the end of the game, and diagrams with the beam drawn.

use polyfen_core::Color;
use polyfen_khet::{
    BeamEnd, Bounce, CLASSIC, CLASSIC2, Facing, Kind, Laser, Move, Outcome, Piece, Pkn, Position, RenderStyle, Rules,
    Square, render_with_laser,
};

fn sq(name: &str) -> Square {
    Square::parse(name.as_bytes()).unwrap_or_else(|| panic!("{name} is no square"))
}

fn facing(letter: char) -> Facing {
    Facing::from_letter(letter as u8).unwrap_or_else(|| panic!("{letter} is no facing"))
}

/// A legal position with the pieces given (square, PKN letter, facing
/// letter), the sphinxes facing as given, and whatever pharaohs and
/// scarabs the rules require added off the beams (silver's on c3, d3, e3,
/// red's on f6, g6, h6).
fn position(silver_sphinx: char, red_sphinx: char, pieces: &[(&str, char, char)]) -> Position {
    let mut board = [None; 80];
    let mut put = |square: &str, letter: char, face: char| {
        let mut piece = Piece::from_letter(letter as u8).unwrap_or_else(|| panic!("{letter} is no piece"));
        piece.facing = facing(face);
        board[sq(square).index()] = Some(piece);
    };
    put("j1", 'X', silver_sphinx);
    put("a8", 'x', red_sphinx);
    for &(square, letter, face) in pieces {
        put(square, letter, face);
    }
    for (color, spare) in [(Color::White, ["c3", "d3", "e3"]), (Color::Black, ["f6", "g6", "h6"])] {
        let count =
            |kinds: &[Kind]| board.iter().flatten().filter(|p| p.color == color && kinds.contains(&p.kind)).count();
        let mut spare = spare.iter();
        let mut needed = Vec::new();
        if count(&[Kind::Pharaoh]) == 0 {
            needed.push(Kind::Pharaoh);
        }
        for _ in count(&[Kind::Scarab, Kind::Eye])..2 {
            needed.push(Kind::Scarab);
        }
        for kind in needed {
            let square = spare.next().unwrap_or_else(|| panic!("no spare square"));
            board[sq(square).index()] = Some(Piece::new(color, kind, Facing::North));
        }
    }
    let mut setup: Pkn = CLASSIC.parse().unwrap_or_else(|e| panic!("{e}"));
    setup.board = board;
    Position::from_setup(&setup).unwrap_or_else(|v| panic!("{setup}: {v:?}"))
}

/// The first thing the beam of `laser` meets: a bounce, or its end.
enum Hit {
    Turn(Facing),
    Absorbed,
    Removed,
}

/// Fires at a piece (PKN letter and facing) with the beam travelling
/// `beam`, and says what the piece does to it.
fn hit(letter: char, face: char, beam: Facing) -> Hit {
    // beam north: silver fires up the j file at j4; west: along rank 1 at
    // e1; south: red fires down the a file at a4; east: along rank 8 at e8
    let (pos, color, target, letter) = match beam {
        Facing::North => (
            position('n', 's', &[("j4", letter.to_ascii_uppercase(), face)]),
            Color::White,
            "j4",
            letter.to_ascii_uppercase(),
        ),
        Facing::West => (position('w', 's', &[("e1", letter, face)]), Color::White, "e1", letter),
        Facing::South => (
            position('n', 's', &[("a4", letter.to_ascii_lowercase(), face)]),
            Color::Black,
            "a4",
            letter.to_ascii_lowercase(),
        ),
        Facing::East => (position('n', 'e', &[("e8", letter, face)]), Color::Black, "e8", letter),
    };
    let laser = pos.laser(color);
    let beam0 = &laser.beams[0];
    assert_eq!(beam0.direction, beam, "{laser}");
    assert!(beam0.path.contains(&sq(target)), "{laser}");
    let target_piece = pos.piece_at(sq(target)).unwrap_or_else(|| panic!("no piece on {target}"));
    assert_eq!(target_piece.letter(), letter as u8);
    match (beam0.bounces.first(), beam0.end) {
        (Some(&Bounce { square, from, to }), _) if square == sq(target) => {
            assert_eq!(from, beam);
            Hit::Turn(to)
        }
        (_, BeamEnd::Absorbed { square, piece }) if square == sq(target) => {
            assert_eq!(piece, target_piece);
            Hit::Absorbed
        }
        (_, BeamEnd::Removed { square, piece }) if square == sq(target) => {
            assert_eq!(piece, target_piece);
            assert_eq!(laser.removed(), vec![(square, piece)]);
            Hit::Removed
        }
        _ => panic!("the beam missed {target}:\n{laser}"),
    }
}

/// One row of the table: the outcome for a beam going N, E, S, W; `x`
/// removed, `a` absorbed, or the direction letter the beam turns to.
fn row(letter: char, face: char, expected: [char; 4]) {
    for (beam, want) in Facing::ALL.into_iter().zip(expected) {
        let got = match hit(letter, face, beam) {
            Hit::Turn(to) => to.letter() as char,
            Hit::Absorbed => 'a',
            Hit::Removed => 'x',
        };
        assert_eq!(got, want, "{letter}{face} hit by a beam going {}", beam.name());
    }
}

#[test]
fn pyramids_reflect_on_their_mirror_and_die_on_their_back() {
    row('P', 'n', ['x', 'x', 'e', 'n']);
    row('P', 'e', ['e', 'x', 'x', 's']);
    row('P', 's', ['w', 's', 'x', 'x']);
    row('P', 'w', ['x', 'n', 'w', 'x']);
    // the colour of the piece makes no difference
    row('p', 'n', ['x', 'x', 'e', 'n']);
}

#[test]
fn scarabs_reflect_on_both_sides() {
    for face in ['n', 's'] {
        row('S', face, ['w', 's', 'e', 'n']);
    }
    for face in ['e', 'w'] {
        row('S', face, ['e', 'n', 'w', 's']);
    }
}

#[test]
fn anubis_absorb_on_their_shield_only() {
    row('A', 'n', ['x', 'x', 'a', 'x']);
    row('A', 'e', ['x', 'x', 'x', 'a']);
    row('A', 's', ['a', 'x', 'x', 'x']);
    row('A', 'w', ['x', 'a', 'x', 'x']);
}

#[test]
fn pharaohs_die_from_every_side() {
    for face in ['n', 'e', 's', 'w'] {
        row('R', face, ['x', 'x', 'x', 'x']);
    }
}

#[test]
fn sphinxes_absorb() {
    // silver fires north, a pyramid on j8 turns the beam west along rank 8
    // into the red sphinx; red fires south, a pyramid on a1 turns it east
    // along rank 1 into the silver sphinx
    let pos = position('n', 's', &[("j8", 'P', 's'), ("a1", 'p', 'n')]);
    for (color, square, piece) in [(Color::White, "a8", 'x'), (Color::Black, "j1", 'X')] {
        let laser = pos.laser(color);
        let BeamEnd::Absorbed { square: at, piece: p } = laser.beams[0].end else {
            panic!("not absorbed:\n{laser}");
        };
        assert_eq!((at, p.letter()), (sq(square), piece as u8), "{laser}");
        assert!(laser.removed().is_empty());
    }
}

#[test]
fn a_beam_off_the_board_does_nothing() {
    let pos = position('n', 's', &[]);
    let laser = pos.laser(Color::White);
    assert_eq!(laser.beams.len(), 1);
    let names: Vec<String> = laser.beams[0].path.iter().map(ToString::to_string).collect();
    assert_eq!(names, ["j2", "j3", "j4", "j5", "j6", "j7", "j8"]);
    assert_eq!(laser.beams[0].end, BeamEnd::LeftBoard { square: sq("j8"), direction: Facing::North });
    assert!(laser.removed().is_empty() && laser.pharaohs_hit().is_empty());
}

/// The shot of `color`, checked to have the beams given as (start,
/// direction, path, end) in text.
fn beams(laser: &Laser) -> Vec<String> {
    laser
        .beams
        .iter()
        .map(|b| {
            let path: Vec<String> = b.path.iter().map(ToString::to_string).collect();
            format!("{} {}: {} / {}", b.start, b.direction.name(), path.join(" "), b.end)
        })
        .collect()
}

#[test]
fn an_eye_splits_the_beam_and_both_branches_are_reported() {
    // silver fires west along rank 1 into an eye `\` on e1: the beam turns
    // north (up the e file to a red pyramid's back on e5) and goes on west
    // (to a red anubis' unshielded side on c1); the eye survives
    let pos = position('w', 's', &[("e1", 'E', 'n'), ("e5", 'p', 'n'), ("c1", 'a', 'n')]);
    let laser = pos.laser(Color::White);
    assert_eq!(
        beams(&laser),
        [
            "j1 west: i1 h1 g1 f1 e1 e2 e3 e4 e5 / removed the red pyramid at e5",
            "e1 west: d1 c1 / removed the red anubis at c1",
        ]
    );
    assert_eq!(laser.beams[0].bounces, [Bounce { square: sq("e1"), from: Facing::West, to: Facing::North }]);
    assert!(laser.beams[1].bounces.is_empty());
    assert_eq!(laser.removed().len(), 2);
    // hit from the other diagonal, the eye `/` turns the beam south and
    // off the board, and the straight branch is absorbed by a shield
    let pos = position('w', 's', &[("e1", 'E', 'e'), ("c1", 'A', 'e')]);
    let laser = pos.laser(Color::White);
    assert_eq!(
        beams(&laser),
        [
            "j1 west: i1 h1 g1 f1 e1 / left the board at e1 going south",
            "e1 west: d1 c1 / absorbed at c1 by the silver anubis"
        ]
    );
}

#[test]
fn the_eye_in_classic2_splits_on_both_sides() {
    let pkn: Pkn = CLASSIC2.parse().unwrap_or_else(|e| panic!("{e}"));
    let pos = Position::from_setup(&pkn).unwrap_or_else(|v| panic!("{v:?}"));
    // the start shots miss the eyes on e4 and f5
    for color in Color::ALL {
        assert_eq!(pos.laser(color).beams.len(), 1);
    }
    // silver turns its sphinx west: the beam runs into its own anubis on f1
    // before any eye; red's start shot down the a file misses them too
    let laser = pos.clone().play(Move::parse("j1-").unwrap_or_else(|e| panic!("{e}")), &Rules::default());
    assert_eq!(laser.map(|l| l.beams.len()), Ok(1));
}

#[test]
fn a_laser_can_remove_its_own_pieces() {
    // Classic: silver turns its sphinx west, into the back of its own
    // anubis on f1
    let mut pos = Position::from_setup(&CLASSIC.parse::<Pkn>().unwrap_or_else(|e| panic!("{e}")))
        .unwrap_or_else(|v| panic!("{v:?}"));
    let laser = pos
        .play(Move::parse("j1-").unwrap_or_else(|e| panic!("{e}")), &Rules::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(laser.color, Color::White);
    assert_eq!(laser.removed(), vec![(sq("f1"), Piece::new(Color::White, Kind::Anubis, Facing::North))]);
    assert_eq!(pos.piece_at(sq("f1")), None);
    assert_eq!(pos.outcome(), Outcome::Ongoing);
}

#[test]
fn removing_a_pharaoh_ends_the_game() {
    // silver's pharaoh on e1 behind nothing: turning the sphinx west shoots it
    let mut pos = position('n', 's', &[("e1", 'R', 'n')]);
    let laser = pos
        .play(Move::parse("j1-").unwrap_or_else(|e| panic!("{e}")), &Rules::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(laser.pharaohs_hit(), [Color::White]);
    assert!(laser.to_string().contains("removed the silver pharaoh at e1: silver loses"), "{laser}");
    assert_eq!(pos.outcome(), Outcome::PharaohLost(Color::White));
    assert!(pos.is_over());
    assert!(pos.legal_moves(&Rules::default()).is_empty());
    assert_eq!(polyfen_khet::perft(&pos, 2, &Rules::default()), 0);
    let err = pos.parse_move("a8+", &Rules::default()).unwrap_err();
    assert!(err.kind.contains("the game is over"), "{err}");
    // the finished game still reads and writes
    let again = Position::from_setup(&pos.to_setup()).unwrap_or_else(|v| panic!("{v:?}"));
    assert_eq!(again, pos);
    // and red's pharaoh, shot by red's own laser turned east along rank 8
    let mut pos = position('n', 's', &[("d8", 'r', 'w')]);
    pos.play(Move::parse("j1+").unwrap_or_else(|e| panic!("{e}")), &Rules::default()).unwrap_err();
    pos.play(Move::parse("j1-").unwrap_or_else(|e| panic!("{e}")), &Rules::default()).unwrap_or_else(|e| panic!("{e}"));
    let laser = pos
        .play(Move::parse("a8-").unwrap_or_else(|e| panic!("{e}")), &Rules::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(laser.pharaohs_hit(), [Color::Black]);
    assert_eq!(pos.outcome(), Outcome::PharaohLost(Color::Black));
}

#[test]
fn the_text_of_a_shot() {
    let pos = Position::from_setup(&CLASSIC.parse::<Pkn>().unwrap_or_else(|e| panic!("{e}")))
        .unwrap_or_else(|v| panic!("{v:?}"));
    assert_eq!(
        pos.laser(Color::White).to_string(),
        "silver laser from j1, fired north\n\
         path: j2 j3 j4 i4 h4 h5 i5 j5 j6 j7 j8\n\
         bounces: j4 north to west, h4 west to north, h5 north to east, j5 east to north\n\
         outcome: left the board at j8 going north\n"
    );
}

/// Both diagrams of a position with a shot drawn on it.
fn diagrams(pkn: &Pkn, color: Color) -> String {
    let pos = Position::from_setup(pkn).unwrap_or_else(|v| panic!("{v:?}"));
    let laser = pos.laser(color);
    let mut out = format!("{pkn}\n\n");
    for style in [RenderStyle::Ascii, RenderStyle::Unicode] {
        let diagram = render_with_laser(pkn, style, &laser);
        for line in diagram.lines().skip(1).take(8) {
            assert_eq!(line.chars().count(), 36, "{line}");
        }
        out.push_str(&diagram);
        out.push('\n');
    }
    out
}

#[test]
fn laser_diagrams() {
    let classic: Pkn = CLASSIC.parse().unwrap_or_else(|e| panic!("{e}"));
    insta::assert_snapshot!("classic_silver", diagrams(&classic, Color::White));
    insta::assert_snapshot!("classic_red", diagrams(&classic, Color::Black));
    let eye = position('w', 's', &[("e1", 'E', 'n'), ("e5", 'p', 'n'), ("c1", 'a', 'n')]).to_setup();
    insta::assert_snapshot!("eye_split", diagrams(&eye, Color::White));
    // up the j file, west along rank 7, down the b file, east along rank
    // 2, then up the i file across its own path on i7 and off the board
    let crossing = position('n', 's', &[("j7", 'P', 's'), ("b7", 'P', 'e'), ("b2", 'P', 'n'), ("i2", 'P', 'w')]);
    let laser = crossing.laser(Color::White);
    assert_eq!(laser.beams[0].end, BeamEnd::LeftBoard { square: sq("i8"), direction: Facing::North }, "{laser}");
    let crossing = crossing.to_setup();
    insta::assert_snapshot!("crossing", diagrams(&crossing, Color::White));
}
