//! Every table value obeys the minimax equation: a position's DTM is the
//! best of its moves' values (the checkmated lose in 0, the stalemated
//! draw). Over every position of the 3-man tables, KQKR and KBNK.

use outpost_tb::{table_stats, verify_table, Dtm, Tablebases};

/// Checks every position of a table (`every` = 1) or every `every`-th.
fn check(tb: &Tablebases, material: &str, every: usize) -> u64 {
    verify_table(tb, material.parse().unwrap(), every)
        .unwrap()
        .positions
}

#[test]
fn three_man_tables_are_consistent() {
    let tb = Tablebases::in_memory();
    let mut total = 0;
    for m in ["KQK", "KRK", "KBK", "KNK", "KPK"] {
        total += check(&tb, m, 1);
    }
    assert!(total > 200_000, "{total}");
}

#[test]
fn kqkr_and_kbnk_are_consistent_and_reach_the_known_longest_mates() {
    let tb = Tablebases::in_memory();
    for m in ["KQKR", "KBNK"] {
        tb.generate_table(m.parse().unwrap()).unwrap();
        check(&tb, m, 1);
    }
    let longest = |m: &str| {
        let stats = table_stats(&tb, m.parse().unwrap()).unwrap();
        let (plies, fen) = stats.sides[0].longest_win.clone().unwrap();
        // The position given reaches it.
        let pos = outpost_notation::parse_fen(&fen).unwrap();
        assert_eq!(tb.probe_dtm(&pos).unwrap(), Dtm::Win(plies));
        Dtm::Win(plies).moves().unwrap()
    };
    assert_eq!(longest("KQK"), 10);
    assert_eq!(longest("KRK"), 16);
    // KPK: 28 moves with White to move, and Black to move is mated in 28 at most.
    assert_eq!(longest("KPK"), 28);
    let kpk = table_stats(&tb, "KPK".parse().unwrap()).unwrap();
    let (plies, _) = kpk.sides[1].longest_loss.clone().unwrap();
    assert_eq!(Dtm::Loss(plies).moves(), Some(28));
    assert_eq!(longest("KQKR"), 35);
    assert_eq!(longest("KBNK"), 33);
}
