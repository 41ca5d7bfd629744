//! The engine's options: names, kinds, defaults and ranges in one place,
//! and the settings they give. Each protocol renders the definitions its
//! own way (UCI `option name ...`, xboard `feature option="..."`).

use crate::strength::{Strength, MAX_ELO, MAX_SKILL, MIN_ELO};
use crate::tables::SyzygySettings;
use crate::EngineError;
use outpost_search::params::TUNABLES;
use outpost_search::{PoolSettings, SearchDriver, DEFAULT_MOVE_OVERHEAD};
use std::time::Duration;

/// The kind, default and range of an option.
///
/// A protocol declares each option from its kind; this is how a UCI front
/// end could write its `option` lines:
///
/// ```
/// use outpost_engine::{find_option, OptionDef, OptionKind};
///
/// fn uci_line(def: &OptionDef) -> String {
///     let kind = match def.kind {
///         OptionKind::Spin { default, min, max } => {
///             format!("spin default {default} min {min} max {max}")
///         }
///         OptionKind::Check { default } => format!("check default {default}"),
///         OptionKind::Button => "button".to_string(),
///         OptionKind::Combo { default, values } => {
///             format!("combo default {default} var {}", values.join(" var "))
///         }
///         OptionKind::Text { default } => {
///             let shown = if default.is_empty() { "<empty>" } else { default };
///             format!("string default {shown}")
///         }
///     };
///     format!("option name {} type {kind}", def.name)
/// }
///
/// let line = |name| uci_line(find_option(name).unwrap());
/// assert_eq!(line("Hash"), "option name Hash type spin default 16 min 1 max 65536");
/// assert_eq!(line("Ponder"), "option name Ponder type check default false");
/// assert_eq!(line("Clear Hash"), "option name Clear Hash type button");
/// assert_eq!(
///     line("SearchDriver"),
///     "option name SearchDriver type combo default PVS var PVS var AlphaBeta var MTDf"
/// );
/// assert_eq!(line("BookFile"), "option name BookFile type string default <empty>");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// An integer in `min..=max`.
    Spin {
        /// The value before any setting.
        default: i64,
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
    },
    /// On or off.
    Check {
        /// The value before any setting.
        default: bool,
    },
    /// An action without a value.
    Button,
    /// One of a fixed list of names.
    Combo {
        /// The value before any setting.
        default: &'static str,
        /// Every allowed value.
        values: &'static [&'static str],
    },
    /// Free text (a file name).
    Text {
        /// The value before any setting (`<empty>` in UCI when empty).
        default: &'static str,
    },
}

/// What the engine does for a new value of an option to take effect,
/// besides recording it in [`EngineSettings`].
///
/// Only an option read by the next search ([`Effect::NextSearch`]) can be
/// set while a search runs; the others need an idle engine.
///
/// ```
/// use outpost_engine::{
///     find_option, parse_option, Effect, Engine, EngineError, Game, SearchRequest,
/// };
/// use outpost_search::Limits;
///
/// assert_eq!(find_option("MultiPV").unwrap().effect, Effect::NextSearch);
/// assert_eq!(find_option("Hash").unwrap().effect, Effect::Hash);
///
/// let mut engine = Engine::new(Default::default()).unwrap();
/// // An analysis runs until it is stopped.
/// let analysis = Limits { infinite: true, ..Limits::default() };
/// engine.start(SearchRequest::for_game(&Game::new(), analysis), |_| {}).unwrap();
/// assert!(engine.set_option(&parse_option("MultiPV", Some("2")).unwrap()).is_ok());
/// assert!(matches!(
///     engine.set_option(&parse_option("Hash", Some("8")).unwrap()),
///     Err(EngineError::Busy { .. })
/// ));
/// engine.stop_and_wait();
/// assert_eq!(engine.settings().multipv, 2);
/// assert!(engine.set_option(&parse_option("Hash", Some("8")).unwrap()).is_ok());
/// assert_eq!(engine.settings().search.hash_mib, 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing: the next search reads the setting.
    NextSearch,
    /// The search pool is changed (only while no search runs).
    Pool(PoolChange),
    /// The transposition table is reallocated (refused if memory is short).
    Hash,
    /// The evaluation is rebuilt (`UseNNUE`, `EvalFile`).
    Evaluation,
    /// The opening book is opened again.
    Book,
    /// The generated endgame tables are opened again.
    GeneratedTables,
    /// The Syzygy tables are opened again.
    Syzygy,
    /// How the Syzygy tables are used changes.
    SyzygyUse,
    /// A search tuning constant changes (a `tune` build).
    Tunable,
}

