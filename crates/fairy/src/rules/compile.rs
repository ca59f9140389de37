//! A definition compiled into the tables move generation reads: the board's
//! geometry (a padded mailbox), each piece type's rays for each side, the
//! attack rays grouped by shape, and the rule switches.

use polyfen_core::Color;

use crate::betza::{Kind, Modality};
use crate::definition::Definition;
use crate::keys::Field;
use crate::piece::{PieceKind, PieceSet};
use crate::region::Region;
use crate::value::{Outcome, Value};

/// The width of the border around the board: the longest single jump.
pub(crate) const PAD: i16 = 3;
/// The most cells of the padded board (16 + 6 on each side).
pub(crate) const CELLS: usize = 22 * 22;

/// How a ray goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RayKind {
    /// One jump.
    Leap,
    /// One jump, blocked by a piece on its path.
    Lame,
    /// Repeated jumps (limit 0: any number).
    Slide,
    /// A cannon: over one piece, then as a slide.
    Hop,
    /// A grasshopper: just beyond the first piece.
    Grass,
}

/// One ray of a piece for one side.
#[allow(clippy::struct_excessive_bools)] // one flag per Betza modifier
#[derive(Clone, Debug)]
pub(crate) struct Ray {
    pub delta: i16,
    pub kind: RayKind,
    pub limit: u8,
    pub quiet: bool,
    pub capture: bool,
    pub initial: bool,
    /// For a lame leap, the squares (as deltas from the start) that must be empty.
    pub path: Vec<i16>,
    /// A soldier's sideways step: only once it has crossed its rank.
    pub soldier_side: bool,
}

/// A way a piece comes to a square: `far` steps of `delta` (`to - from`,
/// in cells) at most, stopped by the first piece on the way unless
/// `through`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reach {
    pub delta: i16,
    pub far: u8,
    pub through: bool,
}

/// A capture ray seen from the square attacked, with the piece types that
/// attack along it.
#[derive(Clone, Debug)]
pub(crate) struct AttackRay {
    /// The attacker stands at `target - k * delta`.
    pub delta: i16,
    pub kind: RayKind,
    pub limit: u8,
    pub path: Vec<i16>,
    /// The attacking types (bit per kind index).
    pub mask: u64,
    pub soldier_side: bool,
}

