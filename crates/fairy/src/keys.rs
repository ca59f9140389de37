//! Every key of the variants-file format: the fields a definition holds
//! (with their types, defaults and meaning) and the keys that set them, in
//! the order Fairy-Stockfish applies them — aliases such as `pawnTypes` or
//! `flagRegion` set several fields, and a later, narrower key wins.
//!
//! The keys naming pieces (`knight`, `customPiece1`, `king`) and their
//! mobility regions (`mobilityRegionWhiteKnight`) are not in these tables:
//! they are made from [`crate::piece::PieceKind`].

use crate::piece::{PieceKind, PieceSet};
use crate::region::Region;
use crate::value::{
    CastlingRights, ChasingRule, CountingRule, EnclosingRule, MaterialCounting, Outcome, Value, ValueType, WallingRule,
};
use std::collections::BTreeMap;

macro_rules! fields {
    ($($variant:ident => $key:literal, $ty:ident, $default:expr, $doc:literal;)+) => {
        /// A field of a definition: one value, for one side where the rule
        /// is per side.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Field {
            $(#[doc = $doc] $variant),+
        }

        impl Field {
            /// Every field, in the order a definition is written.
            pub const ALL: &'static [Field] = &[$(Field::$variant),+];

            /// The key that sets this field alone (empty for the one field
            /// no key names alone: the main promotion pawn type).
            pub const fn key(self) -> &'static str {
                match self { $(Field::$variant => $key),+ }
            }

            /// The type of the field's value.
            pub const fn value_type(self) -> ValueType {
                match self { $(Field::$variant => ValueType::$ty),+ }
            }

            /// What the field means.
            pub const fn doc(self) -> &'static str {
                match self { $(Field::$variant => $doc),+ }
            }

            /// The value of a section with no parent.
            pub fn default_value(self) -> Value {
                match self { $(Field::$variant => $default),+ }
            }

            /// The field's position in [`Field::ALL`].
            pub const fn index(self) -> usize {
                self as usize
            }
        }
    };
}

fn pawn() -> Value {
    Value::Pieces(PieceSet::of(PieceKind::PAWN))
}

fn region(r: Region) -> Value {
    Value::Region(r)
}