/// A change to the search pool from the settings.
///
/// ```
/// use outpost_engine::{find_option, parse_option, Effect, Engine, PoolChange, OPTIONS};
///
/// assert_eq!(find_option("Threads").unwrap().effect, Effect::Pool(PoolChange::Threads));
/// assert_eq!(find_option("Clear Hash").unwrap().effect, Effect::Pool(PoolChange::ClearHash));
/// let search_options: Vec<&str> = OPTIONS
///     .iter()
///     .filter(|def| def.effect == Effect::Pool(PoolChange::Settings))
///     .map(|def| def.name)
///     .collect();
/// assert_eq!(search_options, ["Move Overhead", "Contempt", "SearchDriver"]);
///
/// // On an idle engine the pool changes at once.
/// let mut engine = Engine::new(Default::default()).unwrap();
/// engine.set_option(&parse_option("Threads", Some("2")).unwrap()).unwrap();
/// assert_eq!(engine.settings().search.threads, 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PoolChange {
    /// Resize the thread pool to `Threads`.
    Threads,
    /// Empty the transposition table.
    ClearHash,
    /// Take `Move Overhead`, `Contempt` and `SearchDriver` from the settings.
    Settings,
}

/// A checked value of an option.
///
/// ```
/// use outpost_engine::{parse_option, OptionValue};
///
/// let value = |name, text| parse_option(name, text).unwrap().value;
/// assert_eq!(value("Hash", Some(" 32 ")), OptionValue::Spin(32));
/// // xboard sends a check option as 1 or 0.
/// assert_eq!(value("Ponder", Some("1")), OptionValue::Check(true));
/// assert_eq!(value("Clear Hash", None), OptionValue::Button);
/// // A combo's value as the definition spells it.
/// assert_eq!(value("SearchDriver", Some("mtdf")), OptionValue::Text("MTDf".to_string()));
/// // UCI GUIs write an empty text as `<empty>`.
/// assert_eq!(value("BookFile", Some("<empty>")), OptionValue::Text(String::new()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// A spin's integer.
    Spin(i64),
    /// A check's state.
    Check(bool),
    /// A button's press.
    Button,
    /// A combo's value (as the definition spells it) or a text.
    Text(String),
}

impl OptionValue {
    fn int(&self) -> i64 {
        match self {
            OptionValue::Spin(n) => *n,
            _ => 0,
        }
    }

    fn on(&self) -> bool {
        matches!(self, OptionValue::Check(true))
    }

    fn text(&self) -> &str {
        match self {
            OptionValue::Text(text) => text,
            _ => "",
        }
    }
}

/// One option the engine declares: its name, kind, default and range,
/// where its value goes in [`EngineSettings`], and what else changing it takes.
/// Adding an option is an entry in [`OPTIONS`] and the code that reads it.
///
/// ```
/// use outpost_engine::{find_option, Effect, OptionKind, OPTIONS};
///
/// let def = find_option("multipv").unwrap();
/// assert_eq!(def.name, "MultiPV");
/// assert_eq!(def.kind, OptionKind::Spin { default: 1, min: 1, max: 256 });
/// assert_eq!(def.expected(), "an integer from 1 to 256");
/// assert_eq!(def.effect, Effect::NextSearch);
/// // Every option has a name of its own, whatever the case.
/// for (i, a) in OPTIONS.iter().enumerate() {
///     assert!(OPTIONS[i + 1..].iter().all(|b| !a.name.eq_ignore_ascii_case(b.name)));
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct OptionDef {
    /// The option's name, as protocols show it.
    pub name: &'static str,
    /// Its kind, default and range.
    pub kind: OptionKind,
    /// Records a checked value in the settings.
    pub store: fn(&mut EngineSettings, &OptionValue),
    /// What the engine does for the value to take effect.
    pub effect: Effect,
}

