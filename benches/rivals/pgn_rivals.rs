//! The PGN readers compared by `benches/pgn.rs` and
//! `examples/pgn_compare.rs`, and the games they read: random legal games
//! written with Outpost's PGN writer, plain or with comments, NAGs and
//! nested variations.

#![allow(dead_code)]

use outpost_board::{Color, Move, Position};
use outpost_notation::pgn::{Control, Visitor};
use outpost_notation::{
    write_pgn, GameBuilder, GameResult, Line, MoveNode, PgnGame, PgnReader, Tags,
};
use pgn_reader::{Reader, SanPlus, Skip};
use shakmaty_030::{Chess, Position as _};
use std::ops::ControlFlow;

pub const GAMES: usize = 10_000;
pub const ANNOTATED_GAMES: usize = 3_000;
pub const SEED: u64 = 0x9e37_79b9_7f4a_7c15;

/// A xorshift64 generator: enough randomness for move choice, no dependency.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const REMARKS: [&str; 4] = [
    "good",
    "a longer remark about the position",
    "!?",
    "see below",
];

/// A random line of `plies` moves from `start`; with `depth` > 0, comments,
/// NAGs and variations (themselves `depth - 1` deep).
fn random_line(
    rng: &mut XorShift,
    start: Position,
    plies: usize,
    depth: u32,
) -> (Line, GameResult) {
    let mut pos = start;
    let mut line = Line::default();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            let result = match (pos.is_check(), pos.side_to_move()) {
                (false, _) => GameResult::Draw,
                (true, Color::White) => GameResult::BlackWins,
                (true, Color::Black) => GameResult::WhiteWins,
            };
            return (line, result);
        }
        let mv = moves[rng.below(moves.len())];
        let mut node = MoveNode::new(mv);
        if depth > 0 {
            if rng.below(5) == 0 {
                node.nags.push(1 + rng.below(20) as u8);
            }
            if rng.below(5) == 0 {
                node.comments
                    .push(REMARKS[rng.below(REMARKS.len())].to_string());
            }
            if rng.below(8) == 0 {
                let plies = 2 + rng.below(10);
                node.variations
                    .push(random_line(rng, pos, plies, depth - 1).0);
            }
        }
        line.moves.push(node);
        pos = pos.play(mv);
    }
    (line, GameResult::Unknown)
}

pub fn random_games(seed: u64, count: usize, depth: u32) -> Vec<PgnGame> {
    let mut rng = XorShift(seed);
    (0..count)
        .map(|i| {
            let mut tags = Tags::seven_tag_roster();
            tags.set("Event", "random games");
            tags.set("Round", &(i + 1).to_string());
            let plies = 40 + rng.below(161);
            let (moves, result) = random_line(&mut rng, Position::startpos(), plies, depth);
            tags.set("Result", result.as_str());
            PgnGame {
                tags,
                start: Position::startpos(),
                moves,
                result,
            }
        })
        .collect()
}

pub fn write_all(games: &[PgnGame]) -> String {
    let mut text = String::new();
    for game in games {
        write_pgn(&mut text, game);
        text.push('\n');
    }
    text
}

/// Counts every move Outpost's reader plays.
struct Counter(usize);

impl Visitor for Counter {
    type Output = ();

    fn move_played(&mut self, _before: &Position, _mv: Move, _after: &Position) -> Control {
        self.0 += 1;
        Control::Continue
    }

    fn end_game(&mut self) {}
}

pub fn outpost_visitor(text: &str) -> usize {
    let mut reader = PgnReader::new(text.as_bytes());
    let mut counter = Counter(0);
    while let Some(game) = reader.read_game(&mut counter) {
        game.expect("the writer's output reads back");
    }
    counter.0
}

pub fn outpost_tree(text: &str) -> usize {
    PgnReader::new(text.as_bytes())
        .map(|game| game.expect("the writer's output reads back").move_count())
        .sum()
}

pub fn outpost_game(text: &str) -> usize {
    let mut reader = PgnReader::new(text.as_bytes());
    let mut builder = GameBuilder::new();
    let mut moves = 0;
    while let Some(game) = reader.read_game(&mut builder) {
        moves += game.expect("the writer's output reads back").moves().len();
    }
    moves
}

/// pgn-reader's visitor playing every SAN (variations included) with
/// shakmaty: a stack of (position before the last move, position after).
struct ShakmatyPlayer {
    moves: usize,
}

impl pgn_reader::Visitor for ShakmatyPlayer {
    type Tags = ();
    type Movetext = Vec<(Chess, Chess)>;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(vec![(Chess::default(), Chess::default())])
    }

    fn san(&mut self, lines: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        let (before, pos) = lines.last_mut().expect("the main line");
        let mv = san_plus
            .san
            .to_move(pos)
            .expect("the writer's output is legal");
        *before = pos.clone();
        pos.play_unchecked(mv);
        self.moves += 1;
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, lines: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        let start = lines.last().expect("the main line").0.clone();
        lines.push((start.clone(), start));
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, lines: &mut Self::Movetext) -> ControlFlow<Self::Output> {
        lines.pop();
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _lines: Self::Movetext) -> Self::Output {}
}

pub fn pgn_reader_shakmaty(text: &str) -> usize {
    let mut reader = Reader::new(text.as_bytes());
    let mut player = ShakmatyPlayer { moves: 0 };
    while reader
        .read_game(&mut player)
        .expect("reading memory")
        .is_some()
    {}
    player.moves
}

