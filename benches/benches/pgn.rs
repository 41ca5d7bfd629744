//! PGN reading with full SAN validation: every move of every game is parsed
//! as SAN, matched against its position and played.
//!
//! Two generated texts (fixed xorshift seeds, written with the notation
//! crate's PGN writer), each read by Outpost and by pgn-reader 0.29 with
//! shakmaty 0.30 playing each SAN, side by side in one run so both see the
//! same machine load:
//!
//! * `mainline`: 10,000 random legal games (40 to 200 plies, ending early at
//!   mate or stalemate) with the seven-tag roster and no annotations.
//! * `annotated`: 3,000 random games with comments, NAGs and nested
//!   variations, every move of which (variations included) is played.
//!
//! For each text: `outpost_visitor` (the streaming reader with a visitor
//! that counts moves), `outpost_tree` (the `PgnReader` iterator building
//! each game as a `PgnGame` tree), `outpost_game` (main lines as `Game`s,
//! variations skipped; `mainline` only) and `pgn_reader_shakmaty`.
//! Throughput is in moves read per second. `pgn_write/random_10k` writes
//! the `mainline` games (SAN with check and mate suffixes, wrapped at 80
//! columns).

#![allow(missing_docs)] // criterion_group! generates undocumented public functions

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use outpost_notation::PgnGame;
use std::hint::black_box;
use std::time::Duration;

#[path = "../rivals/pgn_rivals.rs"]
mod pgn_rivals;
use pgn_rivals::{
    outpost_game, outpost_tree, outpost_visitor, pgn_reader_shakmaty, random_games, write_all,
    ANNOTATED_GAMES, GAMES, SEED,
};

fn pgn(c: &mut Criterion) {
    let plain = random_games(SEED, GAMES, 0);
    let annotated = random_games(SEED ^ 0x5555, ANNOTATED_GAMES, 3);
    for (name, games) in [("mainline", &plain), ("annotated", &annotated)] {
        let moves: usize = games.iter().map(PgnGame::move_count).sum();
        let text = write_all(games);
        assert_eq!(outpost_visitor(&text), moves);
        assert_eq!(outpost_tree(&text), moves);
        assert_eq!(pgn_reader_shakmaty(&text), moves);
        eprintln!(
            "pgn {name}: {} games, {moves} moves, {} bytes of PGN",
            games.len(),
            text.len()
        );

        let mut group = c.benchmark_group(format!("pgn_read_{name}"));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(8));
        group.throughput(Throughput::Elements(moves as u64));
        group.bench_function("outpost_visitor", |b| {
            b.iter(|| outpost_visitor(black_box(&text)))
        });
        group.bench_function("pgn_reader_shakmaty", |b| {
            b.iter(|| pgn_reader_shakmaty(black_box(&text)))
        });
        group.bench_function("outpost_tree", |b| {
            b.iter(|| outpost_tree(black_box(&text)))
        });
        if name == "mainline" {
            group.bench_function("outpost_game", |b| {
                b.iter(|| outpost_game(black_box(&text)))
            });
        }
        group.finish();
    }

    let moves: usize = plain.iter().map(PgnGame::move_count).sum();
    let mut group = c.benchmark_group("pgn_write");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function("random_10k", |b| b.iter(|| write_all(black_box(&plain))));
    group.finish();
}

criterion_group!(benches, pgn);
criterion_main!(benches);
