//! The connection wins that end a game at once, for the side that just
//! moved: n in a row (`connectN`), two regions joined (`connectRegion1`,
//! `connectRegion2`), a solid n×n square (`connectNxN`), n on one line
//! with gaps (`collinearN`), each along the directions the keys allow
//! (east, north, north-east and south-east, as Fairy-Stockfish shifts).

use super::compile::Rules;
use super::position::{Position, color, is_piece, kind};
use crate::piece::PieceKind;

impl Rules {
    fn connector(&self, pos: &Position, sq: isize, c: polyfen_core::Color) -> bool {
        if !self.on_board(sq as i16) {
            return false;
        }
        let cell = pos.board[sq as usize];
        is_piece(cell)
            && color(cell) == c
            && (self.connect_types.has_star()
                || PieceKind::from_index(kind(cell)).is_some_and(|k| self.connect_types.contains(k)))
    }

    /// Whether the side that just moved has made a connection that wins.
    pub(crate) fn connected(&self, pos: &Position) -> bool {
        let c = pos.side.other();
        let st = self.stride as isize;
        let mut dirs: Vec<isize> = Vec::with_capacity(4);
        if self.connect_horizontal {
            dirs.push(1);
        }
        if self.connect_vertical {
            dirs.push(st);
        }
        if self.connect_diagonal {
            dirs.push(st + 1);
            dirs.push(-st + 1);
        }
        let squares: Vec<isize> =
            self.board_squares().map(|s| s as isize).filter(|&s| self.connector(pos, s, c)).collect();
        let n = self.connect_n as isize;
        if n > 0 {
            for &d in &dirs {
                if squares.iter().any(|&s| (1..n).all(|i| self.connector(pos, s + i * d, c))) {
                    return true;
                }
            }
        }
        if self.connect_nxn > 0 {
            let n = self.connect_nxn as isize;
            if squares.iter().any(|&s| (0..n).all(|i| (0..n).all(|j| self.connector(pos, s - i * st + j, c)))) {
                return true;
            }
        }
        if self.collinear_n > 0 {
            for &d in &dirs {
                for &s in &squares {
                    let mut count = 1;
                    for sign in [-1, 1] {
                        let mut t = s + sign * d;
                        while self.on_board(t as i16) {
                            if self.connector(pos, t, c) {
                                count += 1;
                            }
                            t += sign * d;
                        }
                    }
                    if count >= self.collinear_n {
                        return true;
                    }
                }
            }
        }
        let (r1, r2) = (&self.connect_region1[c.index()], &self.connect_region2[c.index()]);
        if squares.iter().any(|&s| r1[s as usize]) && squares.iter().any(|&s| r2[s as usize]) {
            let mut current: Vec<bool> = vec![false; pos.board.len()];
            for &s in &squares {
                current[s as usize] = r1[s as usize];
            }
            loop {
                let mut grew = false;
                for &s in &squares {
                    if current[s as usize] {
                        continue;
                    }
                    if dirs.iter().any(|&d| self.on_board((s - d) as i16) && current[(s - d) as usize]) {
                        current[s as usize] = true;
                        grew = true;
                        if r2[s as usize] {
                            return true;
                        }
                    }
                }
                if squares.iter().any(|&s| current[s as usize] && r2[s as usize]) {
                    return true;
                }
                if !grew {
                    break;
                }
            }
        }
        false
    }
}
