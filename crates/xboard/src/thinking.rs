//! Thinking output: search reports in xboard's `ply score time nodes pv` form.

use outpost_board::{CastlingSide, Move};
use outpost_engine::{OptionDef, OptionKind};
use outpost_search::{Bound, PvReport, Score};

/// The score of mate in 0 moves in xboard's convention: mate in `n` moves is
/// reported as `100000 + n`, being mated in `n` moves as `-100000 - n`.
pub(crate) const MATE_SCORE: i32 = 100_000;

/// A score in xboard's units: centipawns, or `±(100000 + moves)` for mates.
pub(crate) fn xboard_score(score: Score) -> i32 {
    match score {
        Score::Centipawns(cp) => cp,
        Score::Mate(moves) if moves > 0 => MATE_SCORE + moves,
        Score::Mate(moves) => -MATE_SCORE + moves,
    }
}

/// The `feature option="..."` line declaring `def`, or `None` for the
/// options xboard has commands of its own for (`memory`, `cores`, `hard`,
/// `egtpath`, `variant fischerandom`).
pub(crate) fn option_feature(def: &OptionDef) -> Option<String> {
    if matches!(
        def.name,
        "Hash" | "Threads" | "Ponder" | "TablebaseDir" | "UCI_Chess960"
    ) {
        return None;
    }
    let name = def.name;
    let body = match def.kind {
        OptionKind::Spin { default, min, max } => format!("{name} -spin {default} {min} {max}"),
        OptionKind::Check { default } => format!("{name} -check {}", u8::from(default)),
        OptionKind::Button => format!("{name} -button"),
        OptionKind::Combo { default, values } => {
            let others = values.iter().filter(|v| **v != default);
            let others: String = others.map(|v| format!(" /// {v}")).collect();
            format!("{name} -combo *{default}{others}")
        }
        OptionKind::Text { default } => format!("{name} -file {default}"),
    };
    Some(format!("feature option=\"{body}\""))
}

/// A move as xboard reads it: coordinate notation, except castling in
/// Fischer Random (`chess960`), which xboard writes `O-O` and `O-O-O`.
pub(crate) fn move_text(mv: Move, chess960: bool) -> String {
    match mv.castling_side() {
        Some(CastlingSide::King) if chess960 => "O-O".to_string(),
        Some(CastlingSide::Queen) if chess960 => "O-O-O".to_string(),
        _ => mv.to_string(),
    }
}

/// One thinking line: depth, score (from the engine's side), time in
/// centiseconds, nodes and the principal variation in coordinate notation.
/// A fail low ends the line with `?`, a fail high with `!`.
pub(crate) fn thinking_line(report: &PvReport, chess960: bool) -> String {
    let moves: Vec<String> = report
        .pv
        .iter()
        .map(|&mv| move_text(mv, chess960))
        .collect();
    let mut line = format!(
        "{} {} {} {} {}",
        report.depth,
        xboard_score(report.score),
        report.time.as_millis() / 10,
        report.nodes,
        moves.join(" ")
    );
    match report.bound {
        Bound::Exact => {}
        Bound::Lower => line.push_str(" !"),
        Bound::Upper => line.push_str(" ?"),
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::Position;
    use outpost_notation::parse_uci_move;
    use std::time::Duration;

    #[test]
    fn formats_lines_and_mates() {
        assert_eq!(xboard_score(Score::Centipawns(-35)), -35);
        assert_eq!(xboard_score(Score::Mate(3)), 100_003);
        assert_eq!(xboard_score(Score::Mate(-2)), -100_002);
        assert_eq!(xboard_score(Score::Mate(0)), -100_000);
        let pos = Position::startpos();
        let e4 = parse_uci_move(&pos, "e2e4").unwrap();
        let e5 = parse_uci_move(&pos.play(e4), "e7e5").unwrap();
        let mut report = PvReport {
            depth: 9,
            seldepth: 14,
            multipv: 1,
            score: Score::Centipawns(156),
            bound: Bound::Exact,
            nodes: 48_000,
            time: Duration::from_millis(10_845),
            nps: 4_400,
            hashfull: 3,
            tb_hits: 0,
            pv: vec![e4, e5],
        };
        assert_eq!(thinking_line(&report, false), "9 156 1084 48000 e2e4 e7e5");
        report.bound = Bound::Upper;
        assert_eq!(
            thinking_line(&report, false),
            "9 156 1084 48000 e2e4 e7e5 ?"
        );
    }
}
