//! Passed-pawn terms that depend on the pieces: each adds exactly its weight
//! when its condition holds and nothing otherwise.

use outpost_eval::{Evaluator, Params, TaperedScore};
use outpost_notation::parse_fen;

/// What `set` adds to the evaluation of `fen` (side to move's view): the
/// evaluation with the changed weights less the one with the defaults.
fn added_by(fen: &str, set: impl Fn(&mut Params)) -> i32 {
    let pos = parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut changed = Params::default();
    set(&mut changed);
    Evaluator::with_params(changed).evaluate(&pos)
        - Evaluator::with_params(Params::default()).evaluate(&pos)
}

const BONUS: TaperedScore = TaperedScore::new(40, 40);

#[test]
fn a_rook_behind_a_passed_pawn_counts_for_its_side() {
    let own = |p: &mut Params| p.passed_rook_behind += BONUS;
    let enemy = |p: &mut Params| p.passed_enemy_rook_behind += BONUS;
    // White's passed d-pawn with White's rook behind it, then Black's.
    assert_eq!(added_by("4k3/8/8/3P4/8/8/8/3RK3 w - - 0 1", own), 40);
    assert_eq!(added_by("4k3/8/8/3P4/8/8/8/3RK3 w - - 0 1", enemy), 0);
    assert_eq!(added_by("4k3/8/8/3P4/8/8/8/3rK3 w - - 0 1", enemy), 40);
    assert_eq!(added_by("4k3/8/8/3P4/8/8/8/3rK3 w - - 0 1", own), 0);
    // The same seen by Black, to move: White's bonus is Black's loss.
    assert_eq!(added_by("4k3/8/8/3P4/8/8/8/3RK3 b - - 0 1", own), -40);
    // A piece in between, or a rook in front, does not count.
    assert_eq!(added_by("4k3/8/8/3P4/8/3N4/8/3RK3 w - - 0 1", own), 0);
    assert_eq!(added_by("4k3/3R4/8/3P4/8/8/8/4K3 w - - 0 1", own), 0);
    // Black's passed pawn, rook behind it from Black's side (the 8th rank).
    assert_eq!(added_by("3rk3/8/8/8/3p4/8/8/4K3 b - - 0 1", own), 40);
}

#[test]
fn a_passed_pawn_whose_next_square_is_safe() {
    let safe = |p: &mut Params| p.passed_safe_stop[4] += BONUS;
    // White pawn on e5 (relative rank index 4); e6 empty and unguarded.
    assert_eq!(added_by("k7/8/8/4P3/8/8/8/K7 w - - 0 1", safe), 40);
    // e6 attacked by a black knight: not safe.
    assert_eq!(added_by("k7/8/8/4P3/5n2/8/8/K7 w - - 0 1", safe), 0);
    // e6 occupied: blocked, not safe.
    assert_eq!(added_by("k7/8/4n3/4P3/8/8/8/K7 w - - 0 1", safe), 0);
}
