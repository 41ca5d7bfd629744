//! Colour and mirror symmetry, trace consistency and range over every suite
//! position, and a few hand-checked preferences.

mod common;

use common::suite_positions;
use outpost_board::{CastlingRights, Color, Position, Setup, Square};
use outpost_eval::{Evaluator, Params, Term, EVAL_LIMIT, SCALE_NORMAL};
use outpost_notation::parse_fen;

/// The a↔h mirror image of a position without castling rights.
fn mirrored(pos: &Position) -> Position {
    let mut setup = Setup::empty();
    for sq in Square::ALL {
        setup.board[sq.flip_file().index()] = pos.piece_on(sq);
    }
    setup.side_to_move = pos.side_to_move();
    setup.en_passant = pos.en_passant().map(Square::flip_file);
    setup.halfmove_clock = pos.halfmove_clock();
    setup.fullmove_number = pos.fullmove_number();
    Position::from_setup(&setup).expect("the mirror image of a legal position is legal")
}

/// The default weights, and weights with every term switched on: each
/// weight moved by a different small amount (thresholds, phase weights and
/// scale factors left alone), so that a term whose default is zero is
/// checked too.
fn evaluators() -> [Evaluator; 2] {
    let mut params = Params::default();
    let names = params.names();
    let values: Vec<i32> = params
        .to_vec()
        .iter()
        .zip(&names)
        .enumerate()
        .map(|(i, (&v, name))| {
            let fixed = [
                "phase_weight",
                "king_min_attackers",
                "mopup_margin",
                "scale_",
            ];
            if fixed.iter().any(|f| name.starts_with(f)) {
                v
            } else {
                v + 1 + (i % 7) as i32
            }
        })
        .collect();
    params.set_from_slice(&values);
    [Evaluator::new(), Evaluator::with_params(params)]
}

#[test]
fn colour_flip_gives_the_same_score() {
    for mut eval in evaluators() {
        colour_flip_with(&mut eval);
    }
}

fn colour_flip_with(eval: &mut Evaluator) {
    for (fen, pos) in suite_positions() {
        let flipped = pos.color_flipped();
        assert_eq!(eval.evaluate(pos), eval.evaluate(&flipped), "{fen}");
        let (a, b) = (eval.trace(pos), eval.trace(&flipped));
        for term in Term::ALL {
            for color in Color::ALL {
                assert_eq!(a.term(term, color), b.term(term, !color), "{fen} {term}");
            }
        }
    }
}

#[test]
fn mirror_image_gives_the_same_score() {
    for mut eval in evaluators() {
        mirror_image_with(&mut eval);
    }
}

fn mirror_image_with(eval: &mut Evaluator) {
    let mut checked = 0;
    for (fen, pos) in suite_positions() {
        if pos.castling_rights() != CastlingRights::NONE {
            continue;
        }
        let twin = mirrored(pos);
        assert_eq!(eval.trace(pos), eval.trace(&twin), "{fen}");
        assert_eq!(eval.evaluate(pos), eval.evaluate(&twin), "{fen}");
        checked += 1;
    }
    assert!(
        checked > 1500,
        "only {checked} positions without castling rights"
    );
}

#[test]
fn trace_agrees_with_evaluate_and_scores_stay_in_range() {
    let mut eval = Evaluator::new();
    for (fen, pos) in suite_positions() {
        let score = eval.evaluate(pos);
        let trace = eval.trace(pos);
        assert_eq!(trace.score(), score, "{fen}");
        assert_eq!(eval.evaluate_uncached(pos), score, "{fen}");
        assert!(score.abs() <= EVAL_LIMIT, "{fen}: {score}");
        // The final score is the tapered, scaled total of the terms.
        let total = trace.total();
        let (phase, max) = (trace.phase(), trace.phase_max());
        let eg = total.eg() * trace.scale() / SCALE_NORMAL;
        let white = (total.mg() * phase + eg * (max - phase)) / max;
        assert_eq!(
            trace.white_score(),
            white.clamp(-EVAL_LIMIT, EVAL_LIMIT),
            "{fen}"
        );
        let text = trace.to_string();
        assert!(text.contains("Final evaluation: "), "{text}");
        for term in Term::ALL {
            assert!(text.contains(term.name()), "{text}");
        }
    }
}

#[test]
fn start_position_is_balanced_but_for_the_tempo() {
    let mut eval = Evaluator::new();
    let start = Position::startpos();
    let trace = eval.trace(&start);
    assert_eq!(trace.phase(), trace.phase_max());
    for term in Term::ALL.iter().filter(|&&t| t != Term::Tempo) {
        assert_eq!(trace.term_total(*term).mg(), 0, "{term}");
    }
    assert_eq!(eval.evaluate(&start), eval.params().tempo.mg());
}

fn score(fen: &str) -> i32 {
    Evaluator::new().evaluate(&parse_fen(fen).unwrap())
}

#[test]
fn prefers_what_a_player_would() {
    // Centralised knight over a rim knight.
    assert!(
        score("4k3/pppppppp/8/8/3N4/8/PPPPPPPP/4K3 w - - 0 1")
            > score("4k3/pppppppp/8/8/N7/8/PPPPPPPP/4K3 w - - 0 1")
    );
    // An advanced passed pawn over a held-back one.
    assert!(score("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1") > score("4k3/8/8/8/8/1P6/8/4K3 w - - 0 1"));
    // Castled king behind its pawns over a king on an open centre file.
    assert!(
        score("r4rk1/ppp2ppp/8/8/8/8/PPP2PPP/R4RK1 w - - 0 1")
            > score("r4rk1/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R w - - 0 1")
    );
    // A rook on the seventh against pawns there.
    assert!(
        score("6k1/pR3ppp/8/8/8/8/5PPP/6K1 w - - 0 1")
            > score("6k1/p4ppp/8/8/8/8/1R3PPP/6K1 w - - 0 1")
    );
    // A hanging queen is bad for its owner.
    let trace = Evaluator::new().trace(&parse_fen("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1").unwrap());
    assert!(trace.term(Term::Threats, Color::White).mg() > 0);
}