/// What a reader made of a real file: moves played, games read without
/// error, games it gave up on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub moves: usize,
    pub games: usize,
    pub failed: usize,
}

impl std::ops::AddAssign for Tally {
    fn add_assign(&mut self, other: Tally) {
        self.moves += other.moves;
        self.games += other.games;
        self.failed += other.failed;
    }
}

/// Counts the moves Outpost's reader plays in real files, entering
/// variations or skipping them.
struct RealCounter {
    moves: usize,
    variations: bool,
}

impl Visitor for RealCounter {
    type Output = ();

    fn move_played(&mut self, _before: &Position, _mv: Move, _after: &Position) -> Control {
        self.moves += 1;
        Control::Continue
    }

    fn begin_variation(&mut self) -> Control {
        if self.variations {
            Control::Continue
        } else {
            Control::SkipVariation
        }
    }

    fn end_game(&mut self) {}
}

/// Outpost's streaming reader over a real file: every move of the main
/// line validated, and of the variations with `variations`.
pub fn outpost_visitor_real(bytes: &[u8], variations: bool) -> Tally {
    let mut reader = PgnReader::new(bytes);
    let mut counter = RealCounter {
        moves: 0,
        variations,
    };
    let mut tally = Tally::default();
    while let Some(game) = reader.read_game(&mut counter) {
        match game {
            Ok(()) => tally.games += 1,
            Err(_) => tally.failed += 1,
        }
    }
    tally.moves = counter.moves;
    tally
}

/// Outpost's tree-building reader over a real file (variations kept).
pub fn outpost_tree_real(bytes: &[u8]) -> Tally {
    let mut tally = Tally::default();
    for game in PgnReader::new(bytes) {
        match game {
            Ok(game) => {
                tally.games += 1;
                tally.moves += game.move_count();
            }
            Err(_) => tally.failed += 1,
        }
    }
    tally
}

/// What pgn-reader's visitor keeps of a game's tags: the start position
/// (from `FEN`, in Chess960 mode when `Variant` says so) or why the game
/// cannot be played.
#[derive(Default)]
struct RealTags {
    fen: Option<Vec<u8>>,
    chess960: bool,
    other_variant: bool,
}

/// pgn-reader + shakmaty 0.30 over real files: every SAN played, the main
/// line only or the variations too; a game that sets up an unreadable
/// position, names another variant or has a move that does not resolve is
/// given up.
struct RealShakmaty {
    moves: usize,
    failed: bool,
    variations: bool,
}

impl pgn_reader::Visitor for RealShakmaty {
    type Tags = RealTags;
    type Movetext = Vec<(Chess, Chess)>;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.failed = false;
        ControlFlow::Continue(RealTags::default())
    }

    fn tag(
        &mut self,
        tags: &mut RealTags,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        match name {
            b"FEN" => tags.fen = Some(value.decode().into_owned()),
            b"Variant" => {
                let variant = value.decode().to_ascii_lowercase();
                match variant.as_slice() {
                    b"standard" | b"normal" | b"from position" => {}
                    b"chess960"
                    | b"chess 960"
                    | b"fischerandom"
                    | b"fischerrandom"
                    | b"fischer random"
                    | b"fischer random chess" => tags.chess960 = true,
                    _ => tags.other_variant = true,
                }
            }
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: RealTags) -> ControlFlow<Self::Output, Self::Movetext> {
        if tags.other_variant {
            self.failed = true;
            return ControlFlow::Break(());
        }
        let mode = if tags.chess960 {
            shakmaty_030::CastlingMode::Chess960
        } else {
            shakmaty_030::CastlingMode::Standard
        };
        let start = match tags.fen {
            None => Chess::default(),
            Some(fen) => match shakmaty_030::fen::Fen::from_ascii(&fen)
                .ok()
                .and_then(|fen| fen.into_position::<Chess>(mode).ok())
            {
                Some(pos) => pos,
                None => {
                    self.failed = true;
                    return ControlFlow::Break(());
                }
            },
        };
        ControlFlow::Continue(vec![(start.clone(), start)])
    }

    fn san(&mut self, lines: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        let (before, pos) = lines.last_mut().expect("the main line");
        match san_plus.san.to_move(pos) {
            Ok(mv) => {
                *before = pos.clone();
                pos.play_unchecked(mv);
                self.moves += 1;
                ControlFlow::Continue(())
            }
            Err(_) => {
                self.failed = true;
                ControlFlow::Break(())
            }
        }
    }

    fn begin_variation(&mut self, lines: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        if !self.variations {
            return ControlFlow::Continue(Skip(true));
        }
        let start = lines.last().expect("the main line").0.clone();
        lines.push((start.clone(), start));
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, lines: &mut Self::Movetext) -> ControlFlow<Self::Output> {
        // A `)` without its `(` in a real file: the main line stays.
        if self.variations && lines.len() > 1 {
            lines.pop();
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _lines: Self::Movetext) -> Self::Output {}
}

/// pgn-reader + shakmaty 0.30 over a real file.
pub fn pgn_reader_shakmaty_real(bytes: &[u8], variations: bool) -> Tally {
    let mut reader = Reader::new(bytes);
    let mut player = RealShakmaty {
        moves: 0,
        failed: false,
        variations,
    };
    let mut tally = Tally::default();
    while let Ok(Some(())) = reader.read_game(&mut player) {
        if player.failed {
            tally.failed += 1;
        } else {
            tally.games += 1;
        }
    }
    tally.moves = player.moves;
    tally
}
