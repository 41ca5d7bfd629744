//! The evaluation broken down term by term, for people and for tuners.

use crate::score::TaperedScore;
use outpost_board::Color;
use std::fmt;

/// The terms of the evaluation, as the trace lists them.
///
/// ```
/// use outpost_eval::{Evaluator, TaperedScore, Term};
/// use outpost_notation::parse_fen;
///
/// assert_eq!(Term::ALL.len(), Term::COUNT);
/// assert!(Term::ALL.iter().enumerate().all(|(i, t)| t.index() == i));
/// assert_eq!(Term::KingSafety.to_string(), "King safety");
///
/// // A trace's terms add up to its total.
/// let pos = parse_fen("r3k2r/ppp2ppp/2n5/3q4/3P4/2N5/PP3PPP/R2QR1K1 b kq - 0 12").unwrap();
/// let trace = Evaluator::new().trace(&pos);
/// let sum: TaperedScore = Term::ALL.iter().map(|&t| trace.term_total(t)).sum();
/// assert_eq!(sum, trace.total());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Term {
    /// Piece values.
    Material,
    /// Piece-square tables.
    PieceSquares,
    /// Pawn structure: doubled, isolated, backward, supported and phalanx pawns.
    Pawns,
    /// Passed pawns: rank, blocked, safe stop or free path, king distances,
    /// rooks behind.
    Passed,
    /// Squares the pieces can use.
    Mobility,
    /// Knight outposts.
    Knights,
    /// The bishop pair and bishop outposts.
    Bishops,
    /// Rooks on open and semi-open files and on the seventh rank.
    Rooks,
    /// Pawn shield and storm, open files by the king, attacks on the king zone.
    KingSafety,
    /// Pieces attacked by lower-valued pieces, hanging pieces.
    Threats,
    /// Driving a lone king to the edge in won pawnless endings.
    MopUp,
    /// The side to move.
    Tempo,
}

impl Term {
    /// Number of terms.
    pub const COUNT: usize = 12;

    /// Every term, in the trace's order.
    pub const ALL: [Term; Term::COUNT] = [
        Term::Material,
        Term::PieceSquares,
        Term::Pawns,
        Term::Passed,
        Term::Mobility,
        Term::Knights,
        Term::Bishops,
        Term::Rooks,
        Term::KingSafety,
        Term::Threats,
        Term::MopUp,
        Term::Tempo,
    ];

    /// Index 0 to [`Term::COUNT`] - 1, in [`Term::ALL`] order.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The term's name as the trace prints it.
    pub const fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::PieceSquares => "Piece squares",
            Term::Pawns => "Pawns",
            Term::Passed => "Passed",
            Term::Mobility => "Mobility",
            Term::Knights => "Knights",
            Term::Bishops => "Bishops",
            Term::Rooks => "Rooks",
            Term::KingSafety => "King safety",
            Term::Threats => "Threats",
            Term::MopUp => "Mop-up",
            Term::Tempo => "Tempo",
        }
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where the evaluation reports each contribution: nowhere in the fast path,
/// into a [`Trace`] when explaining.
pub(crate) trait Tracer {
    /// `color` gets `score` from `term`.
    fn add(&mut self, term: Term, color: Color, score: TaperedScore);
}

/// The fast path's tracer: records nothing.
pub(crate) struct NoTrace;

impl Tracer for NoTrace {
    #[inline(always)]
    fn add(&mut self, _: Term, _: Color, _: TaperedScore) {}
}

/// An evaluation explained: each term's middlegame and endgame contribution
/// for White, for Black and in total (White's minus Black's), the game phase,
/// the endgame scale factor and the final score.
///
/// Its [`Display`](fmt::Display) prints a table in the style of Stockfish's
/// `eval` command, in pawns from White's point of view, ending with the line
/// `Final evaluation: <score> (white side)`.
///
/// ```
/// use outpost_board::Color;
/// use outpost_eval::{Evaluator, Term};
/// use outpost_notation::parse_fen;
///
/// let mut eval = Evaluator::new();
/// // White has an extra knight; Black is to move.
/// let pos = parse_fen("4k3/pppp4/8/8/8/8/PPPP4/1N2K3 b - - 0 1").unwrap();
/// let trace = eval.trace(&pos);
/// let knight = eval.params().piece_value[1];
/// assert_eq!(trace.term_total(Term::Material), knight);
/// assert!(trace.white_score() > 0);
/// assert_eq!(trace.score(), -trace.white_score());
/// assert_eq!(trace.score(), eval.evaluate(&pos));
/// assert!(!trace.is_insufficient_material());
///
/// // The printed table has a row per term and ends with the score.
/// let text = trace.to_string();
/// assert!(text
///     .lines()
///     .any(|line| line.trim_start().starts_with("Material |")));
/// let last = text.lines().last().unwrap();
/// assert!(last.starts_with("Final evaluation: +") && last.ends_with("(white side)"));
///
/// // A lone knight cannot mate: nothing to explain.
/// let draw = eval.trace(&parse_fen("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1").unwrap());
/// assert!(draw.is_insufficient_material());
/// assert_eq!(draw.score(), 0);
/// assert_eq!(draw.term(Term::Material, Color::White).mg(), 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    pub(crate) terms: [[TaperedScore; 2]; Term::COUNT],
    pub(crate) phase: i32,
    pub(crate) phase_max: i32,
    pub(crate) scale: i32,
    pub(crate) white_score: i32,
    pub(crate) side_to_move: Color,
    pub(crate) insufficient_material: bool,
}

