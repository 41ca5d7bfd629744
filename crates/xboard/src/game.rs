//! The game as xboard sees it: a starting position and the moves since,
//! with the positions before each move for `undo` and repetition.

use outpost_board::{Color, Move, Position};

/// How a game ended on the board, as a result claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ending {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub(crate) result: &'static str,
    /// The reason, shown in braces.
    pub(crate) reason: &'static str,
}

impl std::fmt::Display for Ending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {{{}}}", self.result, self.reason)
    }
}

/// A starting position and the moves played from it.
#[derive(Clone, Debug)]
pub(crate) struct Game {
    current: Position,
    /// The positions before each move, oldest first.
    before: Vec<Position>,
    /// Their keys, for repetition detection.
    keys: Vec<u64>,
}

impl Game {
    /// A game from `start`.
    pub(crate) fn new(start: Position) -> Game {
        Game {
            current: start,
            before: Vec::new(),
            keys: Vec::new(),
        }
    }

    /// The position now.
    pub(crate) fn position(&self) -> &Position {
        &self.current
    }

    /// Keys of the positions before this one, oldest first.
    pub(crate) fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// Half-moves played since the start.
    pub(crate) fn plies(&self) -> usize {
        self.before.len()
    }

    /// Plays a legal move.
    pub(crate) fn play(&mut self, mv: Move) {
        self.before.push(self.current);
        self.keys.push(self.current.key());
        self.current.make_move_or_pass(mv);
    }

    /// Takes back the last move; `false` if there is none.
    pub(crate) fn undo(&mut self) -> bool {
        match self.before.pop() {
            Some(pos) => {
                self.keys.pop();
                self.current = pos;
                true
            }
            None => false,
        }
    }

    /// Whether the game is over whatever anyone wants: mate, stalemate, or
    /// material with which no one can mate.
    pub(crate) fn forced_ending(&self) -> Option<Ending> {
        let pos = &self.current;
        if !pos.has_legal_moves() {
            return Some(if !pos.is_check() {
                Ending {
                    result: "1/2-1/2",
                    reason: "Stalemate",
                }
            } else if pos.side_to_move() == Color::White {
                Ending {
                    result: "0-1",
                    reason: "Black mates",
                }
            } else {
                Ending {
                    result: "1-0",
                    reason: "White mates",
                }
            });
        }
        pos.is_insufficient_material().then_some(Ending {
            result: "1/2-1/2",
            reason: "Insufficient material",
        })
    }

    /// Any ending by rule, the claimable draws included: what the engine
    /// claims after its own move.
    pub(crate) fn ending(&self) -> Option<Ending> {
        if let Some(ending) = self.forced_ending() {
            return Some(ending);
        }
        let pos = &self.current;
        if pos.is_threefold_repetition(&self.keys) {
            Some(Ending {
                result: "1/2-1/2",
                reason: "Draw by repetition",
            })
        } else if pos.is_fifty_move_rule() {
            Some(Ending {
                result: "1/2-1/2",
                reason: "Draw by fifty move rule",
            })
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_notation::{parse_fen, parse_uci_move};

    fn play(game: &mut Game, moves: &str) {
        for text in moves.split_whitespace() {
            let mv = parse_uci_move(game.position(), text).unwrap();
            game.play(mv);
        }
    }

    #[test]
    fn endings() {
        let mut game = Game::new(Position::startpos());
        play(&mut game, "f2f3 e7e5 g2g4 d8h4");
        assert_eq!(game.ending().unwrap().to_string(), "0-1 {Black mates}");
        assert!(game.undo());
        assert_eq!(game.ending(), None);
        assert_eq!(game.plies(), 3);

        let mut game = Game::new(Position::startpos());
        play(&mut game, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
        assert_eq!(game.ending(), None);
        play(&mut game, "f6g8");
        assert_eq!(game.ending().unwrap().reason, "Draw by repetition");
        assert_eq!(game.forced_ending(), None);

        let stalemate = parse_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(
            Game::new(stalemate).ending().unwrap().to_string(),
            "1/2-1/2 {Stalemate}"
        );
        let bare = parse_fen("8/8/8/4k3/8/8/2B5/4K3 w - - 0 1").unwrap();
        assert_eq!(
            Game::new(bare).forced_ending().unwrap().reason,
            "Insufficient material"
        );
        let fifty = parse_fen("8/8/8/4k3/8/8/2R5/4K3 w - - 100 80").unwrap();
        assert_eq!(
            Game::new(fifty).ending().unwrap().reason,
            "Draw by fifty move rule"
        );
    }
}
