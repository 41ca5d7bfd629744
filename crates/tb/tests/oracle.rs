//! The tables against an independent oracle: a plain minimax search over
//! the board's legal moves, which finds every mate within a few plies
//! exactly. On random positions, each value the search can decide must be
//! the table's, and every table mate within its horizon must be found.

use outpost_board::Position;
use outpost_tb::{Dtm, Material, Tablebases};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The exact value of `pos` if a side mates within `depth` plies, `Draw`
/// for a stalemate or bare kings, `None` otherwise.
fn search(pos: &Position, depth: u16) -> Option<Dtm> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return Some(if pos.is_check() {
            Dtm::Loss(0)
        } else {
            Dtm::Draw
        });
    }
    if pos.occupied().count() == 2 {
        return Some(Dtm::Draw);
    }
    if depth == 0 {
        return None;
    }
    let mut fastest_win: Option<u16> = None;
    let mut all_lose = true;
    let mut slowest_loss = 0;
    for &mv in moves.iter() {
        match search(&pos.play(mv), depth - 1) {
            Some(Dtm::Loss(p)) => fastest_win = Some(fastest_win.map_or(p + 1, |w| w.min(p + 1))),
            Some(Dtm::Win(p)) => slowest_loss = slowest_loss.max(p + 1),
            _ => all_lose = false,
        }
    }
    match fastest_win {
        Some(w) => Some(Dtm::Win(w)),
        None if all_lose => Some(Dtm::Loss(slowest_loss)),
        None => None,
    }
}

/// Compares table and search on about `samples` positions of `material`,
/// most of them with a table mate within the search's horizon. Returns how
/// many the search decided.
fn compare(tb: &Tablebases, material: &str, depth: u16, samples: u64) -> usize {
    let material: Material = material.parse().unwrap();
    let all = tb.positions(material).unwrap().count() as u64;
    let near = tb
        .positions(material)
        .unwrap()
        .filter(|p| within(tb.probe_dtm(p).unwrap(), depth))
        .count() as u64;
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut decided = 0;
    for pos in tb.positions(material).unwrap() {
        let table = tb.probe_dtm(&pos).unwrap();
        // Half the samples among the near mates, half among all positions.
        let pick = if within(table, depth) { near } else { all };
        if rng.next_u64() % (2 * pick) >= samples {
            continue;
        }
        let fen = outpost_notation::to_fen(&pos);
        match search(&pos, depth) {
            Some(value) => {
                decided += 1;
                assert_eq!(table, value, "{fen}");
            }
            None => assert!(
                !within(table, depth),
                "{fen}: table {table:?} within the search's {depth} plies"
            ),
        }
    }
    decided
}

fn within(dtm: Dtm, depth: u16) -> bool {
    dtm.plies().is_some_and(|p| p <= depth)
}

#[test]
fn three_man_tables_agree_with_a_mate_search() {
    let tb = Tablebases::in_memory();
    let mut decided = 0;
    for material in ["KQK", "KRK", "KPK", "KNK"] {
        decided += compare(&tb, material, 3, 300);
    }
    assert!(decided > 300, "{decided}");
}

#[test]
fn kqkr_agrees_with_a_mate_search() {
    let tb = Tablebases::in_memory();
    tb.generate_table("KQKR".parse().unwrap()).unwrap();
    let decided = compare(&tb, "KQKR", 3, 200);
    assert!(decided > 50, "{decided}");
}
