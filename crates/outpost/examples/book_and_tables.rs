//! A Polyglot book built from PGN games and asked for a move, and the
//! Syzygy tables (the 3- and 4-man files in the repository's `data/syzygy`)
//! asked for an ending's result.
//!
//! ```sh
//! cargo run -p outpost-chess --no-default-features --example book_and_tables
//! ```

use outpost::book::{build_book, BuildOptions};
use outpost::prelude::*;
use outpost::tb::syzygy::Loading;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // A book from three games: 1. e4 twice, 1. d4 once.
    let games = "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n\
                 [Result \"1-0\"]\n\n1. e4 c5 1-0\n\n\
                 [Result \"1-0\"]\n\n1. d4 d5 1-0\n";
    let options = BuildOptions {
        min_games: 1,
        ..BuildOptions::default()
    };
    let book = build_book(games.as_bytes(), &options, |_| {})?.to_book();
    let start = Position::startpos();
    for choice in book.moves(&start) {
        println!("book: {} weight {}", start.san(choice.mv), choice.weight);
    }
    let pick = book.choose_seeded(&start, Selection::Weighted, 7);
    println!("picked: {:?}", pick.map(|m| start.san(m.mv)));

    // Syzygy: king and rook against king, White to move.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/syzygy");
    let tables = Syzygy::open(&[dir], Loading::Read);
    let pos: Position = "8/8/8/4k3/8/8/8/4K2R w - - 0 1".parse()?;
    println!("KRK: {} for White", tables.probe_wdl(&pos)?.name());
    Ok(())
}