impl PartialEq for OptionDef {
    fn eq(&self, other: &OptionDef) -> bool {
        self.name == other.name && self.kind == other.kind && self.effect == other.effect
    }
}

impl Eq for OptionDef {}

impl OptionDef {
    /// What a valid value looks like, for error messages.
    pub fn expected(&self) -> String {
        match self.kind {
            OptionKind::Spin { min, max, .. } => format!("an integer from {min} to {max}"),
            OptionKind::Check { .. } => "true or false".to_string(),
            OptionKind::Button => "no value".to_string(),
            OptionKind::Combo { values, .. } => format!("one of {}", values.join(", ")),
            OptionKind::Text { .. } => "any text".to_string(),
        }
    }
}

/// `BookDepth` at this value (its default and maximum) sets no limit.
pub const UNLIMITED_BOOK_DEPTH: u32 = 9999;

/// Whether the engine evaluates with the neural network unless told otherwise:
/// yes since generation 5 beat the handcrafted evaluation in an SPRT
/// (docs/nnue.md).
pub const DEFAULT_USE_NNUE: bool = true;

/// The transposition table size in MiB unless set.
pub const DEFAULT_HASH_MIB: i64 = 16;

const DRIVER_NAMES: &[&str] = &["PVS", "AlphaBeta", "MTDf"];

