//! PGN reading with full SAN validation: every move of every game is parsed
//! as SAN, matched against the legal moves of its position and played.
//!
//! * `pgn_read/random_10k`: 10,000 random legal games (fixed seed, 40 to 200
//!   plies each, ending early at mate or stalemate) written with the
//!   notation crate's PGN writer into one string, then read back with
//!   `PgnReader`. Throughput is in moves per second.
//! * `pgn_write/random_10k`: writing the same games (SAN with check and mate
//!   suffixes, wrapped at 80 columns).

#![allow(missing_docs)] // criterion_group! generates undocumented public functions

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use outpost_board::Position;
use outpost_notation::{write_pgn, GameResult, Line, MoveNode, PgnGame, PgnReader, Tags};
use std::hint::black_box;
use std::time::Duration;

const GAMES: usize = 10_000;
const SEED: u64 = 0x9e37_79b9_7f4a_7c15;

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

fn random_games() -> Vec<PgnGame> {
    let mut rng = XorShift(SEED);
    (0..GAMES)
        .map(|i| {
            let mut tags = Tags::seven_tag_roster();
            tags.set("Event", "random games");
            tags.set("Round", &(i + 1).to_string());
            let mut pos = Position::startpos();
            let mut line = Line::default();
            let plies = 40 + rng.below(161);
            let mut result = GameResult::Unknown;
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    result = if pos.is_check() {
                        if pos.side_to_move() == outpost_board::Color::White {
                            GameResult::BlackWins
                        } else {
                            GameResult::WhiteWins
                        }
                    } else {
                        GameResult::Draw
                    };
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                line.moves.push(MoveNode::new(mv));
                pos = pos.play(mv);
            }
            tags.set("Result", result.as_str());
            PgnGame {
                tags,
                start: Position::startpos(),
                moves: line,
                result,
            }
        })
        .collect()
}

fn write_all(games: &[PgnGame]) -> String {
    let mut text = String::new();
    for game in games {
        write_pgn(&mut text, game);
        text.push('\n');
    }
    text
}

fn read_all(text: &str) -> usize {
    let mut moves = 0;
    for game in PgnReader::new(text.as_bytes()) {
        moves += game
            .expect("the writer's output reads back")
            .moves
            .moves
            .len();
    }
    moves
}

fn pgn(c: &mut Criterion) {
    let games = random_games();
    let moves: usize = games.iter().map(|g| g.moves.moves.len()).sum();
    let text = write_all(&games);
    assert_eq!(read_all(&text), moves);
    eprintln!(
        "pgn: {GAMES} games, {moves} moves, {} bytes of PGN",
        text.len()
    );

    let mut group = c.benchmark_group("pgn_read");
    group.sample_size(10);
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function("random_10k", |b| b.iter(|| read_all(black_box(&text))));
    group.finish();

    let mut group = c.benchmark_group("pgn_write");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function("random_10k", |b| b.iter(|| write_all(black_box(&games))));
    group.finish();
}

criterion_group!(benches, pgn);
criterion_main!(benches);
