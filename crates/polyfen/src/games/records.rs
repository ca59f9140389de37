//! What the Xiangqi record readers share: the roles of the 32 piece slots
//! (XQF and `DhtmlXQ` both place pieces by slot), and the move tree while it
//! is read (XQF, CBR and `DhtmlXQ`), each move checked against the position
//! before it, hung under its parent, and at the end turned into the main
//! line and its variations. Depends on the Xiangqi crate and the game
//! model only.

use polyfen_xiangqi::{Move, MoveStyle, Position, Role};

use crate::games::model::{Node, Variation};

/// The roles of a side's 16 piece slots: chariot, horse, elephant,
/// advisor, king, advisor, elephant, horse, chariot, two cannons, five
/// soldiers (red's slots first, then black's, in both XQF and `DhtmlXQ`).
pub(crate) const SLOTS: [Role; 16] = [
    Role::Chariot,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::King,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Chariot,
    Role::Cannon,
    Role::Cannon,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
];

/// A move of the tree while it is read.
pub(crate) struct Raw {
    pub(crate) mv: String,
    pub(crate) comment: Option<String>,
    /// The next moves: the first is the line's continuation, the others
    /// are played instead of it.
    pub(crate) children: Vec<usize>,
}

/// The tree of a record with only its root: the moves read go under it.
pub(crate) fn root() -> Vec<Raw> {
    vec![Raw { mv: String::new(), comment: None, children: Vec::new() }]
}

/// A move record of a tree read in preorder with an explicit stack of
/// `(parent, position before)`: the move is checked against `pos`, written
/// in UCCI and hung under `parent` with its comment; a `sibling` after it
/// (a variation of it) is read from `pos` again, its `next` move from the
/// position after it.
///
/// # Errors
///
/// The reason the move is illegal, for the reader to place in its input.
pub(crate) fn hang(
    raws: &mut Vec<Raw>,
    pending: &mut Vec<(usize, Position)>,
    (parent, pos): (usize, Position),
    mv: Move,
    comment: Option<String>,
    sibling: bool,
    next: bool,
) -> Result<(), String> {
    pos.check_move(mv).map_err(|e| e.to_string())?;
    let mut text = String::new();
    let _ = pos.write_move(&mut text, mv, MoveStyle::Ucci);
    let index = raws.len();
    raws.push(Raw { mv: text, comment, children: Vec::new() });
    raws[parent].children.push(index);
    if sibling {
        pending.push((parent, pos));
    }
    if next {
        let mut after = pos;
        after.play(mv);
        pending.push((index, after));
    }
    Ok(())
}

/// The line that starts with the children of `parent`, each later child a
/// variation of the first; built without recursion.
pub(crate) fn line_of(raws: &mut [Raw], parent: usize) -> Vec<Node> {
    // Build bottom-up: every node's line is its first child's node followed
    // by that child's line. Process in reverse index order (children always
    // come after their parents).
    let mut lines: Vec<Option<Vec<Node>>> = (0..raws.len()).map(|_| None).collect();
    for index in (0..raws.len()).rev() {
        let children = std::mem::take(&mut raws[index].children);
        let mut line = Vec::new();
        let mut alternatives = Vec::new();
        for (k, &child) in children.iter().enumerate() {
            let mut node = Node::new(std::mem::take(&mut raws[child].mv));
            node.comments.extend(raws[child].comment.take());
            let rest = lines[child].take().unwrap_or_default();
            if k == 0 {
                line.push(node);
                line.extend(rest);
            } else {
                let mut moves = vec![node];
                moves.extend(rest);
                alternatives.push(Variation { comments: Vec::new(), moves });
            }
        }
        if let Some(first) = line.first_mut() {
            first.variations = alternatives;
        }
        lines[index] = Some(line);
    }
    lines[parent].take().unwrap_or_default()
}
