use super::*;
use outpost_notation::parse_fen;
use std::path::PathBuf;

fn data_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/syzygy"))
}

fn sample() -> Vec<(String, i32, i32)> {
    let path = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/syzygy-sample.txt"
    ));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| {
            let mut f = line.split(';');
            let fen = f.next().unwrap().to_string();
            let wdl = f.next().unwrap().parse().unwrap();
            let dtz = f.next().unwrap().parse().unwrap();
            (fen, wdl, dtz)
        })
        .collect()
}

/// A scratch directory under the target folder, emptied first.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("outpost-syzygy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_sample_position_agrees_with_python_chess() {
    let tables = Syzygy::open(&[data_dir()], Loading::Mapped);
    assert_eq!(tables.largest(), 4);
    assert_eq!(tables.files(), (35, 35));
    let rows = sample();
    assert!(rows.len() >= 1400, "{}", rows.len());
    let mut en_passant = 0;
    for (fen, wdl, dtz) in &rows {
        let pos = parse_fen(fen).unwrap();
        en_passant += usize::from(pos.en_passant().is_some());
        assert_eq!(
            tables.probe_wdl(&pos).unwrap().to_i32(),
            *wdl,
            "WDL of {fen}"
        );
        assert_eq!(tables.probe_dtz(&pos).unwrap(), *dtz, "DTZ of {fen}");
    }
    assert!(en_passant > 0);
    assert!(tables.take_problems().is_empty());
}

#[test]
fn mapped_and_read_tables_agree() {
    let mapped = Syzygy::open(&[data_dir()], Loading::Mapped);
    let read = Syzygy::open(&[data_dir()], Loading::Read);
    for (fen, _, _) in sample().iter().step_by(3) {
        let pos = parse_fen(fen).unwrap();
        assert_eq!(mapped.probe_wdl(&pos), read.probe_wdl(&pos), "{fen}");
        assert_eq!(mapped.probe_dtz(&pos), read.probe_dtz(&pos), "{fen}");
    }
}

#[test]
fn root_ranking_follows_dtz() {
    let tables = Syzygy::open(&[data_dir()], Loading::Mapped);
    for (fen, wdl, dtz) in sample().iter().step_by(7) {
        let pos = parse_fen(fen).unwrap();
        if pos.is_checkmate() || pos.is_stalemate() {
            continue;
        }
        let ranked = tables.rank_root_moves(&pos, &[], true).unwrap();
        let best = ranked[0];
        // The best move keeps the position's value.
        assert_eq!(best.wdl.to_i32(), *wdl, "{fen}");
        if *wdl == 2 {
            // A win goes on in at most the position's DTZ (the tables round
            // by at most one ply).
            assert!(
                best.dtz > 0 && best.dtz <= *dtz + 1,
                "{fen}: {best:?} dtz {dtz}"
            );
            assert!(ranked.iter().all(|m| m.dtz <= 0 || m.dtz >= best.dtz));
        }
        if *wdl == -2 {
            // Resists longest.
            assert!(ranked.iter().all(|m| m.dtz >= best.dtz || m.dtz > 0));
        }
    }
}

#[test]
fn fifty_move_rule_turns_a_long_win_into_a_draw_and_back() {
    let tables = Syzygy::open(&[data_dir()], Loading::Mapped);
    // KBNvK with the mate far away, and the clock high.
    let fen = "8/8/8/8/8/8/5k2/KBN5 w - - 0 1";
    let pos = parse_fen(fen).unwrap();
    let dtz = tables.probe_dtz(&pos).unwrap();
    assert!(dtz > 20, "{dtz}");
    let late = parse_fen(&format!("8/8/8/8/8/8/5k2/KBN5 w - - {} 1", 100 - dtz / 2)).unwrap();
    let strict = tables.rank_root_moves(&late, &[], true).unwrap();
    let relaxed = tables.rank_root_moves(&late, &[], false).unwrap();
    assert!(strict[0].rank < 2 * RANK_BASE - 1000, "{:?}", strict[0]);
    assert!(relaxed[0].rank > 2 * RANK_BASE - 1000, "{:?}", relaxed[0]);
}

#[test]
fn bad_positions_are_errors() {
    let tables = Syzygy::open(&[data_dir()], Loading::Mapped);
    let five = parse_fen("k7/8/8/8/8/8/1p6/K3RR2 w - - 0 1").unwrap();
    assert!(matches!(
        tables.probe_wdl(&five),
        Err(SyzygyError::TooManyMen { men: 5, largest: 4 })
    ));
    let castling = parse_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    assert_eq!(
        tables.probe_wdl(&castling),
        Err(SyzygyError::CastlingRights)
    );
    let none = Syzygy::open_path_list("");
    assert_eq!(none.largest(), 0);
    let krk = parse_fen("8/8/8/8/8/2k5/8/K6R w - - 0 1").unwrap();
    assert!(none.probe_wdl(&krk).is_err());
}

