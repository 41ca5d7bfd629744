//! A game of chess: its starting position, its moves, its tags and result,
//! and how it ended.

use crate::pgn::{Control, Line, MoveNode, PgnGame, Tags, Visitor};
pub use crate::result::{GameResult, Outcome};
use crate::{parse_san, parse_uci_move, to_fen, to_san, NotationError, PgnError};
use outpost_board::{Move, Position};
use std::str::FromStr;

/// A game: the starting position, the moves played from it, the tags and the
/// result. Moves are checked for legality as they are played, and the keys of
/// the earlier positions are kept for repetition detection.
///
/// ```
/// use outpost_notation::{Game, GameResult, Outcome};
///
/// let mut game = Game::new();
/// for san in ["f3", "e5", "g4", "Qh4#"] {
///     game.play_san(san).unwrap();
/// }
/// assert!(matches!(game.outcome(), Some(Outcome::Checkmate { .. })));
/// assert_eq!(game.result(), GameResult::BlackWins);
/// assert!(game.to_pgn().contains("1. f3 e5 2. g4 Qh4# 0-1"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Position,
    moves: Vec<Move>,
    /// Keys of the positions before each move: `keys[i]` is the key before `moves[i]`.
    keys: Vec<u64>,
    current: Position,
    tags: Tags,
    result: Option<GameResult>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the standard starting position, with the seven-tag roster
    /// filled with unknowns (`?`).
    ///
    /// ```
    /// use outpost_notation::{to_fen, Game, STARTPOS_FEN};
    ///
    /// let game = Game::new();
    /// assert_eq!(to_fen(game.position()), STARTPOS_FEN);
    /// assert_eq!(game.plies(), 0);
    /// assert_eq!(game.tags().get("Date"), Some("????.??.??"));
    /// assert_eq!(game.tags().get("FEN"), None);
    /// ```
    pub fn new() -> Game {
        Game::from_position(Position::startpos())
    }

    /// A game from `start`, with the seven-tag roster filled with unknowns and,
    /// unless `start` is the standard starting position, the `SetUp` and `FEN`
    /// tags; `Variant` is `Chess960` when the castling rights are Chess960's
    /// (set it yourself for a Chess960 game that looks standard).
    ///
    /// ```
    /// use outpost_notation::{parse_fen, Game};
    ///
    /// let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    /// let mut game = Game::from_position(parse_fen(fen).unwrap());
    /// assert_eq!(game.tags().get("SetUp"), Some("1"));
    /// assert_eq!(game.tags().get("FEN"), Some(fen));
    /// game.play_san("e4").unwrap();
    /// let pgn = game.to_pgn();
    /// assert!(pgn.ends_with("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *\n"));
    /// ```
    pub fn from_position(start: Position) -> Game {
        let mut tags = Tags::seven_tag_roster();
        if start != Position::startpos() {
            tags.set("SetUp", "1");
            tags.set("FEN", &to_fen(&start));
        }
        if start.has_chess960_castling() {
            tags.set("Variant", "Chess960");
        }
        Game {
            start,
            moves: Vec::new(),
            keys: Vec::new(),
            current: start,
            tags,
            result: None,
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The position after the last move.
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves played, in SAN.
    ///
    /// ```
    /// use outpost_notation::Game;
    ///
    /// let mut game = Game::new();
    /// for uci in ["e2e4", "e7e5", "g1f3"] {
    ///     game.play_uci(uci).unwrap();
    /// }
    /// assert_eq!(game.san_moves(), ["e4", "e5", "Nf3"]);
    /// assert_eq!(game.moves()[2].to_string(), "g1f3");
    /// ```
    pub fn san_moves(&self) -> Vec<String> {
        let mut pos = self.start;
        self.moves
            .iter()
            .map(|&mv| {
                let san = to_san(&pos, mv);
                pos = play(&pos, mv);
                san
            })
            .collect()
    }

    /// The tags, in order.
    pub fn tags(&self) -> &Tags {
        &self.tags
    }

    /// The tags, to change them (the `Result` tag is rewritten on export).
    ///
    /// ```
    /// use outpost_notation::Game;
    ///
    /// let mut game = Game::new();
    /// game.tags_mut().set("White", "Ann");
    /// game.tags_mut().set("Event", "Club match");
    /// assert!(game.to_pgn().starts_with("[Event \"Club match\"]\n"));
    /// assert!(game.to_pgn().contains("\n[White \"Ann\"]\n"));
    /// ```
    pub fn tags_mut(&mut self) -> &mut Tags {
        &mut self.tags
    }

    /// Plays a legal move (or [`Move::NULL`], passing, when not in check).
    ///
    /// ```
    /// use outpost_board::{Move, Square};
    /// use outpost_notation::{Game, NotationError};
    ///
    /// let mut game = Game::new();
    /// let start = *game.position();
    /// let e4 = start.find_move(Square::E2, Square::E4, None).unwrap();
    /// game.play(e4).unwrap();
    /// // The same move is not legal for Black.
    /// assert!(matches!(
    ///     game.play(e4),
    ///     Err(NotationError::IllegalMove { .. })
    /// ));
    /// // Passing is allowed when not in check.
    /// game.play(Move::NULL).unwrap();
    /// assert_eq!(game.plies(), 2);
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), NotationError> {
        let legal = if mv.is_null() {
            !self.current.is_check()
        } else {
            self.current.is_legal(mv)
        };
        if !legal {
            return Err(NotationError::IllegalMove {
                text: mv.to_string(),
            });
        }
        self.keys.push(self.current.key());
        self.moves.push(mv);
        self.current = play(&self.current, mv);
        Ok(())
    }

    /// Plays a move given in SAN and returns it.
    ///
    /// ```
    /// use outpost_notation::{Game, NotationError};
    ///
    /// let mut game = Game::new();
    /// let mv = game.play_san("Nf3").unwrap();
    /// assert_eq!(mv.to_string(), "g1f3");
    /// game.play_san("d5").unwrap();
    /// assert_eq!(game.san_moves(), ["Nf3", "d5"]);
    /// // An illegal move leaves the game as it was.
    /// assert!(matches!(game.play_san("Nf3"), Err(NotationError::San(_))));
    /// assert_eq!(game.plies(), 2);
    /// ```
    pub fn play_san(&mut self, san: &str) -> Result<Move, NotationError> {
        let mv = parse_san(&self.current, san)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Plays a move given in long algebraic notation and returns it.
    ///
    /// ```
    /// use outpost_notation::Game;
    ///
    /// let mut game = Game::new();
    /// game.play_uci("e2e4").unwrap();
    /// game.play_uci("c7c5").unwrap();
    /// assert_eq!(game.san_moves(), ["e4", "c5"]);
    /// assert!(game.play_uci("e4e6").is_err());
    /// ```
    pub fn play_uci(&mut self, uci: &str) -> Result<Move, NotationError> {
        let mv = parse_uci_move(&self.current, uci)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Takes back the last move, returning it.
    ///
    /// ```
    /// use outpost_board::Position;
    /// use outpost_notation::Game;
    ///
    /// let mut game = Game::new();
    /// game.play_san("e4").unwrap();
    /// assert_eq!(
    ///     game.undo().map(|mv| mv.to_string()),
    ///     Some("e2e4".to_string())
    /// );
    /// assert_eq!(*game.position(), Position::startpos());
    /// assert_eq!(game.undo(), None);
    /// ```
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.keys.pop();
        let mut pos = self.start;
        for &m in &self.moves {
            pos = play(&pos, m);
        }
        self.current = pos;
        Some(mv)
    }

    /// Keys of the positions before each move, oldest first: the history a
    /// search needs to see repetitions.
    ///
    /// ```
    /// use outpost_board::Position;
    /// use outpost_notation::Game;
    ///
    /// let mut game = Game::new();
    /// for san in ["Nf3", "Nf6", "Ng1", "Ng8"] {
    ///     game.play_san(san).unwrap();
    /// }
    /// let keys = game.history_keys();
    /// assert_eq!(keys.len(), 4);
    /// assert_eq!(keys[0], Position::startpos().key());
    /// assert_eq!(game.position().repetitions(keys), 1);
    /// assert_eq!(game.repetitions(), 1);
    /// ```
    pub fn history_keys(&self) -> &[u64] {
        &self.keys
    }

    /// Half-moves played since the start.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// Why the game is over whatever anyone wants, if it is: checkmate,
    /// stalemate or insufficient material (not the claimable draws).
    ///
    /// ```
    /// use outpost_notation::{Game, Outcome};
    ///
    /// // The knights go out and back twice: a draw may be claimed, but the game
    /// // is not over unless someone claims it.
    /// let mut game = Game::new();
    /// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
    ///     game.play_san(san).unwrap();
    /// }
    /// assert_eq!(game.outcome(), Some(Outcome::ThreefoldRepetition));
    /// assert_eq!(game.forced_outcome(), None);
    /// ```
    pub fn forced_outcome(&self) -> Option<Outcome> {
        self.outcome().filter(|o| {
            matches!(
                o,
                Outcome::Checkmate { .. } | Outcome::Stalemate | Outcome::InsufficientMaterial
            )
        })
    }

    /// How many times the current position occurred before in this game.
    pub fn repetitions(&self) -> usize {
        self.current.repetitions(&self.keys)
    }

    /// Why the game is over, if it is: checkmate, stalemate and insufficient
    /// material end it; threefold repetition and the fifty-move rule are
    /// reported as soon as a draw can be claimed.
    ///
    /// ```
    /// use outpost_board::Color;
    /// use outpost_notation::{Game, Outcome};
    ///
    /// let mut game = Game::new();
    /// for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"] {
    ///     game.play_san(san).unwrap();
    /// }
    /// assert_eq!(game.outcome(), None);
    /// game.play_san("Qxf7#").unwrap();
    /// assert_eq!(
    ///     game.outcome(),
    ///     Some(Outcome::Checkmate {
    ///         winner: Color::White
    ///     })
    /// );
    /// assert_eq!(game.forced_outcome(), game.outcome());
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = &self.current;
        if !pos.has_legal_moves() {
            return Some(if pos.is_check() {
                Outcome::Checkmate {
                    winner: !pos.side_to_move(),
                }
            } else {
                Outcome::Stalemate
            });
        }
        if pos.is_insufficient_material() {
            Some(Outcome::InsufficientMaterial)
        } else if pos.is_threefold_repetition(&self.keys) {
            Some(Outcome::ThreefoldRepetition)
        } else if pos.is_fifty_move_rule() {
            Some(Outcome::FiftyMoveRule)
        } else {
            None
        }
    }

    /// The result: the one set with [`Game::set_result`] if any, else the one
    /// checkmate, stalemate or insufficient material gives, else
    /// [`GameResult::Unknown`] (a repetition or fifty-move draw must be claimed
    /// with `set_result`).
    ///
    /// ```
    /// use outpost_notation::{Game, GameResult};
    ///
    /// let mut game = Game::new();
    /// game.play_san("e4").unwrap();
    /// assert_eq!(game.result(), GameResult::Unknown);
    /// // Black resigns.
    /// game.set_result(GameResult::WhiteWins);
    /// assert_eq!(game.result(), GameResult::WhiteWins);
    /// assert!(game.to_pgn().ends_with("1. e4 1-0\n"));
    /// ```
    pub fn result(&self) -> GameResult {
        if let Some(result) = self.result {
            return result;
        }
        match self.outcome() {
            Some(
                o
                @ (Outcome::Checkmate { .. } | Outcome::Stalemate | Outcome::InsufficientMaterial),
            ) => o.result(),
            _ => GameResult::Unknown,
        }
    }

    /// Sets the result (a resignation, an agreed or claimed draw, ...).
    pub fn set_result(&mut self, result: GameResult) {
        self.result = Some(result);
    }

    /// The game as a PGN data model: the tags (with `Result` set to the
    /// result), the main line and the result.
    ///
    /// ```
    /// use outpost_notation::{Game, GameResult};
    ///
    /// let mut game = Game::new();
    /// for san in ["f3", "e5", "g4", "Qh4#"] {
    ///     game.play_san(san).unwrap();
    /// }
    /// let pgn = game.to_pgn_game();
    /// assert_eq!(pgn.result, GameResult::BlackWins);
    /// assert_eq!(pgn.tags.get("Result"), Some("0-1"));
    /// assert_eq!(pgn.moves.moves.len(), 4);
    /// assert_eq!(pgn.to_string(), game.to_pgn());
    /// ```
    pub fn to_pgn_game(&self) -> PgnGame {
        let mut tags = self.tags.clone();
        let result = self.result();
        tags.set("Result", result.as_str());
        PgnGame {
            tags,
            start: self.start,
            moves: Line {
                comments: crate::Comments::new(),
                moves: self.moves.iter().map(|&mv| MoveNode::new(mv)).collect(),
            },
            result,
        }
    }

    /// The game in PGN export format.
    ///
    /// ```
    /// use outpost_notation::Game;
    ///
    /// let mut game = Game::new();
    /// game.play_san("e4").unwrap();
    /// game.play_san("e5").unwrap();
    /// let expected = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
    ///                 [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
    /// assert_eq!(game.to_pgn(), expected);
    /// // The text reads back as the same game.
    /// assert_eq!(game.to_pgn().parse::<Game>().unwrap(), game);
    /// ```
    pub fn to_pgn(&self) -> String {
        self.to_pgn_game().to_string()
    }

    /// The main line of a PGN game as a `Game` (comments, NAGs and variations
    /// are left out). Fails if a move of the main line is illegal.
    ///
    /// ```
    /// use outpost_notation::{Game, GameResult, PgnGame};
    ///
    /// let text = "[White \"Ann\"]\n\n1. d4 {solid} d5 (1... Nf6) 2. c4 1/2-1/2";
    /// let pgn: PgnGame = text.parse().unwrap();
    /// let game = Game::from_pgn_game(&pgn).unwrap();
    /// assert_eq!(game.san_moves(), ["d4", "d5", "c4"]);
    /// assert_eq!(game.tags().get("White"), Some("Ann"));
    /// assert_eq!(game.result(), GameResult::Draw);
    /// ```
    pub fn from_pgn_game(pgn: &PgnGame) -> Result<Game, NotationError> {
        let mut game = Game {
            start: pgn.start,
            moves: Vec::with_capacity(pgn.moves.moves.len()),
            keys: Vec::with_capacity(pgn.moves.moves.len()),
            current: pgn.start,
            tags: pgn.tags.clone(),
            result: None,
        };
        for node in &pgn.moves.moves {
            game.play(node.mv)?;
        }
        if pgn.result != GameResult::Unknown {
            game.result = Some(pgn.result);
        }
        Ok(game)
    }
}

