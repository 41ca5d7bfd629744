//! The reader gives the same games, errors and warnings whatever the size of
//! the input's buffer: lines that cross a buffer's end, lines longer than the
//! buffer, and text that is not UTF-8 read in pieces.

use outpost_notation::{PgnReader, ReadOptions};
use std::io::BufReader;

/// Everything a reader makes of `text` read through a buffer of `capacity`
/// bytes (`None`: the whole text as one slice), game by game: the game or
/// its error, then its warnings, all printed; and the bytes read.
fn read_all(text: &[u8], capacity: Option<usize>, options: ReadOptions) -> (Vec<String>, u64) {
    let mut out = Vec::new();
    let mut record = |game: String, warnings: String| {
        out.push(game);
        out.push(warnings);
    };
    let bytes = match capacity {
        None => {
            let mut reader = PgnReader::with_options(text, options);
            while let Some(game) = reader.next() {
                record(format!("{game:?}"), format!("{:?}", reader.warnings()));
            }
            reader.bytes_read()
        }
        Some(capacity) => {
            let mut reader =
                PgnReader::with_options(BufReader::with_capacity(capacity, text), options);
            while let Some(game) = reader.next() {
                record(format!("{game:?}"), format!("{:?}", reader.warnings()));
            }
            reader.bytes_read()
        }
    };
    (out, bytes)
}

fn check_every_buffer_size(name: &str, text: &[u8]) {
    for options in [ReadOptions::default(), ReadOptions::strict()] {
        let (whole, bytes) = read_all(text, None, options);
        assert_eq!(bytes, text.len() as u64, "{name}: bytes read");
        assert!(!whole.is_empty(), "{name}: no game read");
        for capacity in [1, 2, 3, 7, 16, 61, 200, 1023, 1024, 1025, 4096, 100_000] {
            let (pieces, bytes) = read_all(text, Some(capacity), options);
            assert_eq!(
                bytes,
                text.len() as u64,
                "{name}, buffer {capacity}: bytes read"
            );
            assert_eq!(
                pieces.len(),
                whole.len(),
                "{name}, buffer {capacity}: game count"
            );
            for (k, (a, b)) in whole.iter().zip(&pieces).enumerate() {
                assert_eq!(a, b, "{name}, buffer {capacity}, item {k}");
            }
        }
    }
}

#[test]
fn files_of_the_repository_read_alike_through_any_buffer() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/pgn-import");
    let mut files = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "pgn") {
            let text = std::fs::read(&path).unwrap();
            check_every_buffer_size(&path.display().to_string(), &text);
            files += 1;
        }
    }
    assert!(files >= 5, "only {files} files");
}

#[test]
fn awkward_text_reads_alike_through_any_buffer() {
    let mut text = Vec::new();
    // A byte-order mark, CRLF line ends, a comment over three lines.
    text.extend_from_slice(b"\xef\xbb\xbf[Event \"A\"]\r\n[White \"Caf\xc3\xa9\"]\r\n\r\n");
    text.extend_from_slice(
        b"1. e4 {a comment\r\nover three\r\nlines} e5 2. Nf3 (2. f4 exf4) Nc6 1-0\r\n\r\n",
    );
    // Latin-1 in a tag value and a comment; a `;` comment; an escaped quote.
    text.extend_from_slice(b"[Event \"Gen\xe8ve\"]\n[Site \"a \\\"quoted\\\" site\"]\n\n");
    text.extend_from_slice(b"1. d4 {tr\xe8s bien} d5 ; caf\xe9\n2. c4 $1 e6 0-1\n\n");
    // A game with no result, the next one's tags straight after.
    text.extend_from_slice(b"[Event \"C\"]\n\n1. c4 c5\n[Event \"D\"]\n\n1. Nf3 *\n\n");
    // An illegal move, then a game that must still be read.
    text.extend_from_slice(
        b"[Event \"E\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n[Event \"F\"]\n\n1. e4 *\n\n",
    );
    // A line far longer than the smaller buffers, with comments in it.
    text.extend_from_slice(b"[Event \"G\"]\n\n");
    for n in 1..=40 {
        let mv = if n % 2 == 1 {
            "Nf3 Nf6 Ng1 Ng8"
        } else {
            "Nc3 Nc6 Nb1 Nb8"
        };
        text.extend_from_slice(format!("{n}. {mv} {{comment {n} \u{2014} \u{e9}}} ").as_bytes());
    }
    text.extend_from_slice(b"*\n");
    // A comment never closed at the end of the text, without a final newline.
    text.extend_from_slice(b"\n[Event \"H\"]\n\n1. e4 {open");
    check_every_buffer_size("awkward text", &text);
}
