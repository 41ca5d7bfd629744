//! The endgame tables as the engine uses them: Outpost's own generated
//! depth-to-mate tables (3 men in memory, 4 men from `TablebaseDir`) and
//! the user's Syzygy tables (`SyzygyPath`).
//!
//! Which answers what: at the root, the generated tables play a mate
//! directly when they cover the position and the mate fits within the
//! fifty-move rule (a DTM table knows the fastest mate); otherwise Syzygy
//! ranks the root moves by DTZ and the search chooses among the best. In
//! the search, Syzygy's WDL probes (which know the fifty-move rule) are
//! used when a Syzygy path is set, else the generated tables'.

use crate::request::SearchRequest;
use crate::EngineError;
use outpost_board::{CastlingRights, Move, Position};
use outpost_search::{EndgameTables, Score, TableWdl};
use outpost_tb::syzygy::{RankedMove, Syzygy, SyzygyWdl};
use outpost_tb::{Dtm, Tablebases, TbError, Wdl};
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

/// A move straight from the tables.
///
/// ```
/// use outpost_engine::GeneratedTables;
/// use outpost_notation::parse_fen;
/// use outpost_search::Score;
/// use outpost_tb::Dtm;
///
/// let tables = GeneratedTables::three_men();
/// let mate_in_one = parse_fen("7k/8/6K1/8/8/8/8/R7 w - - 0 1").unwrap();
/// let choice = tables.choose(&mate_in_one).unwrap();
/// assert_eq!(choice.mv.to_string(), "a1a8");
/// assert_eq!(choice.dtm, Dtm::Win(1));
/// assert_eq!(choice.score(), Score::Mate(1));
///
/// // King and knight against king: any move keeps the draw.
/// let drawn = parse_fen("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1").unwrap();
/// assert_eq!(tables.choose(&drawn).unwrap().score(), Score::Centipawns(0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableChoice {
    /// The move: the fastest mate when winning, the longest resistance when
    /// losing, a drawing move when drawn.
    pub mv: Move,
    /// The value it keeps, from the side to move's view.
    pub dtm: Dtm,
}

impl TableChoice {
    /// The value as a search score: mate in moves, or 0 for a draw.
    pub fn score(&self) -> Score {
        match self.dtm {
            Dtm::Win(_) | Dtm::Loss(_) => {
                let moves = i32::from(self.dtm.moves().unwrap_or(0));
                Score::Mate(if self.dtm.wdl() == Wdl::Win {
                    moves
                } else {
                    -moves
                })
            }
            Dtm::Draw => Score::Centipawns(0),
        }
    }
}

/// Endgame tables for play: a set of generated tables, and the first
/// problem met while probing them (a missing or damaged file), to be told
/// once.
///
/// ```
/// use outpost_board::Position;
/// use outpost_engine::{EngineError, GeneratedTables};
/// use outpost_notation::parse_fen;
/// use outpost_tb::Wdl;
///
/// let tables = GeneratedTables::three_men();
/// let kqk = parse_fen("8/8/8/4k3/8/8/8/3QK3 w - - 0 1").unwrap();
/// assert!(tables.covers(&kqk));
/// assert!(!tables.covers(&Position::startpos()));
/// let choice = tables.choose(&kqk).unwrap();
/// assert_eq!(choice.dtm.wdl(), Wdl::Win);
/// assert!(kqk.is_legal(choice.mv));
/// assert_eq!(tables.take_problem(), None);
///
/// // The 4-man tables come from a directory `outpost tb generate` wrote.
/// let not_a_dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/README.md");
/// assert!(matches!(GeneratedTables::open(not_a_dir), Err(EngineError::Tables { .. })));
/// ```
pub struct GeneratedTables {
    tables: Arc<Tablebases>,
    max_men: u32,
    problem: Mutex<Problems>,
}

impl std::fmt::Debug for GeneratedTables {
    /// How many men the tables cover.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GeneratedTables")
            .field("max_men", &self.max_men)
            .finish_non_exhaustive()
    }
}

/// Problems met while probing: the one not yet told, and every one told.
#[derive(Default)]
struct Problems {
    pending: Option<String>,
    told: Vec<String>,
}

impl GeneratedTables {
    /// The 3-man tables, generated in memory once per process (a few
    /// milliseconds) and shared.
    pub fn three_men() -> GeneratedTables {
        static TABLES: OnceLock<Arc<Tablebases>> = OnceLock::new();
        GeneratedTables {
            tables: Arc::clone(TABLES.get_or_init(|| Arc::new(Tablebases::in_memory()))),
            max_men: 3,
            problem: Mutex::new(Problems::default()),
        }
    }

    /// The tables of up to 4 men in `dir` (as `outpost tb generate`
    /// writes them), read when first needed.
    pub fn open(dir: &str) -> Result<GeneratedTables, EngineError> {
        if !Path::new(dir).is_dir() {
            return Err(EngineError::Tables {
                reason: format!("`{dir}` is not a directory"),
            });
        }
        Ok(GeneratedTables {
            tables: Arc::new(Tablebases::open(dir)),
            max_men: outpost_tb::MAX_MEN,
            problem: Mutex::new(Problems::default()),
        })
    }

