//! Every table value obeys the minimax equation: a position's DTM is the
//! best of its moves' values (the checkmated lose in 0, the stalemated
//! draw). Over every position of the 3-man tables, KQKR and KBNK, and a
//! random sample of the pawn endings KPKP and KRKP.

use outpost_board::Position;
use outpost_tb::{table_stats, Dtm, Material, Tablebases};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The value `pos` must have given its moves' values from the tables.
fn expected(tb: &Tablebases, pos: &Position) -> Dtm {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return if pos.is_check() {
            Dtm::Loss(0)
        } else {
            Dtm::Draw
        };
    }
    moves
        .iter()
        .map(|&mv| tb.probe_dtm(&pos.play(mv)).unwrap().parent())
        .max()
        .unwrap()
}

/// Checks the positions of `material`'s table (all, or `sample` random
/// slots), with both the DTM and the WDL probe. Returns how many it checked.
fn check(tb: &Tablebases, material: &str, sample: Option<usize>) -> usize {
    let material: Material = material.parse().unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut checked = 0;
    let mut check_one = |pos: &Position| {
        let dtm = tb.probe_dtm(pos).unwrap();
        assert_eq!(
            dtm,
            expected(tb, pos),
            "{material}: {}",
            outpost_notation::to_fen(pos)
        );
        assert_eq!(tb.probe_wdl(pos).unwrap(), dtm.wdl());
        // The colour-flipped twin has the same value.
        assert_eq!(tb.probe_dtm(&pos.color_flipped()).unwrap(), dtm);
        checked += 1;
    };
    match sample {
        None => tb.positions(material).unwrap().for_each(|p| check_one(&p)),
        Some(n) => {
            // Every position with probability about n / all.
            let all = tb.positions(material).unwrap().count() as u64;
            for pos in tb.positions(material).unwrap() {
                if rng.next_u64() % all < n as u64 {
                    check_one(&pos);
                }
            }
        }
    }
    checked
}

#[test]
fn three_man_tables_are_consistent() {
    let tb = Tablebases::in_memory();
    let mut total = 0;
    for m in ["KQK", "KRK", "KBK", "KNK", "KPK"] {
        total += check(&tb, m, None);
    }
    assert!(total > 200_000, "{total}");
}

#[test]
fn kqkr_and_kbnk_are_consistent_and_reach_the_known_longest_mates() {
    let tb = Tablebases::in_memory();
    for m in ["KQKR", "KBNK"] {
        tb.generate_table(m.parse().unwrap()).unwrap();
        check(&tb, m, None);
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