impl Trace {
    pub(crate) fn new(side_to_move: Color, phase_max: i32) -> Trace {
        Trace {
            terms: [[TaperedScore::ZERO; 2]; Term::COUNT],
            phase: 0,
            phase_max,
            scale: crate::params::SCALE_NORMAL,
            white_score: 0,
            side_to_move,
            insufficient_material: false,
        }
    }

    /// What `term` gives `color`.
    pub fn term(&self, term: Term, color: Color) -> TaperedScore {
        self.terms[term.index()][color.index()]
    }

    /// What `term` gives White minus what it gives Black.
    pub fn term_total(&self, term: Term) -> TaperedScore {
        self.term(term, Color::White) - self.term(term, Color::Black)
    }

    /// The sum of every term, from White's point of view, before tapering.
    pub fn total(&self) -> TaperedScore {
        Term::ALL.iter().map(|&t| self.term_total(t)).sum()
    }

    /// The game phase: [`Trace::phase_max`] with every piece on the board,
    /// 0 with kings and pawns only.
    pub fn phase(&self) -> i32 {
        self.phase
    }

    /// The phase of the starting position.
    pub fn phase_max(&self) -> i32 {
        self.phase_max
    }

    /// The factor applied to the endgame value, out of
    /// [`SCALE_NORMAL`](crate::SCALE_NORMAL).
    pub fn scale(&self) -> i32 {
        self.scale
    }

    /// The final score in centipawns from White's point of view.
    pub fn white_score(&self) -> i32 {
        self.white_score
    }

    /// The final score in centipawns from the side to move's point of view:
    /// what [`Evaluator::evaluate`](crate::Evaluator::evaluate) returns.
    pub fn score(&self) -> i32 {
        match self.side_to_move {
            Color::White => self.white_score,
            Color::Black => -self.white_score,
        }
    }

    /// Whether the position is a draw by insufficient material (then every
    /// term is zero and the score is 0).
    pub fn is_insufficient_material(&self) -> bool {
        self.insufficient_material
    }
}

impl Tracer for Trace {
    fn add(&mut self, term: Term, color: Color, score: TaperedScore) {
        self.terms[term.index()][color.index()] += score;
    }
}

/// Centipawns as pawns with two decimals.
fn pawns(cp: i32) -> String {
    format!("{:.2}", f64::from(cp) / 100.0)
}

impl fmt::Display for Trace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rule = " --------------+---------------+---------------+---------------";
        writeln!(
            f,
            " {:>13} |     White     |     Black     |     Total",
            "Term"
        )?;
        writeln!(
            f,
            " {:>13} | {:>6} {:>6} | {:>6} {:>6} | {:>6} {:>6}",
            "", "MG", "EG", "MG", "EG", "MG", "EG"
        )?;
        writeln!(f, "{rule}")?;
        for term in Term::ALL {
            let (w, b, t) = (
                self.term(term, Color::White),
                self.term(term, Color::Black),
                self.term_total(term),
            );
            writeln!(
                f,
                " {:>13} | {:>6} {:>6} | {:>6} {:>6} | {:>6} {:>6}",
                term.name(),
                pawns(w.mg()),
                pawns(w.eg()),
                pawns(b.mg()),
                pawns(b.eg()),
                pawns(t.mg()),
                pawns(t.eg())
            )?;
        }
        writeln!(f, "{rule}")?;
        let total = self.total();
        writeln!(
            f,
            " {:>13} | {:>13} | {:>13} | {:>6} {:>6}",
            "Total",
            "",
            "",
            pawns(total.mg()),
            pawns(total.eg())
        )?;
        writeln!(f)?;
        if self.insufficient_material {
            writeln!(f, "Insufficient material: a draw whatever is played")?;
        }
        writeln!(
            f,
            "Phase: {} of {} ({} = opening material, 0 = kings and pawns only)",
            self.phase, self.phase_max, self.phase_max
        )?;
        writeln!(
            f,
            "Endgame scale: {} of {}",
            self.scale,
            crate::params::SCALE_NORMAL
        )?;
        writeln!(
            f,
            "Final evaluation: {:+.2} (white side)",
            f64::from(self.white_score) / 100.0
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::S;

    #[test]
    fn table_lists_every_term_and_ends_with_the_score() {
        let mut trace = Trace::new(Color::Black, 24);
        trace.add(Term::Material, Color::White, S(100, 120));
        trace.add(Term::Tempo, Color::Black, S(18, 8));
        trace.phase = 12;
        trace.white_score = 97;
        assert_eq!(trace.term_total(Term::Material), S(100, 120));
        assert_eq!(trace.total(), S(82, 112));
        assert_eq!(trace.score(), -97);
        let text = trace.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3 + Term::COUNT + 2 + 4);
        assert_eq!(
            lines[3],
            "      Material |   1.00   1.20 |   0.00   0.00 |   1.00   1.20"
        );
        assert_eq!(
            lines[3 + 11],
            "         Tempo |   0.00   0.00 |   0.18   0.08 |  -0.18  -0.08"
        );
        assert_eq!(lines.last(), Some(&"Final evaluation: +0.97 (white side)"));
        assert!(lines.iter().all(|l| !l.ends_with(' ')), "{text}");
    }
}