fields! {
    VariantTemplate => "variantTemplate", Text, Value::Text("fairy".into()), "The GUI logic `XBoard` should use: fairy, shogi, bughouse, …";
    PieceToCharTable => "pieceToCharTable", Text, Value::Text("-".into()), "`XBoard`'s mapping of piece letters to images (`-`: none).";
    PocketSize => "pocketSize", Int, Value::Int(0), "The number of pockets `XBoard` shows for a drop game.";
    MaxRank => "maxRank", Rank, Value::Rank(8), "The number of ranks.";
    MaxFile => "maxFile", File, Value::File(8), "The number of files.";
    Chess960 => "chess960", Bool, Value::Bool(false), "Chess960 castling.";
    TwoBoards => "twoBoards", Bool, Value::Bool(false), "Pieces in hand come from another board (bughouse).";
    StartFen => "startFen", Text, Value::Text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into()), "The starting position.";
    PieceValueMg => "pieceValueMg", PieceInts, Value::PieceInts(BTreeMap::new()), "Engine piece values in the middlegame (`p:150`).";
    PieceValueEg => "pieceValueEg", PieceInts, Value::PieceInts(BTreeMap::new()), "Engine piece values in the endgame.";
    PromotionRegionWhite => "promotionRegionWhite", Region, region(Region::rank(8)), "Where white's pawns promote.";
    PromotionRegionBlack => "promotionRegionBlack", Region, region(Region::rank(1)), "Where black's pawns promote.";
    MainPromotionPawnWhite => "", PieceType, Value::Piece(Some(PieceKind::PAWN)), "White's main promotion pawn type: the last one listed in the promotion pawn types.";
    MainPromotionPawnBlack => "", PieceType, Value::Piece(Some(PieceKind::PAWN)), "Black's main promotion pawn type.";
    PromotionPawnTypesWhite => "promotionPawnTypesWhite", PieceSet, pawn(), "White's pieces that promote as pawns.";
    PromotionPawnTypesBlack => "promotionPawnTypesBlack", PieceSet, pawn(), "Black's pieces that promote as pawns.";
    PromotionPieceTypesWhite => "promotionPieceTypesWhite", PieceSet, Value::Pieces(PieceSet::EMPTY), "What white's pawns may promote to.";
    PromotionPieceTypesBlack => "promotionPieceTypesBlack", PieceSet, Value::Pieces(PieceSet::EMPTY), "What black's pawns may promote to.";
    SittuyinPromotion => "sittuyinPromotion", Bool, Value::Bool(false), "Sittuyin's promotion: a pawn promotes in place or on a diagonal step, only when its side has no fers.";
    PromotionLimit => "promotionLimit", PieceInts, Value::PieceInts(BTreeMap::new()), "The most pieces of a type promotion may give (`q:1 r:2`).";
    PromotedPieceType => "promotedPieceType", PiecePieces, Value::PiecePieces(BTreeMap::new()), "What other pieces promote to (`p:g s:g`; `-`: none).";
    PiecePromotionOnCapture => "piecePromotionOnCapture", Bool, Value::Bool(false), "Pieces promote only by capturing.";
    MandatoryPawnPromotion => "mandatoryPawnPromotion", Bool, Value::Bool(true), "Pawn promotion is mandatory.";
    MandatoryPiecePromotion => "mandatoryPiecePromotion", Bool, Value::Bool(false), "Piece promotion (and demotion) is mandatory.";
    PieceDemotion => "pieceDemotion", Bool, Value::Bool(false), "Promoted pieces may demote (Kyoto shogi).";
    BlastOnCapture => "blastOnCapture", Bool, Value::Bool(false), "A capture explodes the capturer and every adjacent piece but pawns (atomic).";
    BlastImmuneTypes => "blastImmuneTypes", PieceSet, Value::Pieces(PieceSet::EMPTY), "Pieces no explosion removes.";
    MutuallyImmuneTypes => "mutuallyImmuneTypes", PieceSet, Value::Pieces(PieceSet::EMPTY), "Pieces that cannot capture a piece of the same type.";
    PetrifyOnCaptureTypes => "petrifyOnCaptureTypes", PieceSet, Value::Pieces(PieceSet::EMPTY), "Pieces that turn into a wall when they capture.";
    PetrifyBlastPieces => "petrifyBlastPieces", Bool, Value::Bool(false), "Pieces destroyed by a blast turn into walls.";
    DoubleStep => "doubleStep", Bool, Value::Bool(true), "Pawns may step twice.";
    DoubleStepRegionWhite => "doubleStepRegionWhite", Region, region(Region::rank(2)), "Where white's pawns may step twice.";
    DoubleStepRegionBlack => "doubleStepRegionBlack", Region, region(Region::rank(7)), "Where black's pawns may step twice.";
    TripleStepRegionWhite => "tripleStepRegionWhite", Region, region(Region::EMPTY), "Where white's pawns may step three times.";
    TripleStepRegionBlack => "tripleStepRegionBlack", Region, region(Region::EMPTY), "Where black's pawns may step three times.";
    EnPassantRegionWhite => "enPassantRegionWhite", Region, region(Region::ALL), "Where white may capture en passant (target squares).";
    EnPassantRegionBlack => "enPassantRegionBlack", Region, region(Region::ALL), "Where black may capture en passant.";
    EnPassantTypesWhite => "enPassantTypesWhite", PieceSet, pawn(), "White's pieces that may capture en passant.";
    EnPassantTypesBlack => "enPassantTypesBlack", PieceSet, pawn(), "Black's pieces that may capture en passant.";
    Castling => "castling", Bool, Value::Bool(true), "Castling is allowed.";
    CastlingDroppedPiece => "castlingDroppedPiece", Bool, Value::Bool(false), "Dropped kings and rooks may castle.";
    CastlingKingsideFile => "castlingKingsideFile", File, Value::File(7), "The king's file after castling kingside.";
    CastlingQueensideFile => "castlingQueensideFile", File, Value::File(3), "The king's file after castling queenside.";
    CastlingRank => "castlingRank", Rank, Value::Rank(1), "The rank of castling, from the side's point of view.";
    CastlingKingFile => "castlingKingFile", File, Value::File(5), "The king's starting file when it may have several.";
    CastlingKingPieceWhite => "castlingKingPieceWhite", PieceType, Value::Piece(Some(PieceKind::KING)), "White's piece that castles as the king.";
    CastlingKingPieceBlack => "castlingKingPieceBlack", PieceType, Value::Piece(Some(PieceKind::KING)), "Black's piece that castles as the king.";
    CastlingRookKingsideFile => "castlingRookKingsideFile", File, Value::File(12), "The kingside rook's starting file when not in the corner.";
    CastlingRookQueensideFile => "castlingRookQueensideFile", File, Value::File(1), "The queenside rook's starting file when not in the corner.";
    CastlingRookPiecesWhite => "castlingRookPiecesWhite", PieceSet, Value::Pieces(PieceSet::of(PieceKind::ROOK)), "White's pieces that castle as the rook.";
    CastlingRookPiecesBlack => "castlingRookPiecesBlack", PieceSet, Value::Pieces(PieceSet::of(PieceKind::ROOK)), "Black's pieces that castle as the rook.";
    OppositeCastling => "oppositeCastling", Bool, Value::Bool(false), "A side may not castle to the side the opponent castled to.";
    Checking => "checking", Bool, Value::Bool(true), "Checks are allowed.";
    DropChecks => "dropChecks", Bool, Value::Bool(true), "A drop may give check.";
    MustCapture => "mustCapture", Bool, Value::Bool(false), "Captures are mandatory.";
    MustDrop => "mustDrop", Bool, Value::Bool(false), "Drops are mandatory (Sittuyin's setup).";
    MustDropType => "mustDropType", PieceType, Value::Piece(None), "The piece type whose drops are mandatory (`*`: any).";
    PieceDrops => "pieceDrops", Bool, Value::Bool(false), "Pieces in hand may be dropped.";
    DropLoop => "dropLoop", Bool, Value::Bool(false), "Captured promoted pieces keep their promotion in hand.";
    CapturesToHand => "capturesToHand", Bool, Value::Bool(false), "Captured pieces go to the capturer's hand.";
    FirstRankPawnDrops => "firstRankPawnDrops", Bool, Value::Bool(false), "Pawns may be dropped on the first rank.";
    PromotionZonePawnDrops => "promotionZonePawnDrops", Bool, Value::Bool(false), "Pawns may be dropped in the promotion zone.";
    EnclosingDrop => "enclosingDrop", EnclosingRule, Value::EnclosingRule(EnclosingRule::None), "What a drop must enclose or touch.";
    EnclosingDropStart => "enclosingDropStart", Region, region(Region::EMPTY), "Where the first drops go regardless of enclosingDrop (Reversi's centre).";
    DropRegionWhite => "dropRegionWhite", Region, region(Region::ALL), "Where white may drop.";
    DropRegionBlack => "dropRegionBlack", Region, region(Region::ALL), "Where black may drop.";
    SittuyinRookDrop => "sittuyinRookDrop", Bool, Value::Bool(false), "Rooks may only be dropped on the first rank (Sittuyin).";
    DropOppositeColoredBishop => "dropOppositeColoredBishop", Bool, Value::Bool(false), "A side's bishops must be dropped on squares of both colours.";
    DropPromoted => "dropPromoted", Bool, Value::Bool(false), "Pieces may be dropped promoted.";
    DropNoDoubled => "dropNoDoubled", PieceType, Value::Piece(None), "The piece that may not be dropped on a file holding its own (`-`: none).";
    DropNoDoubledCount => "dropNoDoubledCount", Int, Value::Int(1), "How many of dropNoDoubled on a file forbid the drop.";
    ImmobilityIllegal => "immobilityIllegal", Bool, Value::Bool(false), "A piece may not go where it could never move again.";
    Gating => "gating", Bool, Value::Bool(false), "Back-rank squares keep extra rights in the castling field.";
    WallingRule => "wallingRule", WallingRule, Value::WallingRule(WallingRule::None), "Where walls are placed.";
    WallingRegionWhite => "wallingRegionWhite", Region, region(Region::ALL), "Where white may place walls (or the duck).";
    WallingRegionBlack => "wallingRegionBlack", Region, region(Region::ALL), "Where black may place walls.";
    WallOrMove => "wallOrMove", Bool, Value::Bool(false), "A turn places a wall or moves, not both.";
    SeirawanGating => "seirawanGating", Bool, Value::Bool(false), "S-Chess gating of pieces in hand (needs gating).";
    CambodianMoves => "cambodianMoves", Bool, Value::Bool(false), "Cambodian chess's first king and queen leaps (needs gating).";
    DiagonalLines => "diagonalLines", Region, region(Region::EMPTY), "Squares joined by diagonal lines (Janggi's palaces).";
    PassWhite => "passWhite", Bool, Value::Bool(false), "White may pass.";
    PassBlack => "passBlack", Bool, Value::Bool(false), "Black may pass.";
    PassOnStalemateWhite => "passOnStalemateWhite", Bool, Value::Bool(false), "White passes when it has no move.";
    PassOnStalemateBlack => "passOnStalemateBlack", Bool, Value::Bool(false), "Black passes when it has no move.";
    MakpongRule => "makpongRule", Bool, Value::Bool(false), "A king in check may not move (Makpong).";
    FlyingGeneral => "flyingGeneral", Bool, Value::Bool(false), "The kings may not face each other on an open file (Xiangqi).";
    SoldierPromotionRank => "soldierPromotionRank", Rank, Value::Rank(1), "The rank from which soldiers also step sideways.";
    FlipEnclosedPieces => "flipEnclosedPieces", EnclosingRule, Value::EnclosingRule(EnclosingRule::None), "Which enemy pieces a drop turns over.";
    FreeDrops => "freeDrops", Bool, Value::Bool(false), "Drops never use up the hand (Ataxx). Not a Fairy-Stockfish key: it hard-codes this for Ataxx.";
    PieceSynonyms => "pieceSynonyms", PieceLetters, Value::PieceLetters(BTreeMap::new()), "Second letters a FEN may use for a piece (`n:h`). Not a Fairy-Stockfish key: it hard-codes them for Xiangqi's pieces.";
    NMoveRuleTypesWhite => "nMoveRuleTypesWhite", PieceSet, pawn(), "White's pieces whose moves reset the n-move count.";
    NMoveRuleTypesBlack => "nMoveRuleTypesBlack", PieceSet, pawn(), "Black's pieces whose moves reset the n-move count.";
    NMoveRule => "nMoveRule", Int, Value::Int(50), "The n of the n-move rule (0: none).";
    NFoldRule => "nFoldRule", Int, Value::Int(3), "The n of n-fold repetition.";
    NFoldValue => "nFoldValue", Outcome, Value::Outcome(Outcome::Draw), "The result of n-fold repetition.";
    NFoldValueAbsolute => "nFoldValueAbsolute", Bool, Value::Bool(false), "nFoldValue is from white's point of view.";
    PerpetualCheckIllegal => "perpetualCheckIllegal", Bool, Value::Bool(false), "Perpetual check loses.";
    MoveRepetitionIllegal => "moveRepetitionIllegal", Bool, Value::Bool(false), "Moving a piece back and forth nFoldRule-1 times is illegal.";
    ChasingRule => "chasingRule", ChasingRule, Value::ChasingRule(ChasingRule::None), "Chasing rules.";
    StalemateValue => "stalemateValue", Outcome, Value::Outcome(Outcome::Draw), "The result of stalemate for the stalemated side.";
    StalematePieceCount => "stalematePieceCount", Bool, Value::Bool(false), "Stalemate is decided by counting pieces.";
    CheckmateValue => "checkmateValue", Outcome, Value::Outcome(Outcome::Loss), "The result of checkmate for the mated side.";
    ShogiPawnDropMateIllegal => "shogiPawnDropMateIllegal", Bool, Value::Bool(false), "Mate by a shogi pawn drop is illegal.";
    ShatarMateRule => "shatarMateRule", Bool, Value::Bool(false), "Shatar's mating rules.";
    BikjangRule => "bikjangRule", Bool, Value::Bool(false), "Janggi's bikjang: facing kings end the game.";
    ExtinctionValue => "extinctionValue", Outcome, Value::Outcome(Outcome::None), "The result when a side's extinction pieces are gone.";
    ExtinctionClaim => "extinctionClaim", Bool, Value::Bool(false), "Extinction is claimed by the side to move.";
    ExtinctionPseudoRoyal => "extinctionPseudoRoyal", Bool, Value::Bool(false), "The last extinction piece is royal.";
    DupleCheck => "dupleCheck", Bool, Value::Bool(false), "Attacking every pseudo-royal piece is check.";
    ExtinctionPieceTypes => "extinctionPieceTypes", PieceSet, Value::Pieces(PieceSet::EMPTY), "The pieces whose extinction decides (`*`: all).";
    ExtinctionPieceCount => "extinctionPieceCount", Int, Value::Int(0), "The count at which the extinction rule decides.";
    ExtinctionOpponentPieceCount => "extinctionOpponentPieceCount", Int, Value::Int(0), "The opponent's count the extinction rule also needs.";
    FlagPieceWhite => "flagPieceWhite", PieceType, Value::Piece(None), "White's piece for capture the flag (`*`: any).";
    FlagPieceBlack => "flagPieceBlack", PieceType, Value::Piece(None), "Black's piece for capture the flag (`*`: any).";
    FlagRegionWhite => "flagRegionWhite", Region, region(Region::EMPTY), "White's target region for capture the flag.";
    FlagRegionBlack => "flagRegionBlack", Region, region(Region::EMPTY), "Black's target region for capture the flag.";
    FlagPieceCount => "flagPieceCount", Int, Value::Int(1), "How many flag pieces must reach the region.";
    FlagPieceBlockedWin => "flagPieceBlockedWin", Bool, Value::Bool(false), "With several flag pieces, one in the region and the rest blocked wins.";
    FlagMove => "flagMove", Bool, Value::Bool(false), "The other side gets one more move after a flag piece arrives.";
    FlagPieceSafe => "flagPieceSafe", Bool, Value::Bool(false), "The flag piece must be safe to win.";
    CheckCounting => "checkCounting", Bool, Value::Bool(false), "Checks are counted in the FEN (3check).";
    ConnectN => "connectN", Int, Value::Int(0), "Pieces in a row that win (0: none).";
    ConnectPieceTypes => "connectPieceTypes", PieceSet, Value::Pieces(PieceSet::EVERY), "The pieces that count for connecting.";
    ConnectHorizontal => "connectHorizontal", Bool, Value::Bool(true), "Connections along ranks count.";
    ConnectVertical => "connectVertical", Bool, Value::Bool(true), "Connections along files count.";
    ConnectDiagonal => "connectDiagonal", Bool, Value::Bool(true), "Connections along diagonals count.";
    ConnectRegion1White => "connectRegion1White", Region, region(Region::EMPTY), "White wins by connecting this region to connectRegion2White.";
    ConnectRegion2White => "connectRegion2White", Region, region(Region::EMPTY), "The other region white connects.";
    ConnectRegion1Black => "connectRegion1Black", Region, region(Region::EMPTY), "Black wins by connecting this region to connectRegion2Black.";
    ConnectRegion2Black => "connectRegion2Black", Region, region(Region::EMPTY), "The other region black connects.";
    ConnectNxN => "connectNxN", Int, Value::Int(0), "A solid N×N square of pieces wins (0: none).";
    CollinearN => "collinearN", Int, Value::Int(0), "N pieces on one line, gaps allowed, win (0: none).";
    ConnectValue => "connectValue", Outcome, Value::Outcome(Outcome::Win), "The result of a connection.";
    MaterialCounting => "materialCounting", MaterialCounting, Value::MaterialCounting(MaterialCounting::None), "Material counting for adjudication.";
    AdjudicateFullBoard => "adjudicateFullBoard", Bool, Value::Bool(false), "Count material as soon as the board is full.";
    CountingRule => "countingRule", CountingRule, Value::CountingRule(CountingRule::None), "Makruk, Cambodian or ASEAN counting.";
    CastlingWins => "castlingWins", CastlingRights, Value::CastlingRights(CastlingRights(0)), "Castlings that win; losing their rights loses.";
}

