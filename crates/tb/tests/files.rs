//! Table files: generated into a directory, probed lazily, damage reported
//! as typed errors, valid files kept by a second run, and the command-line
//! functions' output.

use outpost_notation::parse_fen;
use outpost_tb::format::{encode, table_path, TableKind, HEADER_LEN};
use outpost_tb::{
    cli, generate_all, verify_table, Dtm, GenerateConfig, GenerateProgress, Material, Tablebases,
    TbError, Wdl,
};
use std::fs;
use std::path::{Path, PathBuf};

fn fresh_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn generate_three_men(dir: &Path) -> Vec<GenerateProgress> {
    let mut steps = Vec::new();
    let config = GenerateConfig {
        men: 3,
        dir: dir.to_path_buf(),
        threads: 2,
    };
    generate_all(&config, |p| steps.push(p.clone())).unwrap();
    steps
}

const KQK_FEN: &str = "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1";

#[test]
fn generated_files_probe_like_the_tables_in_memory() {
    let dir = fresh_dir("files_probe");
    let steps = generate_three_men(&dir);
    let generated = steps
        .iter()
        .filter(|p| matches!(p, GenerateProgress::Generated { .. }))
        .count();
    assert_eq!(generated, 5);
    let memory = Tablebases::in_memory();
    let disk = Tablebases::open(&dir);
    disk.load_all().unwrap_err(); // no 4-man tables in the directory
    for material in memory.materials().filter(|m| m.men() == 3) {
        for pos in memory.positions(material).unwrap() {
            let dtm = memory.probe_dtm(&pos).unwrap();
            assert_eq!(disk.probe_dtm(&pos).unwrap(), dtm);
            assert_eq!(disk.probe_wdl(&pos).unwrap(), dtm.wdl());
        }
    }
    // A second run keeps the valid files.
    let again = generate_three_men(&dir);
    assert!(again
        .iter()
        .all(|p| !matches!(p, GenerateProgress::Generated { .. })));
    assert_eq!(
        again
            .iter()
            .filter(|p| matches!(p, GenerateProgress::Reused { .. }))
            .count(),
        5
    );
}

#[test]
fn threads_share_one_set_of_lazily_loaded_tables() {
    let dir = fresh_dir("files_threads");
    generate_three_men(&dir);
    let memory = Tablebases::in_memory();
    let disk = Tablebases::open(&dir);
    let positions: Vec<_> = memory
        .materials()
        .filter(|m| m.men() == 3)
        .flat_map(|m| memory.positions(m).unwrap().step_by(7).collect::<Vec<_>>())
        .collect();
    // Four threads race to load the same tables on their first probes.
    std::thread::scope(|scope| {
        for t in 0..4 {
            let (disk, memory, positions) = (&disk, &memory, &positions);
            scope.spawn(move || {
                for pos in positions.iter().skip(t) {
                    assert_eq!(disk.probe_wdl(pos).unwrap(), memory.probe_wdl(pos).unwrap());
                    assert_eq!(disk.probe_dtm(pos).unwrap(), memory.probe_dtm(pos).unwrap());
                }
            });
        }
    });
}