    /// The problem met since the last call, if any, once: a table that is
    /// missing or damaged is not used, and the engine plays on without it.
    pub fn take_problem(&self) -> Option<String> {
        let mut problems = self.problem.lock().ok()?;
        let problem = problems.pending.take()?;
        problems.told.push(problem.clone());
        Some(problem)
    }

    fn note(&self, err: &TbError) {
        if let Ok(mut p) = self.problem.lock() {
            let text = err.to_string();
            if p.pending.is_none() && !p.told.contains(&text) {
                p.pending = Some(text);
            }
        }
    }

    /// Whether the tables cover `pos`: few enough men, no castling rights.
    pub fn covers(&self, pos: &Position) -> bool {
        pos.occupied().count() <= self.max_men && pos.castling_rights() == CastlingRights::NONE
    }

    /// The move to play in `pos` from the tables, if they cover it.
    pub fn choose(&self, pos: &Position) -> Option<TableChoice> {
        if !self.covers(pos) {
            return None;
        }
        match self.tables.best_move(pos) {
            Ok(best) => best.map(|(mv, dtm)| TableChoice { mv, dtm }),
            Err(err) => {
                self.note(&err);
                None
            }
        }
    }
}

impl EndgameTables for GeneratedTables {
    fn max_men(&self) -> u32 {
        self.max_men
    }

    fn probe_wdl(&self, pos: &Position) -> Option<TableWdl> {
        match self.tables.probe_wdl(pos) {
            Ok(Wdl::Win) => Some(TableWdl::Win),
            Ok(Wdl::Draw) => Some(TableWdl::Draw),
            Ok(Wdl::Loss) => Some(TableWdl::Loss),
            Err(TbError::TooManyMen { .. } | TbError::CastlingRights) => None,
            Err(err) => {
                self.note(&err);
                None
            }
        }
    }
}

/// Whether a search for `request` is answered from the tables at the root:
/// a search for a move to play (not infinite analysis, not pondering, not
/// restricted to some moves), and the mate the tables promise fits within
/// the fifty-move rule. The tables know nothing of that rule: when the mate
/// is longer than the moves left before a fifty-move draw, the engine
/// searches instead (its probes still see the position as won), so it is
/// not led into a mate the rule would cut short.
///
/// ```
/// use outpost_engine::{tables_apply, Game, GeneratedTables, SearchRequest};
/// use outpost_notation::parse_fen;
/// use outpost_search::Limits;
///
/// let tables = GeneratedTables::three_men();
/// let kqk = "8/8/8/4k3/8/8/8/3QK3 w - -";
/// let game = Game::from_position(parse_fen(&format!("{kqk} 0 1")).unwrap());
/// let choice = tables.choose(game.position()).unwrap();
/// let request = SearchRequest::for_game(&game, Limits::depth(4));
/// assert!(tables_apply(&request, &choice));
///
/// // An analysis searches on.
/// let mut analysis = request.clone();
/// analysis.limits.infinite = true;
/// assert!(!tables_apply(&analysis, &choice));
///
/// // So does a search where the fifty-move rule would come before the mate.
/// let plies = u32::from(choice.dtm.plies().unwrap());
/// let late = parse_fen(&format!("{kqk} {} 60", 101 - plies)).unwrap();
/// let request = SearchRequest::for_game(&Game::from_position(late), Limits::depth(4));
/// assert!(!tables_apply(&request, &choice));
/// ```
pub fn tables_apply(request: &SearchRequest, choice: &TableChoice) -> bool {
    let limits = &request.limits;
    !limits.infinite
        && !limits.ponder
        && limits.search_moves.is_empty()
        && choice
            .dtm
            .within_fifty_move_rule(request.position.halfmove_clock())
}

/// How the engine uses Syzygy tables: the options `SyzygyProbeDepth`,
/// `Syzygy50MoveRule` and `SyzygyProbeLimit`.
///
/// ```
/// use outpost_engine::{parse_option, EngineSettings, SyzygySettings};
///
/// let defaults = SyzygySettings::default();
/// assert_eq!(defaults.probe_depth, 1);
/// assert!(defaults.fifty_move_rule);
/// assert_eq!(defaults.probe_limit, 7);
///
/// let mut settings = EngineSettings::default();
/// assert_eq!(settings.syzygy, defaults);
/// settings.apply(&parse_option("SyzygyProbeLimit", Some("4")).unwrap());
/// settings.apply(&parse_option("Syzygy50MoveRule", Some("false")).unwrap());
/// let expected = SyzygySettings { probe_limit: 4, fifty_move_rule: false, ..defaults };
/// assert_eq!(settings.syzygy, expected);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyzygySettings {
    /// The shallowest remaining depth at which the search probes positions
    /// with as many men as the largest tables (fewer men: any depth).
    pub probe_depth: i32,
    /// Whether the fifty-move rule applies: cursed wins and blessed losses
    /// are then draws; else they count as wins and losses.
    pub fifty_move_rule: bool,
    /// Probe no position with more men than this (0: never probe).
    pub probe_limit: u32,
}