/// How current a key is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Documented by Fairy-Stockfish.
    Current,
    /// Read by Fairy-Stockfish for old files; its replacement named.
    Deprecated(&'static str),
    /// polyfen's own, for a rule Fairy-Stockfish hard-codes.
    Extension,
}

/// What a key sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The field, to the value read.
    Field(Field),
    /// The main promotion pawn type of the field: the last piece listed.
    LastPiece(Field),
    /// `promotionRank`: both promotion regions, from that rank on.
    PromotionRank,
    /// `doubleStepRank` / `doubleStepRankMin`: both double-step regions.
    DoubleStepRanks,
    /// `dropOnTop`: when true, `enclosingDrop = top`.
    DropOnTop,
}

/// A key of the table: its name, type, what it sets, and how current it is.
#[derive(Clone, Copy, Debug)]
pub struct Key {
    /// The key as written.
    pub name: &'static str,
    /// The type of its value.
    pub value_type: ValueType,
    /// What it sets, in order.
    pub targets: &'static [Target],
    /// Current, deprecated or polyfen's own.
    pub status: Status,
}

use Field as F;
use Target::{Field as T, LastPiece as L};

const fn key(name: &'static str, value_type: ValueType, targets: &'static [Target]) -> Key {
    Key { name, value_type, targets, status: Status::Current }
}

