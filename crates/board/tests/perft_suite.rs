//! Every position and every depth of `data/perft.epd`, exact.

use outpost_board::{divide, perft, perft_full};
use outpost_notation::parse_fen;

struct Case {
    line: usize,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn suite() -> Vec<Case> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/perft.epd");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let mut parts = l.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let mut it = p.split_whitespace();
                    let depth = it.next().unwrap().trim_start_matches('D').parse().unwrap();
                    let count = it.next().unwrap().parse().unwrap();
                    (depth, count)
                })
                .collect();
            Case {
                line: i + 1,
                fen,
                counts,
            }
        })
        .collect()
}

#[test]
fn perft_suite_every_depth() {
    let cases = suite();
    assert_eq!(cases.len(), 287);
    let mut failures = Vec::new();
    for case in &cases {
        let pos = parse_fen(&case.fen).unwrap_or_else(|e| panic!("line {}: {e}", case.line));
        for &(depth, expected) in &case.counts {
            let got = perft(&pos, depth);
            if got != expected {
                failures.push(format!(
                    "line {} `{}` depth {depth}: got {got}, expected {expected}",
                    case.line, case.fen
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn full_make_agrees_with_bulk_counting() {
    // Playing every leaf must count the same as bulk counting (shallow depths keep it quick).
    for case in suite() {
        let pos = parse_fen(&case.fen).unwrap();
        for &(depth, expected) in case.counts.iter().filter(|&&(_, n)| n <= 200_000) {
            assert_eq!(
                perft_full(&pos, depth),
                expected,
                "line {} depth {depth}",
                case.line
            );
        }
    }
}

#[test]
fn divide_sums_to_perft() {
    for case in suite().iter().take(40) {
        let pos = parse_fen(&case.fen).unwrap();
        let &(depth, expected) = case.counts.iter().rev().find(|&&(d, _)| d <= 3).unwrap();
        let split = divide(&pos, depth);
        assert_eq!(split.len(), pos.legal_moves().len());
        assert_eq!(
            split.iter().map(|&(_, n)| n).sum::<u64>(),
            expected,
            "line {}",
            case.line
        );
    }
}