impl Default for SyzygySettings {
    /// Stockfish's defaults, which GUIs assume: depth 1, the rule on, up to
    /// 7 men.
    fn default() -> SyzygySettings {
        SyzygySettings {
            probe_depth: 1,
            fifty_move_rule: true,
            probe_limit: 7,
        }
    }
}

/// The user's Syzygy tables as the engine uses them: probed by the search
/// after captures and pawn moves, and ranking the root moves by DTZ.
///
/// ```
/// use outpost_engine::{SyzygySettings, SyzygyTables};
/// use outpost_notation::parse_fen;
/// use outpost_tb::syzygy::SyzygyWdl;
///
/// // The 3- and 4-man tables in the repository's data.
/// let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/syzygy");
/// let (tables, problems) = SyzygyTables::open(dir, SyzygySettings::default());
/// assert!(problems.is_empty());
/// assert_eq!(tables.probed_men(), 4);
///
/// // King and rook against king: the search may choose among the moves
/// // that win fastest.
/// let krk = parse_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1").unwrap();
/// let best = tables.best_root_moves(&krk, &[]).unwrap();
/// assert!(!best.is_empty());
/// assert!(best.iter().all(|m| krk.is_legal(m.mv) && m.wdl == SyzygyWdl::Win));
///
/// // `SyzygyProbeLimit 3`: the same files, probed up to 3 men only.
/// let limit = SyzygySettings { probe_limit: 3, ..SyzygySettings::default() };
/// let three = tables.with_settings(limit);
/// assert_eq!(three.probed_men(), 3);
/// assert!(!three.covers(&parse_fen("8/8/8/4k3/8/8/4P3/R3K3 w - - 0 1").unwrap()));
/// ```
pub struct SyzygyTables {
    tables: Arc<Syzygy>,
    settings: SyzygySettings,
}

impl std::fmt::Debug for SyzygyTables {
    /// The largest table, the materials found and the settings.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SyzygyTables")
            .field("largest", &self.tables.largest())
            .field("materials", &self.tables.materials())
            .field("settings", &self.settings)
            .finish()
    }
}

impl SyzygyTables {
    /// The tables of the directories in `path_list` (separated as `PATH`
    /// is), with every file's header checked now; the problems found (a
    /// directory that cannot be read, a truncated, renamed or damaged file)
    /// come back as text, and the tables that are fine are used.
    pub fn open(path_list: &str, settings: SyzygySettings) -> (SyzygyTables, Vec<String>) {
        let tables = Syzygy::open_path_list(path_list);
        let problems = tables.check_all().iter().map(ToString::to_string).collect();
        (
            SyzygyTables {
                tables: Arc::new(tables),
                settings,
            },
            problems,
        )
    }

    /// The same files with other settings.
    pub fn with_settings(&self, settings: SyzygySettings) -> SyzygyTables {
        SyzygyTables {
            tables: Arc::clone(&self.tables),
            settings,
        }
    }

    /// The files.
    pub fn tables(&self) -> &Syzygy {
        &self.tables
    }

    /// The most men probed: the largest table's, capped by
    /// `SyzygyProbeLimit`.
    pub fn probed_men(&self) -> u32 {
        self.tables.largest().min(self.settings.probe_limit)
    }

    /// Whether the tables cover `pos`: few enough men, no castling rights.
    pub fn covers(&self, pos: &Position) -> bool {
        pos.occupied().count() <= self.probed_men() && pos.castling_rights() == CastlingRights::NONE
    }

    /// Problems met while probing since the last call, each told once.
    pub fn take_problems(&self) -> Vec<String> {
        self.tables
            .take_problems()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// The root moves the search may choose from: those the tables rank
    /// best (by DTZ: the fastest win that stays within the fifty-move rule,
    /// any move that keeps a draw, the longest resistance), or `None` when
    /// the tables do not cover the position or a table is missing.
    pub fn best_root_moves(&self, pos: &Position, history: &[u64]) -> Option<Vec<RankedMove>> {
        if !self.covers(pos) {
            return None;
        }
        let ranked = self
            .tables
            .rank_root_moves(pos, history, self.settings.fifty_move_rule)
            .ok()?;
        let top = ranked.first()?.rank;
        Some(ranked.into_iter().take_while(|m| m.rank == top).collect())
    }
}

impl EndgameTables for SyzygyTables {
    fn max_men(&self) -> u32 {
        self.probed_men()
    }

    fn probe_wdl(&self, pos: &Position) -> Option<TableWdl> {
        let rule = self.settings.fifty_move_rule;
        Some(match self.tables.probe_wdl_quiet(pos)? {
            SyzygyWdl::Win => TableWdl::Win,
            SyzygyWdl::CursedWin if rule => TableWdl::CursedWin,
            SyzygyWdl::CursedWin => TableWdl::Win,
            SyzygyWdl::Draw => TableWdl::Draw,
            SyzygyWdl::BlessedLoss if rule => TableWdl::BlessedLoss,
            SyzygyWdl::BlessedLoss | SyzygyWdl::Loss => TableWdl::Loss,
        })
    }

    fn probe_depth(&self) -> i32 {
        self.settings.probe_depth
    }
}