/// Every option, in the order the protocols list them.
pub const OPTIONS: &[OptionDef] = &[
    OptionDef {
        name: "Hash",
        kind: OptionKind::Spin {
            default: DEFAULT_HASH_MIB,
            min: 1,
            max: 65536,
        },
        store: |s, v| s.search.hash_mib = v.int() as usize,
        effect: Effect::Hash,
    },
    OptionDef {
        name: "Threads",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
        store: |s, v| s.search.threads = v.int() as usize,
        effect: Effect::Pool(PoolChange::Threads),
    },
    OptionDef {
        name: "MultiPV",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
        store: |s, v| s.multipv = v.int() as usize,
        effect: Effect::NextSearch,
    },
    OptionDef {
        name: "Ponder",
        kind: OptionKind::Check { default: false },
        store: |s, v| s.ponder = v.on(),
        effect: Effect::NextSearch,
    },
    OptionDef {
        name: "Clear Hash",
        kind: OptionKind::Button,
        store: |_, _| {},
        effect: Effect::Pool(PoolChange::ClearHash),
    },
    OptionDef {
        name: "Move Overhead",
        kind: OptionKind::Spin {
            default: DEFAULT_MOVE_OVERHEAD.as_millis() as i64,
            min: 0,
            max: 5000,
        },
        store: |s, v| s.search.move_overhead = Duration::from_millis(v.int() as u64),
        effect: Effect::Pool(PoolChange::Settings),
    },
    OptionDef {
        name: "Contempt",
        kind: OptionKind::Spin {
            default: 0,
            min: -100,
            max: 100,
        },
        store: |s, v| s.search.contempt = v.int() as i32,
        effect: Effect::Pool(PoolChange::Settings),
    },
    OptionDef {
        name: "OwnBook",
        kind: OptionKind::Check { default: false },
        store: |s, v| s.own_book = v.on(),
        effect: Effect::NextSearch,
    },
    OptionDef {
        name: "BookFile",
        kind: OptionKind::Text { default: "" },
        store: |s, v| s.book_file = v.text().to_string(),
        effect: Effect::Book,
    },
    OptionDef {
        name: "BookBestMove",
        kind: OptionKind::Check { default: false },
        store: |s, v| s.book_best_move = v.on(),
        effect: Effect::NextSearch,
    },
    OptionDef {
        name: "BookDepth",
        kind: OptionKind::Spin {
            default: UNLIMITED_BOOK_DEPTH as i64,
            min: 1,
            max: UNLIMITED_BOOK_DEPTH as i64,
        },
        store: |s, v| s.book_depth = v.int() as u32,
        effect: Effect::NextSearch,
    },
    OptionDef {
        name: "TablebaseDir",
        kind: OptionKind::Text { default: "" },
        store: |s, v| s.tablebase_dir = v.text().to_string(),
        effect: Effect::GeneratedTables,
    },
    OptionDef {
        name: "SyzygyPath",
        kind: OptionKind::Text { default: "" },
        store: |s, v| s.syzygy_path = v.text().to_string(),
        effect: Effect::Syzygy,
    },
    OptionDef {
        name: "SyzygyProbeDepth",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: 100,
        },
        store: |s, v| s.syzygy.probe_depth = v.int() as i32,
        effect: Effect::SyzygyUse,
    },
    OptionDef {
        name: "Syzygy50MoveRule",
        kind: OptionKind::Check { default: true },
        store: |s, v| s.syzygy.fifty_move_rule = v.on(),
        effect: Effect::SyzygyUse,
    },
    OptionDef {
        name: "SyzygyProbeLimit",
        kind: OptionKind::Spin {
            default: 7,
            min: 0,
            max: 7,
        },
        store: |s, v| s.syzygy.probe_limit = v.int() as u32,
        effect: Effect::SyzygyUse,
    },
    OptionDef {
        name: "UseNNUE",
        kind: OptionKind::Check {
            default: DEFAULT_USE_NNUE,
        },
        store: |s, v| s.use_nnue = v.on(),
        effect: Effect::Evaluation,
    },
    OptionDef {
        name: "EvalFile",
        kind: OptionKind::Text { default: "" },
        store: |s, v| s.eval_file = v.text().to_string(),
        effect: Effect::Evaluation,
    },
    OptionDef {
        name: "SearchDriver",
        kind: OptionKind::Combo {
            default: "PVS",
            values: DRIVER_NAMES,
        },
        store: |s, v| s.search.driver = SearchDriver::from_name(v.text()).unwrap_or_default(),
        effect: Effect::Pool(PoolChange::Settings),
    },
    OptionDef {
        name: "UCI_Chess960",
        kind: OptionKind::Check { default: false },
        store: |s, v| s.chess960 = v.on(),
        effect: Effect::NextSearch,
    },
    OptionDef {
        name: "UCI_ShowWDL",
        kind: OptionKind::Check { default: false },
        store: |s, v| s.show_wdl = v.on(),
        effect: Effect::NextSearch,
    },
    OptionDef {
        name: "UCI_LimitStrength",
        kind: OptionKind::Check { default: false },
        store: |s, v| s.strength.limit = v.on(),
        effect: Effect::NextSearch,
    },
    OptionDef {
        name: "UCI_Elo",
        kind: OptionKind::Spin {
            default: MAX_ELO,
            min: MIN_ELO,
            max: MAX_ELO,
        },
        store: |s, v| s.strength.elo = v.int() as u32,
        effect: Effect::NextSearch,
    },
    OptionDef {
        name: "Skill Level",
        kind: OptionKind::Spin {
            default: MAX_SKILL,
            min: 0,
            max: MAX_SKILL,
        },
        store: |s, v| s.strength.skill = v.int() as u32,
        effect: Effect::NextSearch,
    },
];

/// The definition of the option called `name` (any case).
///
/// ```
/// use outpost_engine::find_option;
///
/// assert_eq!(find_option("skill level").unwrap().name, "Skill Level");
/// assert!(find_option("Frobnication").is_none());
/// ```
pub fn find_option(name: &str) -> Option<&'static OptionDef> {
    OPTIONS.iter().find(|o| o.name.eq_ignore_ascii_case(name))
}

/// Every option the engine shows: [`OPTIONS`], and in a build with the
/// `tune` feature the search's tuning constants as spin options (named as
/// in [`outpost_search::params::TUNABLES`]).
///
/// ```
/// use outpost_engine::{options, OPTIONS};
///
/// let all = options();
/// assert_eq!(&all[..OPTIONS.len()], OPTIONS);
/// assert!(all.iter().any(|def| def.name == "UCI_Elo"));
/// ```
pub fn options() -> Vec<OptionDef> {
    let mut all = OPTIONS.to_vec();
    if cfg!(feature = "tune") {
        all.extend(TUNABLES.iter().map(|t| OptionDef {
            name: t.name,
            kind: OptionKind::Spin {
                default: i64::from(t.default),
                min: i64::from(t.min),
                max: i64::from(t.max),
            },
            store: |_, _| {},
            effect: Effect::Tunable,
        }));
    }
    all
}

