//! `outpost datagen from-pgn`'s importer on the PGNs of data/pgn-import:
//! real fastchess games (book moves, mates, a Chess960 pair with nodes and
//! seldepth), the same games' comments in OpenBench's and the compact forms,
//! a file cut off in a game, and hand-made games without scores, without a
//! result and with an illegal move. The expected counts come from
//! python-chess (`tools/pgn_import_counts.py`), an independent reader.

use outpost_train::pgn_import::{import_pgn, import_pgn_files, ImportCounts};
use outpost_train::{read_records, GameResult};
use std::io::Write;
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/pgn-import"
    ))
    .join(name)
}

#[allow(clippy::too_many_arguments)]
fn counts(
    games: u64,
    unfinished_games: u64,
    unreadable_games: u64,
    kept: u64,
    book: u64,
    no_score: u64,
    mate: u64,
    in_check: u64,
    noisy: u64,
) -> ImportCounts {
    ImportCounts {
        games,
        unfinished_games,
        unreadable_games,
        kept,
        book,
        no_score,
        mate,
        in_check,
        noisy,
    }
}

fn import(name: &str) -> (ImportCounts, Vec<outpost_train::TrainingRecord>) {
    let text = std::fs::read(data(name)).unwrap();
    let mut records = Vec::new();
    let c = import_pgn(text.as_slice(), |r| {
        records.push(*r);
        Ok(())
    })
    .unwrap();
    (c, records)
}

#[test]
fn each_comment_form_gives_the_counts_python_chess_gives() {
    let expected = [
        ("fastchess.pgn", counts(6, 0, 0, 163, 48, 0, 37, 14, 59)),
        (
            "fastchess-chess960.pgn",
            counts(2, 0, 0, 61, 0, 0, 13, 3, 26),
        ),
        (
            "openbench-full.pgn",
            counts(2, 0, 0, 106, 16, 0, 15, 11, 37),
        ),
        (
            "openbench-compact.pgn",
            counts(2, 0, 0, 106, 16, 0, 15, 11, 37),
        ),
        ("compact-depth.pgn", counts(2, 0, 0, 106, 16, 0, 15, 11, 37)),
        ("truncated.pgn", counts(1, 1, 0, 18, 8, 0, 7, 2, 7)),
        ("mixed.pgn", counts(1, 1, 1, 5, 0, 4, 1, 0, 0)),
    ];
    for (name, want) in expected {
        let (got, records) = import(name);
        assert_eq!(got, want, "{name}");
        assert_eq!(records.len() as u64, want.kept, "{name}");
    }
}

#[test]
fn records_carry_white_view_centipawns_and_the_result() {
    // mixed.pgn's first game: 1. e4 {+0.30/10} for White, 2... Nc6
    // {-0.25/9} for Black (+25 from White's view), White won.
    let (_, records) = import("mixed.pgn");
    assert_eq!(records[0].score, 30);
    assert_eq!(records[0].best_move.to_string(), "e2e4");
    assert_eq!(records[1].score, 25);
    assert!(records.iter().all(|r| r.result == GameResult::WhiteWins));
    // Every record's move is quiet and by the side to move, which is not in
    // check (records keep no castling rights, so a castling move is not
    // legal in the position a record gives back; its king is checked).
    for name in ["fastchess.pgn", "fastchess-chess960.pgn"] {
        let (_, records) = import(name);
        for r in records {
            let pos = r.to_position().unwrap();
            let mover = pos.piece_on(r.best_move.from()).unwrap();
            assert_eq!(mover.color(), pos.side_to_move(), "{name}");
            assert!(
                r.best_move.is_castle() || pos.is_legal(r.best_move),
                "{name}"
            );
            assert!(!r.best_move.is_noisy() && !pos.is_check(), "{name}");
        }
    }
}

#[test]
fn files_plain_and_bz2_compressed_give_the_same_records() {
    let dir = std::env::temp_dir().join(format!("outpost-from-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let plain = data("fastchess.pgn");
    let compressed = dir.join("fastchess.pgn.bz2");
    let mut encoder = bzip2::write::BzEncoder::new(
        std::fs::File::create(&compressed).unwrap(),
        bzip2::Compression::default(),
    );
    encoder.write_all(&std::fs::read(&plain).unwrap()).unwrap();
    encoder.finish().unwrap();
    let out_plain = dir.join("plain.bin");
    let out_bz2 = dir.join("bz2.bin");
    let a = import_pgn_files(&[plain.clone(), data("mixed.pgn")], &out_plain).unwrap();
    let b = import_pgn_files(&[compressed, data("mixed.pgn")], &out_bz2).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.kept, 163 + 5);
    assert_eq!(
        read_records(&out_plain).unwrap(),
        read_records(&out_bz2).unwrap()
    );
    // A missing file is an error naming it.
    let err = import_pgn_files(&[dir.join("none.pgn")], &dir.join("x.bin")).unwrap_err();
    assert!(err.to_string().contains("none.pgn"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}