/// A game's rules compiled for move generation.
#[allow(clippy::struct_excessive_bools)] // one flag per rule of the format
#[derive(Clone, Debug)]
pub struct Rules {
    pub(crate) def: Definition,
    pub(crate) files: u8,
    pub(crate) ranks: u8,
    pub(crate) stride: i16,
    /// Rays by kind index (0..64) and side.
    pub(crate) rays: Vec<[Vec<Ray>; 2]>,
    /// Attack rays by attacking side.
    pub(crate) attacks: [Vec<AttackRay>; 2],
    /// The attack rays split for a quick test: one-step leaps (`delta`,
    /// kinds) and slides (`delta`, limit, kinds), each delta once, and the
    /// rest (lame leaps, hops, a soldier's sideways step).
    pub(crate) attack_leaps: [Vec<(i16, u64)>; 2],
    pub(crate) attack_slides: [Vec<(i16, u8, u64)>; 2],
    pub(crate) attack_rest: [Vec<AttackRay>; 2],
    /// Kinds in the game, in Fairy-Stockfish's order.
    pub(crate) kinds: Vec<PieceKind>,
    pub(crate) letters: [u8; 64],
    /// Mobility by side and kind (None: anywhere).
    pub(crate) mobility: Vec<[Option<Vec<bool>>; 2]>,
    pub(crate) restricted_mobility: bool,
    /// Whether a kind may move at all from a square on an empty board (by side).
    pub(crate) mobile: Vec<[Vec<bool>; 2]>,
    /// Whether two rays of a kind may reach the same square (moves then need deduplicating).
    pub(crate) overlap: Vec<bool>,
    /// By side and kind: a piece whose every target is one normal move (no
    /// promotion, en passant, mobility region or doubled ray).
    pub(crate) plain: [[bool; 64]; 2],
    /// By kind and side, the squares from which a piece that is not plain
    /// moves as a plain one does while no en passant square is open: no
    /// target (its pawn steps too) in a promotion zone or off its mobility
    /// region, nor on the palace's lines (empty: never).
    pub(crate) calm: Vec<[Vec<bool>; 2]>,
    /// By kind and side, the ways a piece's moves may come to a square
    /// ([`Rules::reach_steps`]): where a piece must stand to reach a
    /// square, for reading a move by its target.
    pub(crate) reach: Vec<[Vec<Reach>; 2]>,
    /// Each letter SAN writes for a piece, with the kinds it names (a bit
    /// per kind index, [`Rules::san_letter`]).
    pub(crate) san_kinds: Vec<(char, u64)>,
    /// By side and kind: the piece takes en passant.
    pub(crate) ep_taker: [[bool; 64]; 2],
    /// The board's cells, rank by rank from the first, file by file.
    squares: Vec<usize>,
    pub(crate) promotion_zone: [Vec<bool>; 2],
    pub(crate) double_step: [Vec<bool>; 2],
    pub(crate) triple_step: [Vec<bool>; 2],
    pub(crate) ep_region: [Vec<bool>; 2],
    pub(crate) drop_region: [Vec<bool>; 2],
    pub(crate) flag_region: [Vec<bool>; 2],
    /// The squares of each side's flag region, in board order.
    pub(crate) flag_squares: [Vec<usize>; 2],
    pub(crate) promotion_pawns: [PieceSet; 2],
    pub(crate) promotion_pieces: [PieceSet; 2],
    pub(crate) main_pawn: [Option<PieceKind>; 2],
    pub(crate) ep_types: [PieceSet; 2],
    pub(crate) promoted: [Option<PieceKind>; 64],
    pub(crate) promotion_limit: [i32; 64],
    pub(crate) mandatory_pawn: bool,
    pub(crate) mandatory_piece: bool,
    pub(crate) promotion_on_capture: bool,
    pub(crate) demotion: bool,
    pub(crate) drops: bool,
    pub(crate) free_drops: bool,
    pub(crate) captures_to_hand: bool,
    pub(crate) drop_loop: bool,
    pub(crate) drop_promoted: bool,
    pub(crate) first_rank_pawn_drops: bool,
    pub(crate) zone_pawn_drops: bool,
    pub(crate) drop_no_doubled: Option<PieceKind>,
    pub(crate) drop_no_doubled_count: i32,
    pub(crate) immobility_illegal: bool,
    pub(crate) castling: bool,
    pub(crate) chess960: bool,
    pub(crate) castling_king: [Option<PieceKind>; 2],
    pub(crate) castling_rooks: [PieceSet; 2],
    pub(crate) castling_kingside_file: u8,
    pub(crate) castling_queenside_file: u8,
    pub(crate) castling_rank: [u8; 2],
    pub(crate) castling_king_file: u8,
    pub(crate) castling_rook_kingside_file: u8,
    pub(crate) castling_rook_queenside_file: u8,
    pub(crate) checking: bool,
    pub(crate) drop_checks: bool,
    pub(crate) must_capture: bool,
    pub(crate) pass: [bool; 2],
    pub(crate) pass_on_stalemate: [bool; 2],
    pub(crate) makpong: bool,
    pub(crate) flying_general: bool,
    pub(crate) soldier_rank: u8,
    pub(crate) extinction: bool,
    pub(crate) extinction_types: PieceSet,
    pub(crate) extinction_count: i32,
    pub(crate) extinction_opponent_count: i32,
    pub(crate) extinction_claim: bool,
    pub(crate) flag_piece: [Option<PieceKind>; 2],
    pub(crate) flag_count: i32,
    pub(crate) flag_move: bool,
    pub(crate) flag_safe: bool,
    pub(crate) check_counting: bool,
    pub(crate) counting: crate::value::CountingRule,
    /// The kind the counting rules count as a khon (the silver).
    pub(crate) khon: Option<u8>,
    pub(crate) pseudo_royal: bool,
    pub(crate) blast: bool,
    pub(crate) blast_immune: PieceSet,
    pub(crate) mutually_immune: PieceSet,
    pub(crate) duple_check: bool,
    pub(crate) royal: bool,
    /// Legality is the royal piece's safety, tried on a scratch board.
    pub(crate) fast_legal: bool,
    /// Whether every pseudo-legal move of a side with no royal piece and
    /// no castling right is legal: no pseudo-royal pieces, blasts, walls,
    /// flips, bikjang, mutual immunity, makpong, immobile pieces refused,
    /// bishops kept balanced, nor checks that may not be given.
    pub(crate) free_without_royal: bool,
    pub(crate) two_boards: bool,
    pub(crate) n_move_types: [PieceSet; 2],
    pub(crate) opposite_castling: bool,
    pub(crate) petrify_types: PieceSet,
    pub(crate) petrify_blast: bool,
    pub(crate) has_flag: [bool; 2],
    pub(crate) sittuyin_promotion: bool,
    /// The game writes moves in Hodges' notation (`variantTemplate = shogi`).
    pub(crate) shogi_notation: bool,
    pub(crate) sittuyin_no_zone: Vec<bool>,
    pub(crate) flag_blocked_win: bool,
    /// The castlings that win (bits K, Q, k, q).
    pub(crate) castling_wins: u8,
    pub(crate) enclosing_drop: crate::value::EnclosingRule,
    pub(crate) enclosing_start: Vec<bool>,
    pub(crate) flip_enclosed: crate::value::EnclosingRule,
    pub(crate) must_drop: bool,
    pub(crate) must_drop_type: Option<PieceKind>,
    pub(crate) opposite_bishops: bool,
    pub(crate) sittuyin_rook_drop: bool,
    pub(crate) castling_dropped: bool,
    pub(crate) connect_n: i32,
    pub(crate) connect_nxn: i32,
    pub(crate) collinear_n: i32,
    pub(crate) connect_types: PieceSet,
    pub(crate) connect_horizontal: bool,
    pub(crate) connect_vertical: bool,
    pub(crate) connect_diagonal: bool,
    pub(crate) connect_region1: [Vec<bool>; 2],
    pub(crate) connect_region2: [Vec<bool>; 2],
    pub(crate) connects: bool,
    pub(crate) walling: crate::value::WallingRule,
    pub(crate) walling_region: [Vec<bool>; 2],
    pub(crate) wall_or_move: bool,
    pub(crate) gating: bool,
    pub(crate) seirawan: bool,
    pub(crate) cambodian: bool,
    /// Janggi's palace lines (`diagonalLines`), and whether there are any.
    pub(crate) diagonal_lines: Vec<bool>,
    pub(crate) palace: bool,
    /// Whether the king moves as a wazir (it then also steps along the lines).
    pub(crate) wazir_king: bool,
    pub(crate) bikjang: bool,
    pub(crate) full_board_ends: bool,
    /// What the rules of this game need that is not built yet, if anything.
    pub(crate) unsupported: Option<String>,
}