impl Game {
    /// The main line of the first game of a PGN text, read leniently
    /// (variations are skipped unread), with its tags and result.
    ///
    /// ```
    /// use outpost_notation::Game;
    ///
    /// let game = Game::from_pgn("[White \"Ann\"]\n\n1. e4 e5 2. Nf3 *").unwrap();
    /// assert_eq!(game.san_moves(), ["e4", "e5", "Nf3"]);
    /// assert!(Game::from_pgn("1. e4 e5 2. Ke3").is_err());
    /// ```
    pub fn from_pgn(text: &str) -> Result<Game, NotationError> {
        text.parse()
    }

    /// A game starting from a FEN, with no moves yet.
    ///
    /// ```
    /// use outpost_notation::{FenError, Game};
    ///
    /// let game = Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    /// assert_eq!(game.position().legal_moves().len(), 6);
    /// assert!(matches!(Game::from_fen("8/8 w - -"), Err(FenError::RankCount { found: 2 })));
    /// ```
    pub fn from_fen(fen: &str) -> Result<Game, crate::FenError> {
        crate::parse_fen(fen).map(Game::from_position)
    }
}

impl FromStr for Game {
    type Err = NotationError;

    /// The main line of the first game of a PGN text, read leniently
    /// (variations are skipped unread); a text that is a FEN and nothing
    /// else is read as a game starting there ([`Game::from_pgn`] and
    /// [`Game::from_fen`] read one form only).
    ///
    /// ```
    /// use outpost_notation::Game;
    ///
    /// let from_pgn: Game = "1. e4 e5 *".parse().unwrap();
    /// assert_eq!(from_pgn.plies(), 2);
    /// let from_fen: Game = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1".parse().unwrap();
    /// assert_eq!((from_fen.plies(), from_fen.position().legal_moves().len()), (0, 5));
    /// ```
    fn from_str(text: &str) -> Result<Game, NotationError> {
        if let Ok(pos) = crate::parse_fen(text.trim()) {
            return Ok(Game::from_position(pos));
        }
        crate::PgnReader::new(text.as_bytes())
            .read_game(&mut GameBuilder::new())
            .unwrap_or_else(|| {
                Err(PgnError::Syntax {
                    game: 1,
                    line: 1,
                    column: 1,
                    reason: "no game found: expected tag pairs or movetext".to_string(),
                })
            })
            .map_err(NotationError::from)
    }
}