/// A validated option setting: the option's definition and a value it accepts.
///
/// ```
/// use outpost_engine::{parse_option, EngineSettings};
///
/// let setting = parse_option("ponder", Some("true")).unwrap();
/// assert_eq!(setting.name(), "Ponder");
/// assert_eq!(setting.check(), Some(true));
/// assert_eq!(parse_option("Hash", Some("8")).unwrap().check(), None);
///
/// let mut settings = EngineSettings::default();
/// settings.apply(&setting);
/// assert!(settings.ponder);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSetting {
    /// The option.
    pub def: OptionDef,
    /// Its new value.
    pub value: OptionValue,
}

impl OptionSetting {
    /// The option's name.
    pub fn name(&self) -> &'static str {
        self.def.name
    }

    /// A check option's new state (`None` for other kinds).
    pub fn check(&self) -> Option<bool> {
        match self.value {
            OptionValue::Check(on) => Some(on),
            _ => None,
        }
    }
}

/// Checks `value` against the option called `name` (any case; in a `tune`
/// build the search's tuning constants too).
///
/// ```
/// use outpost_engine::{parse_option, EngineSettings};
///
/// let mut settings = EngineSettings::default();
/// settings.apply(&parse_option("hash", Some("64")).unwrap());
/// assert_eq!(settings.search.hash_mib, 64);
/// assert!(parse_option("Hash", Some("0")).is_err());
/// assert!(parse_option("Frobnication", Some("1")).is_err());
/// ```
pub fn parse_option(name: &str, value: Option<&str>) -> Result<OptionSetting, EngineError> {
    let name = name.trim();
    let def = match find_option(name) {
        Some(def) => *def,
        None => options()
            .into_iter()
            .find(|d| d.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| EngineError::UnknownOption {
                name: name.to_string(),
            })?,
    };
    let value = value.map(str::trim);
    let bad = || EngineError::BadOptionValue {
        name: def.name.to_string(),
        value: value.unwrap_or("").to_string(),
        expected: def.expected(),
    };
    let value = match def.kind {
        OptionKind::Spin { min, max, .. } => {
            let n: i64 = value.and_then(|v| v.parse().ok()).ok_or_else(bad)?;
            if n < min || n > max {
                return Err(bad());
            }
            OptionValue::Spin(n)
        }
        // xboard sends a check option as 1 or 0.
        OptionKind::Check { .. } => match value {
            Some(v) if v.eq_ignore_ascii_case("true") || v == "1" => OptionValue::Check(true),
            Some(v) if v.eq_ignore_ascii_case("false") || v == "0" => OptionValue::Check(false),
            _ => return Err(bad()),
        },
        OptionKind::Button => OptionValue::Button,
        OptionKind::Combo { values, .. } => {
            let v = value.ok_or_else(bad)?;
            let spelled = values
                .iter()
                .find(|known| known.eq_ignore_ascii_case(v))
                .ok_or_else(bad)?;
            OptionValue::Text((*spelled).to_string())
        }
        // `<empty>` is how UCI GUIs write an empty string.
        OptionKind::Text { .. } => OptionValue::Text(match value {
            None | Some("<empty>") => String::new(),
            Some(v) => v.to_string(),
        }),
    };
    Ok(OptionSetting { def, value })
}

