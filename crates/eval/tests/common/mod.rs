//! Test positions: every position of the four suites in `data/`.

use outpost_board::Position;
use outpost_notation::parse_fen;
use std::sync::OnceLock;

/// The suite files and how many positions each holds.
pub const SUITES: [(&str, usize); 4] = [
    ("perft.epd", 287),
    ("wac.epd", 300),
    ("bk.epd", 24),
    ("sts.epd", 1500),
];

/// The FEN (first four fields) of every line of one suite file.
pub fn suite_fens(file: &str) -> Vec<String> {
    let path = format!("{}/../../data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let fields: Vec<&str> = l
                .split(';')
                .next()
                .unwrap_or("")
                .split_whitespace()
                .take(4)
                .collect();
            fields.join(" ")
        })
        .collect()
}

/// Every position of the four suites, with its FEN.
pub fn suite_positions() -> &'static [(String, Position)] {
    static POSITIONS: OnceLock<Vec<(String, Position)>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let mut all = Vec::new();
        for (file, count) in SUITES {
            let fens = suite_fens(file);
            assert_eq!(fens.len(), count, "{file}");
            for fen in fens {
                let pos = parse_fen(&fen).unwrap_or_else(|e| panic!("{file} `{fen}`: {e}"));
                all.push((fen, pos));
            }
        }
        all
    })
}