/// The [`Visitor`] that reads each game's main line into a [`Game`], with
/// its tags and result, skipping comments' meaning and variations unread:
/// the fastest way to read the games of a PGN file as `Game`s.
///
/// ```
/// use outpost_notation::{GameBuilder, GameResult, PgnReader};
///
/// let text = "[White \"A\"]\n\n1. f3 e5 (1... d5) 2. g4 Qh4# 0-1\n";
/// let mut reader = PgnReader::new(text.as_bytes());
/// let game = reader.read_game(&mut GameBuilder::new()).unwrap().unwrap();
/// assert_eq!(game.moves().len(), 4);
/// assert_eq!(game.result(), GameResult::BlackWins);
/// assert_eq!(game.tags().get("White"), Some("A"));
/// ```
#[derive(Clone, Debug, Default)]
pub struct GameBuilder {
    game: Option<Game>,
    tags: Tags,
}

impl GameBuilder {
    /// A builder with no game started.
    pub fn new() -> GameBuilder {
        GameBuilder::default()
    }
}

impl Visitor for GameBuilder {
    type Output = Game;

    fn begin_game(&mut self) {
        self.game = None;
        self.tags = Tags::new();
    }

    fn tag(&mut self, name: &str, value: &str) -> Control {
        self.tags.push(name, value);
        Control::Continue
    }

