//! Test suites: EPD positions with the moves to find (`bm`) or to avoid
//! (`am`), each searched by the engine and scored.

use crate::engine::Engine;
use crate::request::SearchRequest;
use outpost_board::Move;
use outpost_notation::{parse_epd, to_san, Epd, EpdError};
use outpost_search::Limits;
use std::time::Duration;

/// A suite position that could not be read: its line and why.
///
/// ```
/// use outpost_engine::read_suite;
///
/// let error = read_suite("# a comment\n\n8/8/8 w - - bm Ra8;\n").unwrap_err();
/// // Line numbers count every line, comments and blank lines too.
/// assert_eq!(error.line, 3);
/// assert!(error.to_string().starts_with("line 3: "));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {source}")]
pub struct SuiteLineError {
    /// The line number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub source: EpdError,
}

/// Reads a suite: one EPD position per non-empty line (`#` starts a
/// comment line).
///
/// ```
/// use outpost_engine::read_suite;
///
/// let suite = read_suite("# two positions\n\
///     7k/8/6K1/8/8/8/8/R7 w - - bm Ra8#; id \"mate\";\n\
///     7k/8/6K1/8/8/8/8/R7 w - - am Ra7; id \"avoid\";\n").unwrap();
/// assert_eq!(suite.len(), 2);
/// assert!(read_suite("not a position").is_err());
/// ```
pub fn read_suite(text: &str) -> Result<Vec<Epd>, SuiteLineError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|(index, line)| {
            parse_epd(line).map_err(|source| SuiteLineError {
                line: index + 1,
                source,
            })
        })
        .collect()
}

/// How the engine did on one suite position.
///
/// ```
/// use outpost_engine::{read_suite, run_suite, Engine};
/// use outpost_search::Limits;
///
/// let suite = read_suite("4k3/8/8/8/3q4/8/8/3RK3 w - - bm Rxd4; id \"free queen\";").unwrap();
/// let mut engine = Engine::new(Default::default()).unwrap();
/// let mut answers = Vec::new();
/// run_suite(&mut engine, &suite, &Limits::depth(4), |answer| answers.push(answer.clone()));
/// let answer = &answers[0];
/// assert_eq!(answer.id, "free queen");
/// assert_eq!(answer.best, ["Rxd4"]);
/// assert!(answer.avoid.is_empty());
/// assert_eq!(answer.played, "Rxd4");
/// assert!(answer.solved);
/// assert!(answer.depth <= 4);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteAnswer {
    /// The position's `id`, or its number in the suite.
    pub id: String,
    /// The move the engine chose, in SAN.
    pub played: String,
    /// The moves the position asks for (`bm`), in SAN.
    pub best: Vec<String>,
    /// The moves it asks to avoid (`am`), in SAN.
    pub avoid: Vec<String>,
    /// Whether the move is one of `bm` (when given) and none of `am`.
    pub solved: bool,
    /// The depth the search completed.
    pub depth: i32,
    /// The time it took.
    pub time: Duration,
}

/// Searches every position of `suite` within `limits` (a fresh game each;
/// every root move is searched, whatever `limits.search_moves` says) and
/// hands each answer to `on_answer` as it comes; returns how many were
/// solved.
///
/// ```
/// use outpost_engine::{read_suite, run_suite, Engine};
/// use outpost_search::Limits;
///
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/suites/sample.epd");
/// let suite = read_suite(&std::fs::read_to_string(path).unwrap()).unwrap();
/// let mut engine = Engine::new(Default::default()).unwrap();
/// let mut report = Vec::new();
/// let solved = run_suite(&mut engine, &suite, &Limits::depth(4), |answer| {
///     let verdict = if answer.solved { "solved" } else { "missed" };
///     report.push(format!("{}: {} {verdict}", answer.id, answer.played));
/// });
/// assert_eq!(solved, 3);
/// assert_eq!(
///     report,
///     ["mate in one: Ra8# solved", "not Ra7: Ra8# solved", "free queen: Rxd4 solved"]
/// );
/// ```
pub fn run_suite(
    engine: &mut Engine,
    suite: &[Epd],
    limits: &Limits,
    mut on_answer: impl FnMut(&SuiteAnswer),
) -> usize {
    let mut solved = 0;
    for (index, epd) in suite.iter().enumerate() {
        // Idle between searches, so a new game is never refused.
        let _ = engine.new_game();
        let pos = epd.position;
        let mut request = SearchRequest {
            position: pos,
            history: Vec::new(),
            limits: limits.clone(),
            use_book: false,
            multipv: None,
            strength: None,
        };
        request.limits.search_moves.clear();
        let result = engine.search(request);
        let san = |moves: &[Move]| moves.iter().map(|&m| to_san(&pos, m)).collect::<Vec<_>>();
        let best = epd.best_moves().unwrap_or(&[]);
        let avoid = epd.avoid_moves().unwrap_or(&[]);
        let answer = SuiteAnswer {
            id: epd
                .id()
                .map_or_else(|| (index + 1).to_string(), str::to_string),
            played: to_san(&pos, result.best_move),
            best: san(best),
            avoid: san(avoid),
            solved: (best.is_empty() || best.contains(&result.best_move))
                && !avoid.contains(&result.best_move),
            depth: result.depth,
            time: result.time,
        };
        solved += usize::from(answer.solved);
        on_answer(&answer);
    }
    solved
}
