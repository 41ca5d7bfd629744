//! Polyglot opening books (the `outpost-book` crate).
//!
//! The book is built in memory from 20,000 generated games (fixed seed): the
//! first 12 plies pick the k-th legal move with probability 2^-(k+1), so
//! openings repeat as in real games, then up to 48 random plies; results
//! cycle through 1-0, 0-1 and 1/2-1/2. Built with max ply 24 and min games 1.
//! The probe positions are the 2,000 distinct positions of 400 seeded walks
//! through that book, plus as many one random move off it.
//!
//! * `book_probe/key`: the Polyglot key of each position.
//! * `book_probe/moves`: [`Book::moves`] for each position: key, binary
//!   search over the book's bytes, legal-move decoding of the entries.
//! * `book_probe/choose_weighted`: [`Book::choose`], weighted from a seed.
//! * `book_build/pgn_2k_games`: building from 2,000 of the games' PGN text
//!   (SAN parsing included); throughput in bytes.

#![allow(missing_docs)] // criterion_group! generates undocumented public functions

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use outpost_board::{Move, Position};
use outpost_book::{build_book, polyglot_key, seeded_rng, Book, BuildOptions, Selection};
use outpost_notation::{Game, GameResult};
use rand_chacha::rand_core::RngCore;
use std::hint::black_box;
use std::time::Duration;

const GAMES: usize = 20_000;
const SEED: u64 = 0x5eed_b00c;

fn games(count: usize) -> String {
    let mut rng = seeded_rng(SEED);
    let mut pgn = String::new();
    for round in 0..count {
        let mut game = Game::new();
        for ply in 0..60 {
            let moves: Vec<Move> = game.position().legal_moves().iter().copied().collect();
            if moves.is_empty() {
                break;
            }
            let index = if ply < 12 {
                let mut k = 0;
                while k + 1 < moves.len() && rng.next_u32() % 2 == 1 {
                    k += 1;
                }
                k
            } else {
                (rng.next_u64() % moves.len() as u64) as usize
            };
            game.play(moves[index]).expect("a legal move");
        }
        let result = [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
        ][round % 3];
        game.set_result(result);
        pgn.push_str(&game.to_pgn());
        pgn.push('\n');
    }
    pgn
}

/// Positions reached by walking the book, and one random move off it.
fn walk(book: &Book) -> Vec<Position> {
    let mut rng = seeded_rng(SEED + 1);
    let mut seen = std::collections::HashSet::new();
    let mut positions = Vec::new();
    for _ in 0..400 {
        let mut pos = Position::startpos();
        loop {
            if seen.insert(pos) {
                positions.push(pos);
            }
            let moves = book.moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[(rng.next_u64() % moves.len() as u64) as usize].mv);
        }
        let legal = pos.legal_moves();
        if !legal.is_empty() {
            let off = pos.play(legal[(rng.next_u64() % legal.len() as u64) as usize]);
            if seen.insert(off) {
                positions.push(off);
            }
        }
    }
    positions
}

fn bench_book(c: &mut Criterion) {
    let pgn = games(GAMES);
    let options = BuildOptions {
        max_ply: 24,
        min_games: 1,
        ..BuildOptions::default()
    };
    let book = build_book(pgn.as_bytes(), &options, |_| {})
        .expect("generated games build")
        .to_book();
    let positions = walk(&book);

    let mut group = c.benchmark_group("book_probe");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("key", |b| {
        b.iter(|| {
            positions
                .iter()
                .fold(0u64, |acc, pos| acc ^ polyglot_key(black_box(pos)))
        })
    });
    group.bench_function("moves", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|pos| book.moves(black_box(pos)).len())
                .sum::<usize>()
        })
    });
    group.bench_function("choose_weighted", |b| {
        let mut rng = seeded_rng(9);
        b.iter(|| {
            positions
                .iter()
                .filter(|pos| {
                    book.choose(black_box(pos), Selection::Weighted, &mut rng)
                        .is_some()
                })
                .count()
        })
    });
    group.finish();

    let small: String = {
        let end = pgn
            .match_indices("[Event")
            .nth(2000)
            .map_or(pgn.len(), |(i, _)| i);
        pgn[..end].to_string()
    };
    let mut group = c.benchmark_group("book_build");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Bytes(small.len() as u64));
    group.bench_function("pgn_2k_games", |b| {
        b.iter(|| {
            build_book(black_box(small.as_bytes()), &options, |_| {})
                .unwrap()
                .entries
                .len()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_book);
criterion_main!(benches);