const fn old(name: &'static str, value_type: ValueType, targets: &'static [Target], instead: &'static str) -> Key {
    Key { name, value_type, targets, status: Status::Deprecated(instead) }
}

const fn own(name: &'static str, value_type: ValueType, targets: &'static [Target]) -> Key {
    Key { name, value_type, targets, status: Status::Extension }
}

macro_rules! one {
    ($($f:ident),+) => {
        &[$(key(F::$f.key(), F::$f.value_type(), &[T(F::$f)])),+]
    };
}

use ValueType as V;

/// The keys applied before the per-piece ones: the board's size.
pub const BOARD_KEYS: &[Key] = one!(MaxRank, MaxFile);

/// The keys applied after the pieces, in Fairy-Stockfish's order.
pub const KEYS: &[&[Key]] = &[
    one!(PieceValueMg, PieceValueEg),
    &[
        old("promotionRank", V::Rank, &[Target::PromotionRank], "promotionRegionWhite and promotionRegionBlack"),
        old("doubleStepRank", V::Rank, &[Target::DoubleStepRanks], "doubleStepRegionWhite and doubleStepRegionBlack"),
        old(
            "doubleStepRankMin",
            V::Rank,
            &[Target::DoubleStepRanks],
            "doubleStepRegionWhite and doubleStepRegionBlack",
        ),
        old("whiteFlag", V::Region, &[T(F::FlagRegionWhite)], "flagRegionWhite"),
        old("blackFlag", V::Region, &[T(F::FlagRegionBlack)], "flagRegionBlack"),
        old(
            "castlingRookPiece",
            V::PieceSet,
            &[T(F::CastlingRookPiecesWhite), T(F::CastlingRookPiecesBlack)],
            "castlingRookPieces",
        ),
        old("whiteDropRegion", V::Region, &[T(F::DropRegionWhite)], "dropRegionWhite"),
        old("blackDropRegion", V::Region, &[T(F::DropRegionBlack)], "dropRegionBlack"),
        old("dropOnTop", V::Bool, &[Target::DropOnTop], "enclosingDrop = top"),
        key(
            "pawnTypes",
            V::PieceSet,
            &[
                L(F::MainPromotionPawnWhite),
                L(F::MainPromotionPawnBlack),
                T(F::PromotionPawnTypesWhite),
                T(F::PromotionPawnTypesBlack),
                T(F::EnPassantTypesWhite),
                T(F::EnPassantTypesBlack),
                T(F::NMoveRuleTypesWhite),
                T(F::NMoveRuleTypesBlack),
            ],
        ),
    ],
    one!(
        VariantTemplate,
        PieceToCharTable,
        PocketSize,
        Chess960,
        TwoBoards,
        StartFen,
        PromotionRegionWhite,
        PromotionRegionBlack
    ),
    &[
        key(
            "promotionPawnTypes",
            V::PieceSet,
            &[
                L(F::MainPromotionPawnWhite),
                L(F::MainPromotionPawnBlack),
                T(F::PromotionPawnTypesWhite),
                T(F::PromotionPawnTypesBlack),
            ],
        ),
        key("promotionPawnTypesWhite", V::PieceSet, &[L(F::MainPromotionPawnWhite), T(F::PromotionPawnTypesWhite)]),
        key("promotionPawnTypesBlack", V::PieceSet, &[L(F::MainPromotionPawnBlack), T(F::PromotionPawnTypesBlack)]),
        key("promotionPieceTypes", V::PieceSet, &[T(F::PromotionPieceTypesWhite), T(F::PromotionPieceTypesBlack)]),
    ],
    one!(
        PromotionPieceTypesWhite,
        PromotionPieceTypesBlack,
        SittuyinPromotion,
        PromotionLimit,
        PromotedPieceType,
        PiecePromotionOnCapture,
        MandatoryPawnPromotion,
        MandatoryPiecePromotion,
        PieceDemotion,
        BlastOnCapture,
        BlastImmuneTypes,
        MutuallyImmuneTypes,
        PetrifyOnCaptureTypes,
        PetrifyBlastPieces,
        DoubleStep,
        DoubleStepRegionWhite,
        DoubleStepRegionBlack,
        TripleStepRegionWhite,
        TripleStepRegionBlack
    ),
    &[key("enPassantRegion", V::Region, &[T(F::EnPassantRegionWhite), T(F::EnPassantRegionBlack)])],
    one!(EnPassantRegionWhite, EnPassantRegionBlack),
    &[key("enPassantTypes", V::PieceSet, &[T(F::EnPassantTypesWhite), T(F::EnPassantTypesBlack)])],
    one!(
        EnPassantTypesWhite,
        EnPassantTypesBlack,
        Castling,
        CastlingDroppedPiece,
        CastlingKingsideFile,
        CastlingQueensideFile,
        CastlingRank,
        CastlingKingFile
    ),
    &[key("castlingKingPiece", V::PieceType, &[T(F::CastlingKingPieceWhite), T(F::CastlingKingPieceBlack)])],
    one!(CastlingKingPieceWhite, CastlingKingPieceBlack, CastlingRookKingsideFile, CastlingRookQueensideFile),
    &[key("castlingRookPieces", V::PieceSet, &[T(F::CastlingRookPiecesWhite), T(F::CastlingRookPiecesBlack)])],
    one!(
        CastlingRookPiecesWhite,
        CastlingRookPiecesBlack,
        OppositeCastling,
        Checking,
        DropChecks,
        MustCapture,
        MustDrop,
        MustDropType,
        PieceDrops,
        DropLoop,
        CapturesToHand,
        FirstRankPawnDrops,
        PromotionZonePawnDrops,
        EnclosingDrop,
        EnclosingDropStart,
        DropRegionWhite,
        DropRegionBlack,
        SittuyinRookDrop,
        DropOppositeColoredBishop,
        DropPromoted,
        DropNoDoubled,
        DropNoDoubledCount,
        ImmobilityIllegal,
        Gating,
        WallingRule,
        WallingRegionWhite,
        WallingRegionBlack
    ),
    &[key("wallingRegion", V::Region, &[T(F::WallingRegionWhite), T(F::WallingRegionBlack)])],
    one!(WallOrMove, SeirawanGating, CambodianMoves, DiagonalLines),
    &[key("pass", V::Bool, &[T(F::PassWhite), T(F::PassBlack)])],
    one!(PassWhite, PassBlack),
    &[key("passOnStalemate", V::Bool, &[T(F::PassOnStalemateWhite), T(F::PassOnStalemateBlack)])],
    one!(
        PassOnStalemateWhite,
        PassOnStalemateBlack,
        MakpongRule,
        FlyingGeneral,
        SoldierPromotionRank,
        FlipEnclosedPieces
    ),
    &[key("nMoveRuleTypes", V::PieceSet, &[T(F::NMoveRuleTypesWhite), T(F::NMoveRuleTypesBlack)])],
    one!(
        NMoveRuleTypesWhite,
        NMoveRuleTypesBlack,
        NMoveRule,
        NFoldRule,
        NFoldValue,
        NFoldValueAbsolute,
        PerpetualCheckIllegal,
        MoveRepetitionIllegal,
        ChasingRule,
        StalemateValue,
        StalematePieceCount,
        CheckmateValue,
        ShogiPawnDropMateIllegal,
        ShatarMateRule,
        BikjangRule,
        ExtinctionValue,
        ExtinctionClaim,
        ExtinctionPseudoRoyal,
        DupleCheck,
        ExtinctionPieceTypes,
        ExtinctionPieceCount,
        ExtinctionOpponentPieceCount
    ),
    &[key("flagPiece", V::PieceType, &[T(F::FlagPieceWhite), T(F::FlagPieceBlack)])],
    one!(FlagPieceWhite, FlagPieceBlack),
    &[key("flagRegion", V::Region, &[T(F::FlagRegionWhite), T(F::FlagRegionBlack)])],
    one!(
        FlagRegionWhite,
        FlagRegionBlack,
        FlagPieceCount,
        FlagPieceBlockedWin,
        FlagMove,
        FlagPieceSafe,
        CheckCounting,
        ConnectN,
        ConnectPieceTypes,
        ConnectHorizontal,
        ConnectVertical,
        ConnectDiagonal,
        ConnectRegion1White,
        ConnectRegion2White,
        ConnectRegion1Black,
        ConnectRegion2Black,
        ConnectNxN,
        CollinearN,
        ConnectValue,
        MaterialCounting,
        AdjudicateFullBoard,
        CountingRule,
        CastlingWins
    ),
    &[own("freeDrops", V::Bool, &[T(F::FreeDrops)]), own("pieceSynonyms", V::PieceLetters, &[T(F::PieceSynonyms)])],
];

/// Every key of the tables, in the order they are applied.
pub fn table() -> impl Iterator<Item = &'static Key> {
    BOARD_KEYS.iter().chain(KEYS.iter().flat_map(|group| group.iter()))
}
