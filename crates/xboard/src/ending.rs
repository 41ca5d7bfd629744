//! How the game's end is announced: xboard's result claims.

use outpost_board::Color;
use outpost_engine::Outcome;

/// The result claim for `outcome`: `1-0 {White mates}`, `1/2-1/2 {Stalemate}`...
pub(crate) fn claim(outcome: Outcome) -> String {
    let reason = match outcome {
        Outcome::Checkmate {
            winner: Color::White,
        } => "White mates",
        Outcome::Checkmate {
            winner: Color::Black,
        } => "Black mates",
        Outcome::Stalemate => "Stalemate",
        Outcome::InsufficientMaterial => "Insufficient material",
        Outcome::ThreefoldRepetition => "Draw by repetition",
        Outcome::FiftyMoveRule => "Draw by fifty move rule",
    };
    format!("{} {{{reason}}}", outcome.result())
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_engine::Game;
    use outpost_notation::parse_fen;

    fn play(game: &mut Game, moves: &str) {
        for text in moves.split_whitespace() {
            game.play_uci(text).unwrap();
        }
    }

    #[test]
    fn endings() {
        let mut game = Game::new();
        play(&mut game, "f2f3 e7e5 g2g4 d8h4");
        assert_eq!(claim(game.outcome().unwrap()), "0-1 {Black mates}");
        assert!(game.undo().is_some());
        assert_eq!(game.outcome(), None);
        assert_eq!(game.plies(), 3);

        let mut game = Game::new();
        play(&mut game, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
        assert_eq!(game.outcome(), None);
        play(&mut game, "f6g8");
        assert_eq!(
            claim(game.outcome().unwrap()),
            "1/2-1/2 {Draw by repetition}"
        );
        assert_eq!(game.forced_outcome(), None);

        let stalemate = parse_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(
            claim(Game::from_position(stalemate).outcome().unwrap()),
            "1/2-1/2 {Stalemate}"
        );
        let bare = parse_fen("8/8/8/4k3/8/8/2B5/4K3 w - - 0 1").unwrap();
        assert_eq!(
            claim(Game::from_position(bare).forced_outcome().unwrap()),
            "1/2-1/2 {Insufficient material}"
        );
        let fifty = parse_fen("8/8/8/4k3/8/8/2R5/4K3 w - - 100 80").unwrap();
        assert_eq!(
            claim(Game::from_position(fifty).outcome().unwrap()),
            "1/2-1/2 {Draw by fifty move rule}"
        );
    }
}
