//! Outpost's Polyglot reader against python-chess's, on a real book.
//!
//! `polyglot_oracle.py` walks the book (Debian's `gnuchess-book`, public
//! domain, at `/usr/share/games/gnuchess/book.bin`, or the file named by
//! `OUTPOST_POLYGLOT_BOOK`) with a fixed seed and prints each position it
//! reaches with python-chess's listing of its entries. For every position
//! Outpost's probe must list exactly the same moves with the same weights in
//! the same order. Without the book or python-chess the test says
//! `skipped: ...` on stderr and passes; CI installs both.

use outpost_book::{polyglot_key, write_probe, Book};
use outpost_notation::parse_fen;
use std::path::{Path, PathBuf};
use std::process::Command;

const DEFAULT_BOOK: &str = "/usr/share/games/gnuchess/book.bin";

fn book_path() -> PathBuf {
    std::env::var_os("OUTPOST_POLYGLOT_BOOK")
        .map_or_else(|| PathBuf::from(DEFAULT_BOOK), PathBuf::from)
}

/// Runs the oracle script; `None` (after saying why) when it cannot run.
fn oracle(book: &Path, seed: u64, walks: u32, max_plies: u32) -> Option<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/polyglot_oracle.py");
    let output = match Command::new("python3")
        .arg(&script)
        .arg(book)
        .args([seed.to_string(), walks.to_string(), max_plies.to_string()])
        .output()
    {
        Ok(output) => output,
        Err(e) => {
            eprintln!("skipped: cannot run python3 ({e}); install python3 and python-chess");
            return None;
        }
    };
    if output.status.code() == Some(77) {
        eprintln!(
            "skipped: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
        return None;
    }
    assert!(
        output.status.success(),
        "polyglot_oracle.py failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    Some(String::from_utf8(output.stdout).expect("the oracle writes UTF-8"))
}

#[test]
fn probe_matches_python_chess_on_book_walks() {
    let path = book_path();
    if !path.is_file() {
        eprintln!(
            "skipped: no Polyglot book at {} (install Debian's gnuchess-book or set OUTPOST_POLYGLOT_BOOK)",
            path.display()
        );
        return;
    }
    let Some(listing) = oracle(&path, 2024, 1500, 60) else {
        return;
    };
    let book = Book::open(&path).expect("the reference book is valid");
    let (mut positions, mut in_book, mut castling, mut en_passant) = (0, 0, 0, 0);
    let mut mismatches = Vec::new();
    for line in listing.lines() {
        let (fen, expected) = line.split_once('\t').expect("FEN<TAB>moves");
        let pos = parse_fen(fen).unwrap_or_else(|e| panic!("oracle FEN {fen}: {e}"));
        let mut out = Vec::new();
        write_probe(&book, &pos, &mut out).unwrap();
        let ours = String::from_utf8(out)
            .unwrap()
            .lines()
            .collect::<Vec<_>>()
            .join(",");
        if ours != expected {
            mismatches.push(format!(
                "{fen} (key {:016x})\n  python-chess: {expected}\n  outpost:      {ours}",
                polyglot_key(&pos)
            ));
        }
        positions += 1;
        in_book += usize::from(!expected.is_empty());
        castling += usize::from(
            ["e1g1", "e1c1", "e8g8", "e8c8"]
                .iter()
                .any(|c| expected.contains(c)),
        );
        en_passant += usize::from(fen.split(' ').nth(3) != Some("-"));
    }
    assert!(
        mismatches.is_empty(),
        "{} of {positions} positions differ:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(10)].join("\n")
    );
    // The walk must have covered what it is meant to.
    assert!(positions >= 3000, "only {positions} positions");
    assert!(in_book >= 2000, "only {in_book} positions in book");
    assert!(castling >= 50, "only {castling} positions with castling");
    assert!(
        en_passant >= 100,
        "only {en_passant} positions with an en-passant square"
    );
    eprintln!("{positions} positions ({in_book} in book, {castling} with castling, {en_passant} with e.p.) agree");
}