/// The kind index of the soldier (Xiangqi's pawn).
pub(crate) const SOLDIER: u8 = 29;
/// The kind index of the janggi cannon.
pub(crate) const JANGGI_CANNON: u8 = 28;
/// The kind index of the fers.
pub(crate) const FERS: u8 = 6;
/// The kind index of the wazir.
pub(crate) const WAZIR: u8 = 34;

impl Rules {
    /// Compiles a definition.
    pub fn new(def: &Definition) -> Rules {
        let files = def.files().clamp(1, 16);
        let ranks = def.ranks().clamp(1, 16);
        let stride = i16::from(files) + 2 * PAD;
        let kinds: Vec<PieceKind> = def.pieces().collect();
        let mut letters = [0u8; 64];
        for k in &kinds {
            letters[usize::from(k.index()) & 63] = def.letter(*k).map_or(b'?', |c| c as u8);
        }
        let region = |r: Region| -> Vec<bool> {
            let mut v = vec![false; CELLS];
            for rank in 0..ranks {
                for file in 0..files {
                    if r.contains(file + 1, rank + 1) {
                        v[sq_of(stride, file, rank)] = true;
                    }
                }
            }
            v
        };
        let by_side = |w: Field, b: Field| [region(def.region(w)), region(def.region(b))];
        let piece = |f: Field| match def.get(f) {
            Value::Piece(p) => *p,
            _ => None,
        };
        let soldier_rank = def.number(Field::SoldierPromotionRank).clamp(1, 16) as u8;
        let mut unsupported = Vec::new();
        let mut rays: Vec<[Vec<Ray>; 2]> = (0..64).map(|_| [Vec::new(), Vec::new()]).collect();
        for kind in &kinds {
            let Ok(betza) = def.moves(*kind) else {
                unsupported.push(format!("the moves of {kind} do not read"));
                continue;
            };
            for (ci, sign) in [(0usize, 1i16), (1, -1)] {
                let mut out: Vec<Ray> = Vec::new();
                for (key, limit) in betza.moves() {
                    let (fwd, right) = (i16::from(key.forward), i16::from(key.right));
                    let delta = sign * (fwd * stride + right);
                    let kind_of_ray = match key.kind {
                        Kind::Step if limit == -1 => RayKind::Lame,
                        Kind::Step => RayKind::Leap,
                        Kind::Slide => RayKind::Slide,
                        Kind::Hop if limit == 1 => RayKind::Grass,
                        Kind::Hop => RayKind::Hop,
                    };
                    // Fairy-Stockfish plays lame leaps of the dabbaba (nD), the horse (nN), the
                    // elephant (nA) and the janggi elephant (nZ) only.
                    let (af, ar) = (key.right.unsigned_abs(), key.forward.unsigned_abs());
                    if kind_of_ray == RayKind::Lame && !matches!((af.min(ar), af.max(ar)), (0..=2, 2) | (2, 3)) {
                        continue;
                    }
                    let path = if kind_of_ray == RayKind::Lame {
                        lame_path(key.right, key.forward)
                            .into_iter()
                            .map(|(df, dr)| sign * (dr * stride + df))
                            .collect()
                    } else {
                        Vec::new()
                    };
                    let lim = match kind_of_ray {
                        RayKind::Slide => limit.max(0) as u8,
                        RayKind::Hop if limit > 1 => limit as u8,
                        _ => 0,
                    };
                    let soldier_side = kind.index() == SOLDIER && key.forward == 0;
                    let quiet = key.modality == Modality::Quiet;
                    if let Some(r) = out.iter_mut().find(|r| {
                        r.delta == delta && r.kind == kind_of_ray && r.limit == lim && r.initial == key.initial
                    }) {
                        r.quiet |= quiet;
                        r.capture |= !quiet;
                    } else {
                        out.push(Ray {
                            delta,
                            kind: kind_of_ray,
                            limit: lim,
                            quiet,
                            capture: !quiet,
                            initial: key.initial,
                            path,
                            soldier_side,
                        });
                    }
                }
                rays[usize::from(kind.index())][ci] = out;
            }
        }
        let mut attacks: [Vec<AttackRay>; 2] = [Vec::new(), Vec::new()];
        for kind in &kinds {
            for ci in 0..2 {
                for ray in &rays[usize::from(kind.index())][ci] {
                    if !ray.capture || ray.initial {
                        continue;
                    }
                    let list = &mut attacks[ci];
                    let bit = 1u64 << kind.index();
                    if let Some(a) = list.iter_mut().find(|a| {
                        a.delta == ray.delta
                            && a.kind == ray.kind
                            && a.limit == ray.limit
                            && a.path == ray.path
                            && a.soldier_side == ray.soldier_side
                    }) {
                        a.mask |= bit;
                    } else {
                        list.push(AttackRay {
                            delta: ray.delta,
                            kind: ray.kind,
                            limit: ray.limit,
                            path: ray.path.clone(),
                            mask: bit,
                            soldier_side: ray.soldier_side,
                        });
                    }
                }
            }
        }
        let mut attack_leaps: [Vec<(i16, u64)>; 2] = [Vec::new(), Vec::new()];
        let mut attack_slides: [Vec<(i16, u8, u64)>; 2] = [Vec::new(), Vec::new()];
        let mut attack_rest: [Vec<AttackRay>; 2] = [Vec::new(), Vec::new()];
        for ci in 0..2 {
            for a in &attacks[ci] {
                match a.kind {
                    RayKind::Leap | RayKind::Slide if !a.soldier_side && (a.kind == RayKind::Leap || a.limit == 1) => {
                        match attack_leaps[ci].iter_mut().find(|(d, _)| *d == a.delta) {
                            Some((_, mask)) => *mask |= a.mask,
                            None => attack_leaps[ci].push((a.delta, a.mask)),
                        }
                    }
                    RayKind::Slide if !a.soldier_side => {
                        match attack_slides[ci].iter_mut().find(|(d, l, _)| *d == a.delta && *l == a.limit) {
                            Some((_, _, mask)) => *mask |= a.mask,
                            None => attack_slides[ci].push((a.delta, a.limit, a.mask)),
                        }
                    }
                    _ => attack_rest[ci].push(a.clone()),
                }
            }
        }
        let mut mobility: Vec<[Option<Vec<bool>>; 2]> = (0..64).map(|_| [None, None]).collect();
        let mut restricted_mobility = false;
        for kind in &kinds {
            for color in Color::ALL {
                let r = def.mobility(color, *kind);
                if !r.is_empty() {
                    restricted_mobility = true;
                    mobility[usize::from(kind.index())][color.index()] = Some(region(r));
                }
            }
        }
        let mut promoted = [None; 64];
        if let Value::PiecePieces(map) = def.get(Field::PromotedPieceType) {
            for (from, to) in map {
                if kinds.contains(from) {
                    promoted[usize::from(from.index()) & 63] = to.filter(|t| kinds.contains(t));
                }
            }
        }
        let mut promotion_limit = [0i32; 64];
        if let Value::PieceInts(map) = def.get(Field::PromotionLimit) {
            for (k, n) in map {
                promotion_limit[usize::from(k.index()) & 63] = *n;
            }
        }
        let double_step = if def.flag(Field::DoubleStep) {
            by_side(Field::DoubleStepRegionWhite, Field::DoubleStepRegionBlack)
        } else {
            [vec![false; CELLS], vec![false; CELLS]]
        };
        let outcome = |f: Field| match def.get(f) {
            Value::Outcome(o) => *o,
            _ => Outcome::None,
        };
        let king_present = kinds.contains(&PieceKind::KING);
        let mut rules = Rules {
            def: def.clone(),
            files,
            ranks,
            stride,
            rays,
            attacks,
            attack_leaps,
            attack_slides,
            attack_rest,
            kinds: kinds.clone(),
            letters,
            mobility,
            restricted_mobility,
            mobile: Vec::new(),
            overlap: Vec::new(),
            plain: [[false; 64]; 2],
            calm: Vec::new(),
            reach: Vec::new(),
            san_kinds: Vec::new(),
            ep_taker: [[false; 64]; 2],
            squares: (0..ranks).flat_map(|r| (0..files).map(move |f| sq_of(stride, f, r))).collect(),
            promotion_zone: by_side(Field::PromotionRegionWhite, Field::PromotionRegionBlack),
            double_step,
            triple_step: by_side(Field::TripleStepRegionWhite, Field::TripleStepRegionBlack),
            ep_region: by_side(Field::EnPassantRegionWhite, Field::EnPassantRegionBlack),
            drop_region: by_side(Field::DropRegionWhite, Field::DropRegionBlack),
            flag_region: by_side(Field::FlagRegionWhite, Field::FlagRegionBlack),
            flag_squares: [Vec::new(), Vec::new()],
            promotion_pawns: [
                def.piece_set(Field::PromotionPawnTypesWhite),
                def.piece_set(Field::PromotionPawnTypesBlack),
            ],
            promotion_pieces: [
                def.piece_set(Field::PromotionPieceTypesWhite),
                def.piece_set(Field::PromotionPieceTypesBlack),
            ],
            main_pawn: [piece(Field::MainPromotionPawnWhite), piece(Field::MainPromotionPawnBlack)],
            ep_types: [def.piece_set(Field::EnPassantTypesWhite), def.piece_set(Field::EnPassantTypesBlack)],
            promoted,
            promotion_limit,
            mandatory_pawn: def.flag(Field::MandatoryPawnPromotion),
            mandatory_piece: def.flag(Field::MandatoryPiecePromotion),
            promotion_on_capture: def.flag(Field::PiecePromotionOnCapture),
            demotion: def.flag(Field::PieceDemotion),
            drops: def.flag(Field::PieceDrops),
            free_drops: def.flag(Field::FreeDrops),
            captures_to_hand: def.flag(Field::CapturesToHand),
            drop_loop: def.flag(Field::DropLoop),
            drop_promoted: def.flag(Field::DropPromoted),
            first_rank_pawn_drops: def.flag(Field::FirstRankPawnDrops),
            zone_pawn_drops: def.flag(Field::PromotionZonePawnDrops),
            drop_no_doubled: piece(Field::DropNoDoubled),
            drop_no_doubled_count: def.number(Field::DropNoDoubledCount),
            immobility_illegal: def.flag(Field::ImmobilityIllegal),
            castling: def.flag(Field::Castling),
            chess960: def.flag(Field::Chess960),
            castling_king: [piece(Field::CastlingKingPieceWhite), piece(Field::CastlingKingPieceBlack)],
            castling_rooks: [
                def.piece_set(Field::CastlingRookPiecesWhite),
                def.piece_set(Field::CastlingRookPiecesBlack),
            ],
            castling_kingside_file: (def.number(Field::CastlingKingsideFile) - 1).clamp(0, i32::from(files) - 1) as u8,
            castling_queenside_file: (def.number(Field::CastlingQueensideFile) - 1).clamp(0, i32::from(files) - 1)
                as u8,
            castling_rank: {
                let r = (def.number(Field::CastlingRank) - 1).clamp(0, i32::from(ranks) - 1) as u8;
                [r, ranks - 1 - r]
            },
            castling_king_file: (def.number(Field::CastlingKingFile) - 1).clamp(0, 15) as u8,
            castling_rook_kingside_file: (def.number(Field::CastlingRookKingsideFile) - 1)
                .clamp(0, i32::from(files) - 1) as u8,
            castling_rook_queenside_file: (def.number(Field::CastlingRookQueensideFile) - 1)
                .clamp(0, i32::from(files) - 1) as u8,
            checking: def.flag(Field::Checking),
            drop_checks: def.flag(Field::DropChecks),
            must_capture: def.flag(Field::MustCapture),
            pass: [def.flag(Field::PassWhite), def.flag(Field::PassBlack)],
            pass_on_stalemate: [def.flag(Field::PassOnStalemateWhite), def.flag(Field::PassOnStalemateBlack)],
            makpong: def.flag(Field::MakpongRule),
            flying_general: def.flag(Field::FlyingGeneral),
            soldier_rank,
            extinction: outcome(Field::ExtinctionValue) != Outcome::None,
            extinction_types: def.piece_set(Field::ExtinctionPieceTypes),
            extinction_count: def.number(Field::ExtinctionPieceCount),
            extinction_opponent_count: def.number(Field::ExtinctionOpponentPieceCount),
            extinction_claim: def.flag(Field::ExtinctionClaim),
            flag_piece: [piece(Field::FlagPieceWhite), piece(Field::FlagPieceBlack)],
            flag_count: def.number(Field::FlagPieceCount),
            flag_move: def.flag(Field::FlagMove),
            flag_safe: def.flag(Field::FlagPieceSafe),
            check_counting: def.flag(Field::CheckCounting),
            counting: match def.get(Field::CountingRule) {
                crate::value::Value::CountingRule(c) => *c,
                _ => crate::value::CountingRule::None,
            },
            khon: PieceKind::from_name("silver").map(PieceKind::index),
            pseudo_royal: def.flag(Field::ExtinctionPseudoRoyal),
            blast: def.flag(Field::BlastOnCapture),
            blast_immune: def.piece_set(Field::BlastImmuneTypes),
            mutually_immune: def.piece_set(Field::MutuallyImmuneTypes),
            duple_check: def.flag(Field::DupleCheck),
            royal: king_present,
            fast_legal: false,
            free_without_royal: false,
            two_boards: def.flag(Field::TwoBoards),
            n_move_types: [def.piece_set(Field::NMoveRuleTypesWhite), def.piece_set(Field::NMoveRuleTypesBlack)],
            opposite_castling: def.flag(Field::OppositeCastling),
            petrify_types: def.piece_set(Field::PetrifyOnCaptureTypes),
            petrify_blast: def.flag(Field::PetrifyBlastPieces),
            has_flag: [!def.region(Field::FlagRegionWhite).is_empty(), !def.region(Field::FlagRegionBlack).is_empty()],
            sittuyin_promotion: def.flag(Field::SittuyinPromotion),
            shogi_notation: def.text(Field::VariantTemplate) == "shogi",
            sittuyin_no_zone: vec![false; CELLS],
            flag_blocked_win: def.flag(Field::FlagPieceBlockedWin),
            castling_wins: match def.get(Field::CastlingWins) {
                Value::CastlingRights(c) => c.0,
                _ => 0,
            },
            enclosing_drop: match def.get(Field::EnclosingDrop) {
                Value::EnclosingRule(e) => *e,
                _ => crate::value::EnclosingRule::None,
            },
            enclosing_start: region(def.region(Field::EnclosingDropStart)),
            flip_enclosed: match def.get(Field::FlipEnclosedPieces) {
                Value::EnclosingRule(e) => *e,
                _ => crate::value::EnclosingRule::None,
            },
            must_drop: def.flag(Field::MustDrop),
            must_drop_type: piece(Field::MustDropType),
            opposite_bishops: def.flag(Field::DropOppositeColoredBishop),
            sittuyin_rook_drop: def.flag(Field::SittuyinRookDrop),
            castling_dropped: def.flag(Field::CastlingDroppedPiece),
            connect_n: def.number(Field::ConnectN),
            connect_nxn: def.number(Field::ConnectNxN),
            collinear_n: def.number(Field::CollinearN),
            connect_types: def.piece_set(Field::ConnectPieceTypes),
            connect_horizontal: def.flag(Field::ConnectHorizontal),
            connect_vertical: def.flag(Field::ConnectVertical),
            connect_diagonal: def.flag(Field::ConnectDiagonal),
            connect_region1: by_side(Field::ConnectRegion1White, Field::ConnectRegion1Black),
            connect_region2: by_side(Field::ConnectRegion2White, Field::ConnectRegion2Black),
            connects: def.number(Field::ConnectN) > 0
                || def.number(Field::ConnectNxN) > 0
                || def.number(Field::CollinearN) > 0
                || !def.region(Field::ConnectRegion1White).is_empty()
                || !def.region(Field::ConnectRegion1Black).is_empty(),
            walling: match def.get(Field::WallingRule) {
                Value::WallingRule(w) => *w,
                _ => crate::value::WallingRule::None,
            },
            walling_region: by_side(Field::WallingRegionWhite, Field::WallingRegionBlack),
            wall_or_move: def.flag(Field::WallOrMove),
            gating: def.flag(Field::Gating),
            seirawan: def.flag(Field::SeirawanGating),
            cambodian: def.flag(Field::CambodianMoves),
            diagonal_lines: region(def.region(Field::DiagonalLines)),
            palace: !def.region(Field::DiagonalLines).is_empty(),
            wazir_king: def.betza(PieceKind::KING) == "W",
            bikjang: def.flag(Field::BikjangRule),
            full_board_ends: def.flag(Field::AdjudicateFullBoard),
            unsupported: if unsupported.is_empty() { None } else { Some(unsupported.join(", ")) },
        };
        rules.free_without_royal = !rules.pseudo_royal
            && !rules.blast
            && !rules.bikjang
            && rules.mutually_immune.is_empty()
            && rules.petrify_types.is_empty()
            && !rules.makpong
            && !rules.immobility_illegal
            && !rules.opposite_bishops
            && rules.checking
            && rules.drop_checks
            && !rules.sittuyin_promotion
            && rules.walling == crate::value::WallingRule::None
            && rules.flip_enclosed == crate::value::EnclosingRule::None;
        rules.fast_legal = !rules.pseudo_royal
            && !rules.blast
            && !rules.bikjang
            && rules.mutually_immune.is_empty()
            && rules.petrify_types.is_empty()
            && rules.walling == crate::value::WallingRule::None
            && rules.flip_enclosed == crate::value::EnclosingRule::None;
        rules.flag_squares = [0, 1].map(|ci| {
            let region = &rules.flag_region[ci];
            rules.squares.iter().copied().filter(|&s| region.get(s).copied().unwrap_or(false)).collect()
        });
        // Whether two of a kind's rays reach one square: compared as steps
        // across and up (a ray one square left, ridden as far as the
        // board's cells go, is not the one a rank down).
        let stride = rules.stride;
        let step = |delta: i16| {
            let across = (delta + stride / 2).rem_euclid(stride) - stride / 2;
            (across, (delta - across) / stride)
        };
        rules.overlap = (0..64usize)
            .map(|k| {
                let mut seen = std::collections::BTreeSet::new();
                rules.rays[k][0].iter().any(|r| {
                    let steps = if matches!(r.kind, RayKind::Leap | RayKind::Lame) { 1 } else { 16 };
                    let (x, y) = step(r.delta);
                    (1..=steps).any(|n| !seen.insert((x * n, y * n, r.initial)))
                })
            })
            .collect();
        for ci in 0..2 {
            for k in 0..64u8 {
                let kind = PieceKind::from_index(k);
                let in_set = |set: &PieceSet| kind.is_some_and(|p| set.contains(p));
                rules.plain[ci][usize::from(k)] = k != PieceKind::PAWN.index()
                    && !in_set(&rules.promotion_pawns[ci])
                    && !in_set(&rules.ep_types[ci])
                    && rules.promoted[usize::from(k)].is_none()
                    && !rules.demotion
                    && rules.mobility[usize::from(k)][ci].is_none()
                    && !rules.overlap[usize::from(k)];
            }
        }
        rules.mobile = (0..64u8)
            .map(|k| {
                let mut out = [vec![false; CELLS], vec![false; CELLS]];
                for (ci, side) in out.iter_mut().enumerate() {
                    for rank in 0..ranks {
                        for file in 0..files {
                            let s = sq_of(stride, file, rank);
                            side[s] = rules.rays[usize::from(k)][ci]
                                .iter()
                                .filter(|r| r.quiet && !r.initial)
                                .any(|r| rules.on_board(s as i16 + r.delta));
                        }
                    }
                }
                out
            })
            .collect();
        rules.calm = (0..64u8).map(|k| [0, 1].map(|ci| rules.calm_squares(k, ci))).collect();
        rules.reach = (0..64u8).map(|k| [0, 1].map(|ci| rules.reach_steps(k, ci))).collect();
        rules.san_kinds = rules.san_letters();
        for ci in 0..2 {
            for k in 0..64u8 {
                rules.ep_taker[ci][usize::from(k)] = k == PieceKind::PAWN.index()
                    || PieceKind::from_index(k).is_some_and(|p| rules.ep_types[ci].contains(p));
            }
        }
        rules
    }