    fn begin_movetext(&mut self, start: &Position) -> Control {
        self.game = Some(Game {
            start: *start,
            moves: Vec::new(),
            keys: Vec::new(),
            current: *start,
            tags: std::mem::take(&mut self.tags),
            result: None,
        });
        Control::Continue
    }

    fn move_played(&mut self, before: &Position, mv: Move, after: &Position) -> Control {
        if let Some(game) = self.game.as_mut() {
            game.keys.push(before.key());
            game.moves.push(mv);
            game.current = *after;
        }
        Control::Continue
    }

    fn begin_variation(&mut self) -> Control {
        Control::SkipVariation
    }

    fn result(&mut self, result: GameResult) {
        if let Some(game) = self.game.as_mut() {
            if result != GameResult::Unknown {
                game.result = Some(result);
            }
        }
    }

    fn end_game(&mut self) -> Game {
        self.game.take().unwrap_or_else(|| {
            let mut game = Game::from_position(Position::startpos());
            game.tags = std::mem::take(&mut self.tags);
            game
        })
    }
}

/// `pos` with `mv` played, the null move passing the turn.
pub(crate) fn play(pos: &Position, mv: Move) -> Position {
    let mut next = *pos;
    next.make_move_or_pass(mv);
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threefold_and_stalemate() {
        let mut game = Game::new();
        for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
            game.play_san(san).unwrap();
            assert_eq!(game.outcome(), None);
        }
        game.play_san("Ng8").unwrap();
        assert_eq!(game.outcome(), Some(Outcome::ThreefoldRepetition));
        assert_eq!(game.result(), GameResult::Unknown);
        assert_eq!(game.undo().map(|m| m.to_string()), Some("f6g8".into()));
        assert_eq!(game.outcome(), None);

        let stale = crate::parse_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        let game = Game::from_position(stale);
        assert_eq!(game.outcome(), Some(Outcome::Stalemate));
        assert_eq!(game.result(), GameResult::Draw);
        assert_eq!(game.tags().get("SetUp"), Some("1"));
    }

    #[test]
    fn fifty_moves_and_material() {
        let pos = crate::parse_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").unwrap();
        let mut game = Game::from_position(pos);
        assert_eq!(game.outcome(), None);
        game.play_san("Ra2").unwrap();
        assert_eq!(game.outcome(), Some(Outcome::FiftyMoveRule));
        let bare = crate::parse_fen("4k3/8/8/8/8/8/8/4KB2 w - - 0 1").unwrap();
        assert_eq!(
            Game::from_position(bare).outcome(),
            Some(Outcome::InsufficientMaterial)
        );
        assert!(matches!(
            Game::new().play_uci("e2e5"),
            Err(NotationError::UciMove(crate::UciMoveError::Illegal { .. }))
        ));
    }
}
