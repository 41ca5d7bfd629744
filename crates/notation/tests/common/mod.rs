//! Helpers shared by the integration tests: random legal play.

#![allow(dead_code)]

use outpost_board::{Move, Position};

/// A small xorshift generator, so tests need no random-number crate.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The moves of a random legal game of at most `plies` plies from `start`.
pub fn random_game(start: Position, seed: u64, plies: usize) -> Vec<Move> {
    let mut rng = Rng(seed | 1);
    let mut pos = start;
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len())];
        moves.push(mv);
        pos = pos.play(mv);
    }
    moves
}

/// The positions of a random legal game, the start first.
pub fn random_positions(seed: u64, plies: usize) -> Vec<Position> {
    let mut pos = Position::startpos();
    let mut out = vec![pos];
    for mv in random_game(pos, seed, plies) {
        pos = pos.play(mv);
        out.push(pos);
    }
    out
}

pub fn data_path(file: &str) -> String {
    format!("{}/../../data/{file}", env!("CARGO_MANIFEST_DIR"))
}

pub fn read_data(file: &str) -> String {
    let path = data_path(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"))
}