    /// The squares from which a piece of kind `k` and side `ci` that is not
    /// plain is calm (see [`Rules::calm`]): every square its rays reach on
    /// an empty board, and its pawn's double and triple steps, outside the
    /// zones where it would promote and inside its mobility region.
    fn calm_squares(&self, k: u8, ci: usize) -> Vec<bool> {
        let ki = usize::from(k);
        if self.plain[ci][ki] || self.overlap[ki] || self.demotion || self.rays[ki][ci].is_empty() {
            return Vec::new();
        }
        let pawn = k == PieceKind::PAWN.index();
        let kind = PieceKind::from_index(k);
        let pawn_type = pawn || kind.is_some_and(|p| self.promotion_pawns[ci].contains(p));
        let zone = if self.sittuyin_promotion && pawn { &self.sittuyin_no_zone } else { &self.promotion_zone[ci] };
        let promotes = self.promoted[ki].is_some();
        let up = if ci == 0 { self.stride } else { -self.stride };
        let mut calm = vec![false; CELLS];
        for &from in &self.squares {
            if promotes && zone[from] {
                continue;
            }
            if self.palace && self.diagonal_lines[from] {
                continue;
            }
            let mut reach: Vec<i16> = Vec::new();
            for ray in &self.rays[ki][ci] {
                let steps = match ray.kind {
                    RayKind::Leap | RayKind::Lame => 1,
                    _ if ray.limit == 0 => 32,
                    _ => i16::from(ray.limit) + 1,
                };
                for n in 1..=steps {
                    let to = from as i16 + n * ray.delta;
                    if !self.on_board(to) {
                        break;
                    }
                    reach.push(to);
                }
            }
            if pawn && (self.double_step[ci][from] || self.triple_step[ci][from]) {
                reach.extend([from as i16 + up, from as i16 + 2 * up, from as i16 + 3 * up]);
            }
            calm[from] = reach.iter().all(|&to| {
                !self.on_board(to)
                    || (self.may_stand(if ci == 0 { Color::White } else { Color::Black }, k, to as usize)
                        && !((pawn_type || promotes) && zone[to as usize]))
            });
        }
        calm
    }

