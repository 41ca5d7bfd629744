//! Endgame knowledge: dead draws score exactly 0, drawish material is scaled
//! down, and mop-up drives the lone king where it can be mated.

use outpost_board::{Color, Position};
use outpost_eval::{Evaluator, TaperedScore, Term, SCALE_NORMAL};
use outpost_notation::parse_fen;

fn pos(fen: &str) -> Position {
    parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn known_draws_score_zero() {
    let mut eval = Evaluator::new();
    for fen in [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",     // KvK
        "8/8/4k3/8/8/3K4/5N2/8 w - - 0 1",   // KNvK
        "8/8/4k3/8/8/3K4/5N2/8 b - - 0 1",   // KNvK, the weak side to move
        "8/8/4kn2/8/8/3K4/8/8 w - - 0 1",    // KvKN
        "8/8/4k3/8/8/3K4/8/6B1 w - - 0 1",   // KBvK
        "8/8/4k3/2b5/8/3K4/8/6B1 w - - 0 1", // KBvKB, both on dark squares
        "8/1b6/4k3/8/8/3K4/8/5B2 b - - 0 1", // KBvKB, both on light squares
        "8/8/4k3/8/8/3K4/8/4NN2 w - - 0 1",  // KNNvK
        "8/8/4k3/8/2nn4/3K4/8/8 b - - 0 1",  // KvKNN
    ] {
        let p = pos(fen);
        assert_eq!(eval.evaluate(&p), 0, "{fen}");
        assert_eq!(eval.evaluate(&p.color_flipped()), 0, "{fen}");
        let trace = eval.trace(&p);
        assert!(trace.is_insufficient_material(), "{fen}");
        assert_eq!(trace.score(), 0, "{fen}");
    }
    // Not dead: opposite bishops (a helpmate exists), or a pawn.
    assert!(!eval
        .trace(&pos("8/8/3bk3/8/8/3K4/8/5B2 w - - 0 1"))
        .is_insufficient_material());
    assert!(!eval
        .trace(&pos("8/8/4k3/8/8/3K4/4P3/8 w - - 0 1"))
        .is_insufficient_material());
}

#[test]
fn drawish_material_is_scaled_down() {
    let mut eval = Evaluator::new();
    let scale = |eval: &mut Evaluator, fen: &str| eval.trace(&pos(fen)).scale();
    // Opposite-coloured bishops with a pawn more.
    let ocb = "5b2/4k3/8/8/4P3/3KP3/8/3B4 w - - 0 1";
    assert!(scale(&mut eval, ocb) < SCALE_NORMAL);
    let same = "8/4k3/8/3b4/4P3/3KP3/8/3B4 w - - 0 1";
    assert_eq!(scale(&mut eval, same), SCALE_NORMAL);
    assert!(eval.evaluate(&pos(ocb)) < eval.evaluate(&pos(same)));
    // Rook against bishop, no pawns: a minor-piece edge.
    let rb = "8/8/4k3/8/2b5/8/8/R3K3 w - - 0 1";
    assert!(scale(&mut eval, rb) < SCALE_NORMAL / 2);
    assert!(
        eval.evaluate(&pos(rb)).abs() < 100,
        "{}",
        eval.evaluate(&pos(rb))
    );
    // A lone knight against pawns cannot win.
    let np = "8/p7/4k3/8/8/3K4/8/5N2 w - - 0 1";
    assert_eq!(scale(&mut eval, np), 0);
}

#[test]
fn mop_up_drives_the_lone_king_to_the_edge() {
    let mut eval = Evaluator::new();
    // KQ v K: the black king on the edge and the kings close is better for White.
    let centre = eval.evaluate(&pos("8/8/8/3k4/8/8/8/Q3K3 w - - 0 1"));
    let edge = eval.evaluate(&pos("3k4/8/3K4/8/8/8/8/Q7 w - - 0 1"));
    assert!(edge > centre + 50, "{edge} {centre}");
    assert!(centre > 800);
    // KBNK: with a light-squared bishop (f1), a light corner (a8) is where
    // the lone king can be mated, so it is better for White than a dark one (h8).
    let right = eval.trace(&pos("k7/2K5/8/8/8/8/8/5BN1 w - - 0 1"));
    let wrong = eval.trace(&pos("7k/5K2/8/8/8/8/8/5BN1 w - - 0 1"));
    assert!(
        right.score() > wrong.score(),
        "{} {}",
        right.score(),
        wrong.score()
    );
    assert!(
        right.term(Term::MopUp, Color::White).eg() > wrong.term(Term::MopUp, Color::White).eg()
    );
    assert_eq!(right.term(Term::MopUp, Color::Black), TaperedScore::ZERO);
}

#[test]
fn wrong_bishop_with_rook_pawns_is_a_draw_when_the_king_holds_the_corner() {
    let mut eval = Evaluator::new();
    let scale = |eval: &mut Evaluator, fen: &str| eval.trace(&pos(fen)).scale();
    // Light-squared bishop, h-pawns, h8 is dark: the black king holds it.
    for fen in [
        "7k/8/7P/8/8/3B4/7P/6K1 w - - 0 1",
        "8/6k1/8/7P/8/3B4/8/6K1 b - - 0 1",
        // Black's version: light-squared bishop, an a-pawn, a1 is dark.
        "6k1/8/8/1b6/8/8/p7/1K6 w - - 0 1",
    ] {
        let p = pos(fen);
        assert_eq!(scale(&mut eval, fen), 0, "{fen}");
        assert!(eval.evaluate(&p).abs() < 50, "{fen}: {}", eval.evaluate(&p));
        assert_eq!(eval.trace(&p.color_flipped()).scale(), 0, "{fen}");
    }
    // Not drawn: the right bishop, the king away from the corner, a pawn
    // off the rook file, or another piece.
    for fen in [
        "7k/8/7P/8/8/4B3/7P/6K1 w - - 0 1",
        "8/8/3k4/7P/8/3B4/8/6K1 w - - 0 1",
        "7k/8/6PP/8/8/3B4/8/6K1 w - - 0 1",
        "7k/8/7P/8/8/3B4/7P/2N3K1 w - - 0 1",
    ] {
        assert_eq!(scale(&mut eval, fen), SCALE_NORMAL, "{fen}");
        assert!(eval.evaluate(&pos(fen)) > 200, "{fen}");
    }
}