#[test]
fn damaged_or_missing_files_are_typed_errors() {
    let dir = fresh_dir("files_damage");
    generate_three_men(&dir);
    let kqk = parse_fen(KQK_FEN).unwrap();
    let krk = parse_fen("8/8/8/8/8/2k5/1R6/K7 w - - 0 1").unwrap();
    let kpk = parse_fen("8/8/1k6/8/8/8/6P1/K7 w - - 0 1").unwrap();

    // Truncated.
    let path = table_path(&dir, "KQK".parse().unwrap(), TableKind::Dtm);
    let bytes = fs::read(&path).unwrap();
    fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    // One flipped bit.
    let path = table_path(&dir, "KRK".parse().unwrap(), TableKind::Wdl);
    let mut bytes = fs::read(&path).unwrap();
    bytes[100] ^= 0x10;
    fs::write(&path, &bytes).unwrap();
    // Missing.
    fs::remove_file(table_path(&dir, "KPK".parse().unwrap(), TableKind::Dtm)).unwrap();

    let tb = Tablebases::open(&dir);
    assert!(matches!(
        tb.probe_dtm(&kqk),
        Err(TbError::WrongLength { .. })
    ));
    // The error is kept, not retried or panicking.
    assert!(matches!(
        tb.probe_dtm(&kqk),
        Err(TbError::WrongLength { .. })
    ));
    assert_eq!(tb.probe_wdl(&kqk).unwrap(), Wdl::Win); // the WDL file is whole
    assert!(matches!(
        tb.probe_wdl(&krk),
        Err(TbError::BadChecksum { .. })
    ));
    assert_eq!(tb.probe_dtm(&krk).unwrap(), Dtm::Win(31));
    assert!(matches!(tb.probe_dtm(&kpk), Err(TbError::Missing { .. })));
    let mut out = Vec::new();
    assert!(cli::probe(&tb, KQK_FEN, &mut out).is_err());

    // A regeneration replaces exactly the damaged tables.
    let steps = generate_three_men(&dir);
    let remade: Vec<String> = steps
        .iter()
        .filter_map(|p| match p {
            GenerateProgress::Generated { material, .. } => Some(material.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(remade, ["KQK", "KRK", "KPK"]);
    let tb = Tablebases::open(&dir);
    tb.probe_dtm(&kqk).unwrap();
    tb.probe_wdl(&krk).unwrap();
    tb.probe_dtm(&kpk).unwrap();
}

#[test]
fn verification_finds_a_wrong_value_behind_a_valid_checksum() {
    let dir = fresh_dir("files_verify");
    generate_three_men(&dir);
    let kqk: Material = "KQK".parse().unwrap();
    let tb = Tablebases::open(&dir);
    assert_eq!(verify_table(&tb, kqk, 1).unwrap().positions, 46137);
    // Rewrite KQK's file with the longest mate one move shorter.
    let path = table_path(&dir, kqk, TableKind::Dtm);
    let bytes = fs::read(&path).unwrap();
    let mut payload = bytes[HEADER_LEN..bytes.len() - 4].to_vec();
    let longest = payload.iter().position(|&b| b == 20).unwrap(); // Win(19)
    payload[longest] = 18; // Win(17)
    fs::write(&path, encode(kqk, TableKind::Dtm, payload.len(), &payload)).unwrap();
    let tb = Tablebases::open(&dir);
    let err = verify_table(&tb, kqk, 1).unwrap_err();
    assert!(matches!(err, TbError::Inconsistent { .. }), "{err}");
}

#[test]
fn probe_command_prints_wdl_dtm_and_best_move() {
    let tb = Tablebases::in_memory();
    let run = |fen: &str| {
        let mut out = Vec::new();
        cli::probe(&tb, fen, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    };
    // The longest KQK mate: 10 moves.
    let out = run(KQK_FEN);
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("wdl win dtm 10"));
    let best = lines.next().unwrap().strip_prefix("bestmove ").unwrap();
    let pos = parse_fen(KQK_FEN).unwrap();
    let mv = outpost_notation::parse_uci_move(&pos, best).unwrap();
    assert_eq!(tb.probe_dtm(&pos.play(mv)).unwrap(), Dtm::Loss(18));
    // Mated: no move.
    assert_eq!(
        run("k1Q5/8/1K6/8/8/8/8/8 b - - 0 1"),
        "wdl loss dtm 0\nbestmove none\n"
    );
    // A draw: the pawn is lost.
    let out = run("k7/8/8/8/8/8/7p/6K1 w - - 0 1");
    assert!(out.starts_with("wdl draw dtm 0\nbestmove "), "{out}");
    // Fifty-move note when the clock is too far on.
    let out = run("8/8/8/5k2/8/8/1Q6/K7 w - - 90 80");
    assert!(out.contains("fifty-move"), "{out}");
    // Bad input.
    let mut sink = Vec::new();
    assert!(matches!(
        cli::probe(&tb, "not a fen", &mut sink),
        Err(TbError::BadFen { .. })
    ));
    assert!(matches!(
        cli::probe(&tb, "r3k3/8/8/8/8/8/8/4K3 b q - 0 1", &mut sink),
        Err(TbError::CastlingRights)
    ));
    assert!(matches!(
        cli::probe(&tb, "4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", &mut sink),
        Err(TbError::TooManyMen { men: 10 })
    ));
    assert!(matches!(
        cli::probe(&tb, "4k3/8/8/8/8/8/6PP/4K3 w - - 0 1", &mut sink),
        Err(TbError::NotAvailable { .. })
    ));
}

#[test]
fn stats_command_lists_every_table() {
    let tb = Tablebases::in_memory();
    let mut out = Vec::new();
    cli::stats(&tb, 3, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 2 + 2 * 5);
    let kqk = text.lines().find(|l| l.starts_with("| KQK |")).unwrap();
    assert!(kqk.contains("| 10 |"), "{kqk}");
    assert!(cli::stats(&tb, 4, Vec::new()).is_err());
    assert!(cli::stats(&tb, 5, Vec::new()).is_err());
}