    /// The definition compiled.
    pub fn definition(&self) -> &Definition {
        &self.def
    }

    /// What this game needs that polyfen does not play yet (`None`: every
    /// rule of its definition is played).
    pub fn unsupported(&self) -> Option<&str> {
        self.unsupported.as_deref()
    }

    /// The number of files.
    pub fn files(&self) -> u8 {
        self.files
    }

    /// The number of ranks.
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// How many cells of a position's padded board the game uses: its
    /// ranks and the padding above and below, each rank a stride long.
    pub(crate) fn cells(&self) -> usize {
        ((i16::from(self.ranks) + 2 * PAD) * self.stride) as usize
    }

    pub(crate) fn sq(&self, file: u8, rank: u8) -> usize {
        sq_of(self.stride, file, rank)
    }

    /// The board's squares, rank by rank from the first, each from its
    /// first file.
    pub(crate) fn board_squares(&self) -> impl Iterator<Item = usize> + Clone + '_ {
        self.squares.iter().copied()
    }

    pub(crate) fn file_of(&self, sq: usize) -> u8 {
        (sq as i16 % self.stride - PAD) as u8
    }

    pub(crate) fn rank_of(&self, sq: usize) -> u8 {
        (sq as i16 / self.stride - PAD) as u8
    }

    pub(crate) fn on_board(&self, sq: i16) -> bool {
        let (f, r) = (sq % self.stride - PAD, sq / self.stride - PAD);
        sq >= 0 && (0..i16::from(self.files)).contains(&f) && (0..i16::from(self.ranks)).contains(&r)
    }

    /// The rank of a square seen from `color`'s side, from 0.
    pub(crate) fn relative_rank(&self, color: Color, sq: usize) -> u8 {
        let r = self.rank_of(sq);
        if color == Color::White { r } else { self.ranks - 1 - r }
    }

    pub(crate) fn may_stand(&self, color: Color, kind: u8, sq: usize) -> bool {
        match &self.mobility[usize::from(kind) & 63][color.index()] {
            Some(m) => m[sq],
            None => true,
        }
    }

    pub(crate) fn letter(&self, kind: u8) -> char {
        char::from(self.letters[usize::from(kind) & 63])
    }
}