#[test]
fn unusable_directories_and_files_are_reported_once() {
    let dir = scratch("bad");
    // A truncated KRvK, a KQvK renamed as KRvKP's... well, KRvKN, and a DTZ
    // file in place of a WDL one.
    let src = data_dir();
    let krvk = std::fs::read(src.join("KRvK.rtbw")).unwrap();
    std::fs::write(dir.join("KRvK.rtbw"), &krvk[..krvk.len() / 2]).unwrap();
    std::fs::copy(src.join("KQvK.rtbw"), dir.join("KRvKN.rtbw")).unwrap();
    std::fs::copy(src.join("KQvK.rtbz"), dir.join("KQvK.rtbw")).unwrap();
    std::fs::copy(src.join("KBvK.rtbw"), dir.join("KBvK.rtbw")).unwrap();
    let list = std::env::join_paths([dir.clone(), dir.join("does-not-exist")]).unwrap();
    let tables = Syzygy::open_path_list(list.to_str().unwrap());
    let problems = tables.take_problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(matches!(problems[0], SyzygyError::Directory { .. }));

    let krk = parse_fen("8/8/8/8/8/2k5/8/K6R w - - 0 1").unwrap();
    for _ in 0..3 {
        assert!(matches!(
            tables.probe_wdl(&krk),
            Err(SyzygyError::Corrupt { .. })
        ));
        assert_eq!(tables.probe_wdl_quiet(&krk), None);
    }
    let renamed = parse_fen("8/8/8/8/8/2k1n3/8/K6R w - - 0 1").unwrap();
    let err = tables.probe_wdl(&renamed).unwrap_err();
    assert!(err.to_string().contains("renamed"), "{err}");
    let wrong_kind = parse_fen("8/8/8/8/8/2k5/8/K6Q w - - 0 1").unwrap();
    assert!(tables
        .probe_wdl(&wrong_kind)
        .unwrap_err()
        .to_string()
        .contains("magic"));
    // The good table still answers.
    let kbk = parse_fen("8/8/8/8/8/2k5/8/K6B w - - 0 1").unwrap();
    assert_eq!(tables.probe_wdl(&kbk), Ok(SyzygyWdl::Draw));
    // Each broken file reported once, however often probed.
    let problems = tables.take_problems();
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(tables.take_problems().is_empty());
    assert!(tables.probe_wdl(&krk).is_err());
    assert!(tables.take_problems().is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn damaged_bytes_never_panic() {
    // Flip bytes all over a few tables and probe: errors or wrong values
    // are allowed, a panic or hang is not.
    let dir = scratch("flips");
    let src = data_dir();
    let rows = sample();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for name in ["KRvK", "KPvK", "KQvKR", "KPvKP", "KBNvK"] {
        for ext in ["rtbw", "rtbz"] {
            let bytes = std::fs::read(src.join(format!("{name}.{ext}"))).unwrap();
            for round in 0..40 {
                let mut damaged = bytes.clone();
                let flips = 1 + (next() % 8) as usize;
                for _ in 0..flips {
                    // Mostly the header, where damage matters most.
                    let limit = if round % 2 == 0 {
                        damaged.len().min(256)
                    } else {
                        damaged.len()
                    };
                    let at = (next() as usize) % limit;
                    damaged[at] ^= 1 << (next() % 8);
                }
                std::fs::write(dir.join(format!("{name}.{ext}")), &damaged).unwrap();
                // The other tables the probes need (captures lead to them).
                for other in [
                    "KRvK", "KPvK", "KQvK", "KNvK", "KBvK", "KRvKR", "KQvKR", "KPvKP", "KBNvK",
                    "KBvKN", "KNvKN", "KBvKB", "KQvKQ", "KRvKB", "KRvKN", "KRvKP", "KQvKP",
                    "KBvKP", "KNvKP", "KBNvK",
                ] {
                    for e in ["rtbw", "rtbz"] {
                        let target = dir.join(format!("{other}.{e}"));
                        if other != name || e != ext {
                            let _ = std::fs::copy(src.join(format!("{other}.{e}")), target);
                        }
                    }
                }
                let tables = Syzygy::open(&[&dir], Loading::Read);
                for (fen, _, _) in rows.iter().step_by(29) {
                    let pos = parse_fen(fen).unwrap();
                    let _ = tables.probe_wdl(&pos);
                    let _ = tables.probe_dtz(&pos);
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