/// The engine's settings, as the options give them.
///
/// ```
/// use outpost_engine::{
///     parse_option, Engine, EngineSettings, Strength, DEFAULT_HASH_MIB, UNLIMITED_BOOK_DEPTH,
/// };
///
/// let mut settings = EngineSettings::default();
/// assert_eq!(settings.search.hash_mib, DEFAULT_HASH_MIB as usize);
/// assert_eq!(settings.book_depth, UNLIMITED_BOOK_DEPTH);
/// assert_eq!(settings.strength, Strength::full());
///
/// for (name, value) in [("UCI_LimitStrength", "true"), ("UCI_Elo", "1500")] {
///     settings.apply(&parse_option(name, Some(value)).unwrap());
/// }
/// assert_eq!(settings.strength, Strength::elo(1500));
/// let engine = Engine::new(settings.clone()).unwrap();
/// assert_eq!(engine.settings(), &settings);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSettings {
    /// The search pool's settings (threads, hash, contempt, move overhead,
    /// driver).
    pub search: PoolSettings,
    /// How many best lines a search reports unless its request says (`MultiPV`).
    pub multipv: usize,
    /// Whether the engine may think on the opponent's time.
    pub ponder: bool,
    /// Whether to play from the opening book (`OwnBook`).
    pub own_book: bool,
    /// The opening book's path (`BookFile`; empty: none).
    pub book_file: String,
    /// Always the book's best move rather than a weighted random one.
    pub book_best_move: bool,
    /// The book is used while the position's game ply (from its move
    /// number, so a game set up from a FEN counts from there) is below
    /// this: `BookDepth` 2 uses it for the first two plies.
    pub book_depth: u32,
    /// Where the generated endgame tables are (empty: 3-man in memory).
    pub tablebase_dir: String,
    /// The Syzygy directories (`SyzygyPath`; empty: none).
    pub syzygy_path: String,
    /// How the search and the root use the Syzygy tables.
    pub syzygy: SyzygySettings,
    /// Whether `info` lines carry win/draw/loss chances (`UCI_ShowWDL`).
    pub show_wdl: bool,
    /// How strongly to play (`UCI_LimitStrength`, `UCI_Elo`, `Skill Level`).
    pub strength: Strength,
    /// Whether moves are read and written in Chess960 form (`UCI_Chess960`,
    /// xboard `variant fischerandom`): castling as the king taking its rook.
    pub chess960: bool,
    /// Whether to evaluate with the neural network (`UseNNUE`).
    pub use_nnue: bool,
    /// The network file (`EvalFile`; empty: the one built in).
    pub eval_file: String,
}

impl Default for EngineSettings {
    /// Every option at its declared default.
    fn default() -> EngineSettings {
        let mut settings = EngineSettings {
            search: PoolSettings::default(),
            multipv: 1,
            ponder: false,
            own_book: false,
            book_file: String::new(),
            book_best_move: false,
            book_depth: UNLIMITED_BOOK_DEPTH,
            tablebase_dir: String::new(),
            syzygy_path: String::new(),
            syzygy: SyzygySettings::default(),
            show_wdl: false,
            strength: Strength::default(),
            chess960: false,
            use_nnue: DEFAULT_USE_NNUE,
            eval_file: String::new(),
        };
        for def in OPTIONS {
            let value = match def.kind {
                OptionKind::Spin { default, .. } => default.to_string(),
                OptionKind::Check { default } => default.to_string(),
                OptionKind::Combo { default, .. } => default.to_string(),
                OptionKind::Button | OptionKind::Text { .. } => continue,
            };
            if let Ok(setting) = parse_option(def.name, Some(&value)) {
                settings.apply(&setting);
            }
        }
        settings
    }
}

