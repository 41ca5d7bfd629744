//! EPD: every line of the shared data files parses, every `bm`/`am` move is
//! legal, and writing then reading gives the same operations.

mod common;

use common::read_data;
use outpost_board::perft;
use outpost_notation::{parse_epd, parse_san, to_san, Epd, EpdError, Operation};

fn parse_file(file: &str) -> Vec<Epd> {
    read_data(file)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, line)| {
            parse_epd(line).unwrap_or_else(|e| panic!("{file} line {}: {e}: {line}", i + 1))
        })
        .collect()
}

#[test]
fn tactical_suites_parse_with_legal_moves() {
    for (file, lines) in [("wac.epd", 300), ("bk.epd", 24), ("sts.epd", 1500)] {
        let epds = parse_file(file);
        assert_eq!(epds.len(), lines, "{file}");
        let mut avoid = 0;
        for epd in &epds {
            let best = epd.best_moves().expect("every line has bm");
            assert!(!best.is_empty());
            for &mv in best.iter().chain(epd.avoid_moves().unwrap_or(&[])) {
                assert!(epd.position.is_legal(mv), "{file}: {mv} in {epd}");
            }
            avoid += epd.avoid_moves().map_or(0, |m| m.len());
            assert!(epd.id().is_some());
            // Writing and reading back keeps every operation.
            let again = parse_epd(&epd.to_string()).unwrap();
            assert_eq!(&again.operations, &epd.operations);
            assert_eq!(again.to_string(), epd.to_string());
        }
        if file == "wac.epd" {
            assert!(avoid > 0, "{file} has am moves");
        }
    }
}

#[test]
fn sts_comments_agree_with_the_moves() {
    for epd in parse_file("sts.epd") {
        let pos = &epd.position;
        let sans: Vec<&str> = epd.comment(7).unwrap().split_whitespace().collect();
        let ucis: Vec<&str> = epd.comment(9).unwrap().split_whitespace().collect();
        assert_eq!(sans.len(), ucis.len());
        for (san, uci) in sans.iter().zip(&ucis) {
            let mv = parse_san(pos, san).unwrap();
            assert_eq!(mv.to_string(), *uci);
        }
        // c0 is "move=points, ..."; the moves are read leniently.
        for entry in epd.comment(0).unwrap().split(',') {
            let (san, points) = entry.trim().split_once('=').unwrap();
            parse_san(pos, san).unwrap();
            points.parse::<u32>().unwrap();
        }
        let best = epd.best_moves().unwrap()[0];
        // c7 may over-disambiguate (`Bg7f8`), but it names the best move first.
        assert_eq!(parse_san(pos, sans[0]), Ok(best));
        assert_eq!(parse_san(pos, &to_san(pos, best)), Ok(best));
    }
}

#[test]
fn perft_file_parses_with_counts() {
    let epds = parse_file("perft.epd");
    assert_eq!(epds.len(), 287);
    for epd in &epds {
        let counts: Vec<(u32, u64)> = epd
            .operations
            .iter()
            .map(|op| match op {
                Operation::Perft { depth, nodes } => (*depth, *nodes),
                other => panic!("unexpected {other:?}"),
            })
            .collect();
        assert_eq!(counts[0].0, 1);
        // Depth 1 and 2 are quick enough to check here.
        for &(depth, nodes) in counts.iter().filter(|(d, _)| *d <= 2) {
            assert_eq!(perft(&epd.position, depth), nodes, "{epd}");
        }
    }
}

#[test]
fn typed_and_raw_operations() {
    let epd = parse_epd(
        "4k3/8/8/8/8/8/4P3/4K3 w - - ce -35; acd 12; pv e4 Kd7 e5; c3 \"a;b\"; hmvc 0; xyz 1 \"two words\";",
    )
    .unwrap();
    assert_eq!(epd.operations[0], Operation::CentipawnEval(-35));
    assert_eq!(epd.operations[1], Operation::AnalysisDepth(12));
    assert!(matches!(&epd.operations[2], Operation::PrincipalVariation(m) if m.len() == 3));
    assert_eq!(epd.comment(3), Some("a;b"));
    // `hmvc 0` set the clock (already 0): not an operation.
    assert_eq!(epd.operations.len(), 5);
    assert_eq!(
        epd.operations[4],
        Operation::Other {
            opcode: "xyz".into(),
            operands: vec!["1".into(), "two words".into()]
        }
    );
    assert_eq!(
        epd.to_string(),
        "4k3/8/8/8/8/8/4P3/4K3 w - - ce -35; acd 12; pv e4 Kd7 e5; c3 \"a;b\"; xyz \"1\" \"two words\";"
    );
}

#[test]
fn clocks_read_from_hmvc_fmvn_or_the_fields_and_written_as_hmvc_fmvn() {
    // The standard opcodes set the position's clocks.
    let epd = parse_epd("4k3/8/8/8/8/8/4P3/4K3 w - - hmvc 7; fmvn 31; id \"x\";").unwrap();
    assert_eq!(epd.position.halfmove_clock(), 7);
    assert_eq!(epd.position.fullmove_number(), 31);
    assert_eq!(epd.operations, vec![Operation::Id("x".into())]);
    let text = epd.to_string();
    assert_eq!(
        text,
        "4k3/8/8/8/8/8/4P3/4K3 w - - hmvc 7; fmvn 31; id \"x\";"
    );
    assert_eq!(parse_epd(&text).unwrap(), epd);
    // Clocks given as FEN fields (as perft files do) are kept on writing.
    let epd = parse_epd("4k3/8/8/8/8/8/4P3/4K3 b - - 12 40 D1 5;").unwrap();
    assert_eq!(epd.position.halfmove_clock(), 12);
    let text = epd.to_string();
    assert_eq!(text, "4k3/8/8/8/8/8/4P3/4K3 b - - hmvc 12; fmvn 40; D1 5;");
    assert_eq!(parse_epd(&text).unwrap(), epd);
    // The default clocks are not written.
    let epd = parse_epd("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 D1 6;").unwrap();
    assert_eq!(epd.to_string(), "4k3/8/8/8/8/8/4P3/4K3 w - - D1 6;");
    // A clock that is not one number, a fullmove number of 0, and two
    // values for one clock are errors naming the opcode.
    for (line, opcode) in [
        ("4k3/8/8/8/8/8/4P3/4K3 w - - hmvc x;", "hmvc"),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - hmvc \"3\";", "hmvc"),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - fmvn 0;", "fmvn"),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 3 9 hmvc 4;", "hmvc"),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - fmvn 2; fmvn 3;", "fmvn"),
    ] {
        match parse_epd(line) {
            Err(EpdError::Operation { opcode: found, .. }) => assert_eq!(found, opcode, "{line}"),
            other => panic!("{line}: {other:?}"),
        }
    }
    // The same value twice, or agreeing with the fields, is accepted.
    assert!(parse_epd("4k3/8/8/8/8/8/4P3/4K3 w - - 3 9 hmvc 3; fmvn 9; fmvn 9;").is_ok());
}
