//! What the UCI front end prints: `info`, `bestmove` and `option` lines,
//! and the console extensions' answers. Moves are written for the
//! `UCI_Chess960` setting passed in as `chess960`: castling as the king's
//! two-square move, or as the king taking its rook.

use outpost_board::Position;
use outpost_engine::{OptionDef, OptionKind, TableChoice};
use outpost_notation::to_fen;
use outpost_search::{Bound, Report, Score, SearchResult};
use std::fmt::Write;

/// `bestmove <move> [ponder <move>]`.
pub fn bestmove_line(result: &SearchResult, chess960: bool) -> String {
    let best = result.best_move.uci(chess960);
    match result.ponder_move {
        Some(p) if !result.best_move.is_null() => {
            format!("bestmove {best} ponder {}", p.uci(chess960))
        }
        _ => format!("bestmove {best}"),
    }
}

fn score_text(score: Score) -> String {
    match score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    }
}

/// One `info` line for a search report; with `show_wdl` (`UCI_ShowWDL`),
/// `wdl W D L` follows the score.
pub fn info_line(report: &Report, chess960: bool, show_wdl: bool) -> String {
    match report {
        Report::Pv(pv) => {
            let bound = match pv.bound {
                Bound::Exact => "",
                Bound::Lower => " lowerbound",
                Bound::Upper => " upperbound",
            };
            let moves: Vec<String> = pv
                .pv
                .iter()
                .map(|mv| mv.uci(chess960).to_string())
                .collect();
            let tb_hits = if pv.tb_hits > 0 {
                format!(" tbhits {}", pv.tb_hits)
            } else {
                String::new()
            };
            let wdl = if show_wdl {
                let [w, d, l] = pv.score.win_draw_loss();
                format!(" wdl {w} {d} {l}")
            } else {
                String::new()
            };
            format!(
                "info depth {} seldepth {} multipv {} score {}{}{} nodes {} nps {} \
                 hashfull {}{} time {} pv {}",
                pv.depth,
                pv.seldepth,
                pv.multipv,
                score_text(pv.score),
                bound,
                wdl,
                pv.nodes,
                pv.nps,
                pv.hashfull,
                tb_hits,
                pv.time.as_millis(),
                moves.join(" ")
            )
        }
        Report::CurrentMove { depth, mv, number } => {
            let mv = mv.uci(chess960);
            format!("info depth {depth} currmove {mv} currmovenumber {number}")
        }
    }
}

/// The `info` line for a move played from the endgame tables: its mate
/// score (or 0 for a draw), one table hit, the move as the line.
pub fn table_line(choice: &TableChoice, chess960: bool) -> String {
    format!(
        "info depth 1 seldepth 1 multipv 1 score {} nodes 0 nps 0 tbhits 1 time 0 pv {}",
        score_text(choice.score()),
        choice.mv.uci(chess960)
    )
}

/// The `option name ... type ...` line declaring `def`.
pub fn option_line(def: &OptionDef) -> String {
    let name = def.name;
    match def.kind {
        OptionKind::Spin { default, min, max } => {
            format!("option name {name} type spin default {default} min {min} max {max}")
        }
        OptionKind::Check { default } => format!("option name {name} type check default {default}"),
        OptionKind::Button => format!("option name {name} type button"),
        OptionKind::Combo { default, values } => {
            let vars: String = values.iter().map(|v| format!(" var {v}")).collect();
            format!("option name {name} type combo default {default}{vars}")
        }
        OptionKind::Text { default } => {
            let default = if default.is_empty() {
                "<empty>"
            } else {
                default
            };
            format!("option name {name} type string default {default}")
        }
    }
}

/// `d`: the board, then its FEN, key and checkers, as Stockfish shows them.
pub fn position_lines(pos: &Position) -> String {
    let mut text = pos.board_diagram();
    let _ = write!(
        text,
        "\nFen: {}\nKey: {:016X}\nCheckers:",
        to_fen(pos),
        pos.key()
    );
    for sq in pos.checkers() {
        let _ = write!(text, " {sq}");
    }
    text.push('\n');
    text
}