pub(crate) fn sq_of(stride: i16, file: u8, rank: u8) -> usize {
    ((i16::from(rank) + PAD) * stride + i16::from(file) + PAD) as usize
}

/// Fairy-Stockfish's path of a lame leap of (`df` files, `dr` ranks): the
/// squares it passes, each step going the longer way first and diagonally
/// when both are equal.
fn lame_path(df: i8, dr: i8) -> Vec<(i16, i16)> {
    let (tf, tr) = (i16::from(df), i16::from(dr));
    let (sf, sr) = (tf.signum(), tr.signum());
    let (mut f, mut r) = (0i16, 0i16);
    let mut out = Vec::new();
    while (f, r) != (tf, tr) {
        let diff = (tf - f).abs() - (tr - r).abs();
        match diff.cmp(&0) {
            core::cmp::Ordering::Greater => f += sf,
            core::cmp::Ordering::Less => r += sr,
            core::cmp::Ordering::Equal => {
                f += sf;
                r += sr;
            }
        }
        if (f, r) != (tf, tr) {
            out.push((f, r));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::Rules;
    use crate::Variants;
    use crate::piece::PieceKind;

    /// A rider's rays reach each square once (a rook's ray to the left is
    /// not its ray a rank down, though their cells may differ by as much);
    /// a piece whose atoms share squares (the wazir within the rook) is
    /// marked as such.
    #[test]
    fn only_pieces_whose_rays_share_squares_overlap() {
        let variants = Variants::builtin();
        for name in ["chess", "atomic", "capablanca", "grand", "xiangqi", "shogi"] {
            let rules = Rules::new(variants.get(name).expect("built in"));
            for kind in [PieceKind::BISHOP, PieceKind::ROOK, PieceKind::QUEEN, PieceKind::KNIGHT] {
                assert!(!rules.overlap[usize::from(kind.index())], "{name}: {kind:?}");
            }
        }
        let mut mine = Variants::builtin().clone();
        mine.read("mine.ini", "[mine:chess]\ncustomPiece1 = a:WR\ncustomPiece2 = c:NN\n").expect("reads");
        let rules = Rules::new(mine.get("mine").expect("defined"));
        let custom = |n: u8| usize::from(PieceKind::custom(n).expect("a custom slot").index());
        assert!(rules.overlap[custom(1)], "WR: the wazir's squares are the rook's first");
        assert!(!rules.overlap[custom(2)], "a nightrider's rays are apart");
    }
}