impl EngineSettings {
    /// Records `setting` (a button changes nothing here).
    pub fn apply(&mut self, setting: &OptionSetting) {
        (setting.def.store)(self, &setting.value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The settings after `name` is set to `value`.
    fn after(name: &str, value: Option<&str>) -> EngineSettings {
        let mut settings = EngineSettings::default();
        settings.apply(&parse_option(name, value).unwrap());
        settings
    }

    #[test]
    fn values_are_checked_and_stored() {
        assert_eq!(after("hash", Some("64")).search.hash_mib, 64);
        assert_eq!(
            after("Move Overhead", Some(" 100 ")).search.move_overhead,
            Duration::from_millis(100)
        );
        assert!(after("Ponder", Some("true")).ponder);
        assert_eq!(after("Clear Hash", None), EngineSettings::default());
        for (name, value) in [
            ("Hash", "0"),
            ("Hash", "99999999"),
            ("Threads", "two"),
            ("Contempt", "-101"),
            ("Ponder", "maybe"),
            ("SearchDriver", "minimax"),
            ("BookDepth", "0"),
            ("UCI_Elo", "599"),
            ("UCI_Elo", "2601"),
            ("Skill Level", "21"),
            ("SyzygyProbeDepth", "0"),
            ("SyzygyProbeLimit", "8"),
        ] {
            assert!(parse_option(name, Some(value)).is_err(), "{name} {value}");
        }
        assert!(parse_option("SearchDriver", None).is_err());
        assert!(matches!(
            parse_option("Frobnication", Some("1")),
            Err(EngineError::UnknownOption { .. })
        ));
        assert_eq!(
            after("SearchDriver", Some("mtdf")).search.driver,
            SearchDriver::Mtdf
        );
        assert!(after("ownbook", Some("true")).own_book);
        assert_eq!(
            after("BookFile", Some("/books/my book.bin")).book_file,
            "/books/my book.bin"
        );
        assert_eq!(after("BookFile", Some("<empty>")).book_file, "");
        assert_eq!(after("BookDepth", Some("12")).book_depth, 12);
        assert!(after("UCI_LimitStrength", Some("true")).strength.limit);
        assert!(!after("uci_limitstrength", Some("0")).strength.limit);
        assert_eq!(after("UCI_Elo", Some("1500")).strength.elo, 1500);
        assert_eq!(after("Skill Level", Some("3")).strength.skill, 3);
        assert!(after("UCI_Chess960", Some("true")).chess960);
        assert_eq!(
            after("SyzygyPath", Some("/tb/345:/tb/6")).syzygy_path,
            "/tb/345:/tb/6"
        );
        assert_eq!(after("SyzygyProbeDepth", Some("4")).syzygy.probe_depth, 4);
        assert!(
            !after("Syzygy50MoveRule", Some("false"))
                .syzygy
                .fifty_move_rule
        );
        assert_eq!(after("SyzygyProbeLimit", Some("5")).syzygy.probe_limit, 5);
        assert!(after("UCI_ShowWDL", Some("true")).show_wdl);
        assert_eq!(after("MultiPV", Some("3")).multipv, 3);
        assert_eq!(after("Threads", Some("2")).search.threads, 2);
        assert_eq!(after("Contempt", Some("-20")).search.contempt, -20);
        assert!(!after("UseNNUE", Some("false")).use_nnue);
        assert_eq!(after("EvalFile", Some("net.bin")).eval_file, "net.bin");
        assert_eq!(after("TablebaseDir", Some("/tb")).tablebase_dir, "/tb");
    }

    #[test]
    fn every_option_has_its_setting() {
        // Each definition's default, applied, gives the default settings;
        // each option's other value changes them.
        let defaults = EngineSettings::default();
        for def in OPTIONS {
            let other = match def.kind {
                OptionKind::Spin { default, min, max } => {
                    (if default > min { min } else { max }).to_string()
                }
                OptionKind::Check { default } => (!default).to_string(),
                OptionKind::Combo { values, default } => {
                    values.iter().find(|v| **v != default).unwrap().to_string()
                }
                OptionKind::Text { .. } => "x".to_string(),
                OptionKind::Button => continue,
            };
            assert_ne!(after(def.name, Some(&other)), defaults, "{}", def.name);
        }
    }

    #[test]
    fn defaults_come_from_the_definitions() {
        let settings = EngineSettings::default();
        assert_eq!(settings.search.hash_mib, DEFAULT_HASH_MIB as usize);
        assert_eq!(settings.search.threads, 1);
        assert_eq!(settings.search.move_overhead, DEFAULT_MOVE_OVERHEAD);
        assert!(!settings.ponder);
        assert_eq!(settings.strength, Strength::full());
        assert_eq!(settings.search, PoolSettings::default());
        assert_eq!(settings.multipv, 1);
        assert_eq!(settings.syzygy, SyzygySettings::default());
        assert!(!settings.show_wdl);
        for name in DRIVER_NAMES {
            assert!(SearchDriver::from_name(name).is_some(), "{name}");
        }
    }
}
