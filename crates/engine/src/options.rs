//! The engine's options: names, kinds, defaults and ranges in one place,
//! and the settings they give. Each protocol renders the definitions its
//! own way (UCI `option name ...`, xboard `feature option="..."`).

use crate::strength::{Strength, MAX_ELO, MAX_SKILL, MIN_ELO};
use crate::tables::SyzygySettings;
use crate::EngineError;
use outpost_search::params::TUNABLES;
use outpost_search::{SearchDriver, SearchOptions, DEFAULT_MOVE_OVERHEAD};
use std::time::Duration;

/// The kind, default and range of an option.
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

/// One option the engine declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionDef {
    /// The option's name, as protocols show it.
    pub name: &'static str,
    /// Its kind, default and range.
    pub kind: OptionKind,
}

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
    },
    OptionDef {
        name: "Threads",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
    },
    OptionDef {
        name: "MultiPV",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
    },
    OptionDef {
        name: "Ponder",
        kind: OptionKind::Check { default: false },
    },
    OptionDef {
        name: "Clear Hash",
        kind: OptionKind::Button,
    },
    OptionDef {
        name: "Move Overhead",
        kind: OptionKind::Spin {
            default: DEFAULT_MOVE_OVERHEAD.as_millis() as i64,
            min: 0,
            max: 5000,
        },
    },
    OptionDef {
        name: "Contempt",
        kind: OptionKind::Spin {
            default: 0,
            min: -100,
            max: 100,
        },
    },
    OptionDef {
        name: "OwnBook",
        kind: OptionKind::Check { default: false },
    },
    OptionDef {
        name: "BookFile",
        kind: OptionKind::Text { default: "" },
    },
    OptionDef {
        name: "BookBestMove",
        kind: OptionKind::Check { default: false },
    },
    OptionDef {
        name: "BookDepth",
        kind: OptionKind::Spin {
            default: UNLIMITED_BOOK_DEPTH as i64,
            min: 1,
            max: UNLIMITED_BOOK_DEPTH as i64,
        },
    },
    OptionDef {
        name: "TablebaseDir",
        kind: OptionKind::Text { default: "" },
    },
    OptionDef {
        name: "SyzygyPath",
        kind: OptionKind::Text { default: "" },
    },
    OptionDef {
        name: "SyzygyProbeDepth",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: 100,
        },
    },
    OptionDef {
        name: "Syzygy50MoveRule",
        kind: OptionKind::Check { default: true },
    },
    OptionDef {
        name: "SyzygyProbeLimit",
        kind: OptionKind::Spin {
            default: 7,
            min: 0,
            max: 7,
        },
    },
    OptionDef {
        name: "UseNNUE",
        kind: OptionKind::Check {
            default: DEFAULT_USE_NNUE,
        },
    },
    OptionDef {
        name: "EvalFile",
        kind: OptionKind::Text { default: "" },
    },
    OptionDef {
        name: "SearchDriver",
        kind: OptionKind::Combo {
            default: "PVS",
            values: DRIVER_NAMES,
        },
    },
    OptionDef {
        name: "UCI_Chess960",
        kind: OptionKind::Check { default: false },
    },
    OptionDef {
        name: "UCI_ShowWDL",
        kind: OptionKind::Check { default: false },
    },
    OptionDef {
        name: "UCI_LimitStrength",
        kind: OptionKind::Check { default: false },
    },
    OptionDef {
        name: "UCI_Elo",
        kind: OptionKind::Spin {
            default: MAX_ELO,
            min: MIN_ELO,
            max: MAX_ELO,
        },
    },
    OptionDef {
        name: "Skill Level",
        kind: OptionKind::Spin {
            default: MAX_SKILL,
            min: 0,
            max: MAX_SKILL,
        },
    },
];

/// The definition of the option called `name` (any case).
pub fn find_option(name: &str) -> Option<&'static OptionDef> {
    OPTIONS.iter().find(|o| o.name.eq_ignore_ascii_case(name))
}

/// Every option the engine shows: [`OPTIONS`], and in a build with the
/// `tune` feature the search's tuning constants as spin options (named as
/// in [`outpost_search::params::TUNABLES`]).
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
        }));
    }
    all
}

/// A tuning constant's setting, in a `tune` build.
fn parse_tunable(name: &str, value: Option<&str>) -> Option<Result<OptionSetting, EngineError>> {
    if !cfg!(feature = "tune") {
        return None;
    }
    let t = TUNABLES
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case(name))?;
    let parsed = value
        .and_then(|v| v.trim().parse::<i32>().ok())
        .filter(|v| (t.min..=t.max).contains(v));
    Some(match parsed {
        Some(value) => Ok(OptionSetting::Tunable {
            name: t.name,
            value,
        }),
        None => Err(EngineError::BadOptionValue {
            name: t.name.to_string(),
            value: value.unwrap_or("").to_string(),
            expected: format!("an integer from {} to {}", t.min, t.max),
        }),
    })
}

/// A validated option setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionSetting {
    /// `Hash`, in MiB.
    Hash(usize),
    /// `Threads`.
    Threads(usize),
    /// `MultiPV`.
    MultiPv(usize),
    /// `Ponder`.
    Ponder(bool),
    /// `Clear Hash`.
    ClearHash,
    /// `Move Overhead`.
    MoveOverhead(Duration),
    /// `Contempt`, in centipawns.
    Contempt(i32),
    /// `SearchDriver`.
    Driver(SearchDriver),
    /// `OwnBook`: play from the opening book.
    OwnBook(bool),
    /// `BookFile`: the Polyglot book's path (empty: none).
    BookFile(String),
    /// `BookBestMove`: the book move with the highest weight rather than a
    /// weighted random one.
    BookBestMove(bool),
    /// `BookDepth`: the last ply of the game (from its start) at which the
    /// book is used.
    BookDepth(u32),
    /// `TablebaseDir`: where the generated endgame tables are (empty: the
    /// 3-man tables, generated in memory).
    TablebaseDir(String),
    /// `SyzygyPath`: directories of Syzygy tables, separated as in `PATH`
    /// (empty: none).
    SyzygyPath(String),
    /// `SyzygyProbeDepth`: the shallowest depth at which the search probes
    /// positions with as many men as the largest tables.
    SyzygyProbeDepth(i32),
    /// `Syzygy50MoveRule`: whether cursed wins and blessed losses count as
    /// draws (else as wins and losses).
    Syzygy50MoveRule(bool),
    /// `SyzygyProbeLimit`: probe no position with more men than this.
    SyzygyProbeLimit(u32),
    /// `UCI_ShowWDL`: add win/draw/loss chances to `info` lines.
    ShowWdl(bool),
    /// `UCI_Chess960`: castling written as the king taking its rook.
    Chess960(bool),
    /// `UseNNUE`: evaluate with the neural network (else the handcrafted
    /// evaluation).
    UseNnue(bool),
    /// `EvalFile`: the network file (empty: the one built in).
    EvalFile(String),
    /// `UCI_LimitStrength`: play at `UCI_Elo`.
    LimitStrength(bool),
    /// `UCI_Elo`.
    Elo(u32),
    /// `Skill Level`, 0 to 20.
    SkillLevel(u32),
    /// A search tuning constant (only in a build with the `tune` feature).
    Tunable {
        /// Its name in [`outpost_search::params::TUNABLES`].
        name: &'static str,
        /// Its new value.
        value: i32,
    },
}

/// Checks `value` against the option called `name`.
pub fn parse_option(name: &str, value: Option<&str>) -> Result<OptionSetting, EngineError> {
    let name = name.trim();
    let Some(def) = find_option(name) else {
        if let Some(tunable) = parse_tunable(name, value) {
            return tunable;
        }
        return Err(EngineError::UnknownOption {
            name: name.to_string(),
        });
    };
    let value = value.map(str::trim);
    let bad = || EngineError::BadOptionValue {
        name: def.name.to_string(),
        value: value.unwrap_or("").to_string(),
        expected: def.expected(),
    };
    let setting = match def.kind {
        OptionKind::Spin { min, max, .. } => {
            let n: i64 = value.and_then(|v| v.parse().ok()).ok_or_else(bad)?;
            if n < min || n > max {
                return Err(bad());
            }
            match def.name {
                "Hash" => OptionSetting::Hash(n as usize),
                "Threads" => OptionSetting::Threads(n as usize),
                "MultiPV" => OptionSetting::MultiPv(n as usize),
                "Move Overhead" => OptionSetting::MoveOverhead(Duration::from_millis(n as u64)),
                "BookDepth" => OptionSetting::BookDepth(n as u32),
                "UCI_Elo" => OptionSetting::Elo(n as u32),
                "Skill Level" => OptionSetting::SkillLevel(n as u32),
                "SyzygyProbeDepth" => OptionSetting::SyzygyProbeDepth(n as i32),
                "SyzygyProbeLimit" => OptionSetting::SyzygyProbeLimit(n as u32),
                _ => OptionSetting::Contempt(n as i32),
            }
        }
        OptionKind::Check { .. } => {
            // xboard sends a check option as 1 or 0.
            let on = match value {
                Some(v) if v.eq_ignore_ascii_case("true") || v == "1" => true,
                Some(v) if v.eq_ignore_ascii_case("false") || v == "0" => false,
                _ => return Err(bad()),
            };
            match def.name {
                "OwnBook" => OptionSetting::OwnBook(on),
                "BookBestMove" => OptionSetting::BookBestMove(on),
                "UCI_LimitStrength" => OptionSetting::LimitStrength(on),
                "UCI_Chess960" => OptionSetting::Chess960(on),
                "UseNNUE" => OptionSetting::UseNnue(on),
                "Syzygy50MoveRule" => OptionSetting::Syzygy50MoveRule(on),
                "UCI_ShowWDL" => OptionSetting::ShowWdl(on),
                _ => OptionSetting::Ponder(on),
            }
        }
        OptionKind::Button => OptionSetting::ClearHash,
        OptionKind::Combo { .. } => {
            OptionSetting::Driver(value.and_then(SearchDriver::from_name).ok_or_else(bad)?)
        }
        OptionKind::Text { .. } => {
            // `<empty>` is how UCI GUIs write an empty string.
            let text = match value {
                None | Some("<empty>") => String::new(),
                Some(v) => v.to_string(),
            };
            match def.name {
                "TablebaseDir" => OptionSetting::TablebaseDir(text),
                "EvalFile" => OptionSetting::EvalFile(text),
                "SyzygyPath" => OptionSetting::SyzygyPath(text),
                _ => OptionSetting::BookFile(text),
            }
        }
    };
    Ok(setting)
}

/// The engine's settings, as the options give them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The search pool's settings (threads, hash, contempt, move overhead,
    /// driver).
    pub search: SearchOptions,
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
    /// The last ply from the game's start at which the book is used.
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

impl Default for Settings {
    /// Every option at its declared default.
    fn default() -> Settings {
        let mut settings = Settings {
            search: SearchOptions::default(),
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

impl Settings {
    /// Records `setting` (a button changes nothing here).
    pub fn apply(&mut self, setting: &OptionSetting) {
        match *setting {
            OptionSetting::Hash(mib) => self.search.hash_mib = mib,
            OptionSetting::Threads(n) => self.search.threads = n,
            OptionSetting::MultiPv(n) => self.multipv = n,
            OptionSetting::Ponder(on) => self.ponder = on,
            OptionSetting::ClearHash => {}
            OptionSetting::MoveOverhead(d) => self.search.move_overhead = d,
            OptionSetting::Contempt(cp) => self.search.contempt = cp,
            OptionSetting::Driver(driver) => self.search.driver = driver,
            OptionSetting::OwnBook(on) => self.own_book = on,
            OptionSetting::BookFile(ref path) => self.book_file.clone_from(path),
            OptionSetting::BookBestMove(on) => self.book_best_move = on,
            OptionSetting::BookDepth(plies) => self.book_depth = plies,
            OptionSetting::TablebaseDir(ref dir) => self.tablebase_dir.clone_from(dir),
            OptionSetting::SyzygyPath(ref path) => self.syzygy_path.clone_from(path),
            OptionSetting::SyzygyProbeDepth(depth) => self.syzygy.probe_depth = depth,
            OptionSetting::Syzygy50MoveRule(on) => self.syzygy.fifty_move_rule = on,
            OptionSetting::SyzygyProbeLimit(men) => self.syzygy.probe_limit = men,
            OptionSetting::ShowWdl(on) => self.show_wdl = on,
            OptionSetting::LimitStrength(on) => self.strength.limit = on,
            OptionSetting::Chess960(on) => self.chess960 = on,
            OptionSetting::Elo(elo) => self.strength.elo = elo,
            OptionSetting::SkillLevel(skill) => self.strength.skill = skill,
            OptionSetting::Tunable { .. } => {}
            OptionSetting::UseNnue(on) => self.use_nnue = on,
            OptionSetting::EvalFile(ref path) => self.eval_file.clone_from(path),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validates() {
        assert_eq!(
            parse_option("hash", Some("64")),
            Ok(OptionSetting::Hash(64))
        );
        assert_eq!(
            parse_option("Move Overhead", Some(" 100 ")),
            Ok(OptionSetting::MoveOverhead(Duration::from_millis(100)))
        );
        assert_eq!(
            parse_option("Ponder", Some("true")),
            Ok(OptionSetting::Ponder(true))
        );
        assert_eq!(
            parse_option("Clear Hash", None),
            Ok(OptionSetting::ClearHash)
        );
        assert!(parse_option("Hash", Some("0")).is_err());
        assert!(parse_option("Hash", Some("99999999")).is_err());
        assert!(parse_option("Threads", Some("two")).is_err());
        assert!(parse_option("Contempt", Some("-101")).is_err());
        assert!(parse_option("Ponder", Some("maybe")).is_err());
        assert!(matches!(
            parse_option("Frobnication", Some("1")),
            Err(EngineError::UnknownOption { .. })
        ));
        assert_eq!(
            parse_option("SearchDriver", Some("mtdf")),
            Ok(OptionSetting::Driver(SearchDriver::Mtdf))
        );
        assert!(parse_option("SearchDriver", Some("minimax")).is_err());
        assert!(parse_option("SearchDriver", None).is_err());
        assert_eq!(
            parse_option("ownbook", Some("true")),
            Ok(OptionSetting::OwnBook(true))
        );
        assert_eq!(
            parse_option("BookFile", Some("/books/my book.bin")),
            Ok(OptionSetting::BookFile("/books/my book.bin".into()))
        );
        assert_eq!(
            parse_option("BookFile", Some("<empty>")),
            Ok(OptionSetting::BookFile(String::new()))
        );
        assert_eq!(
            parse_option("BookDepth", Some("12")),
            Ok(OptionSetting::BookDepth(12))
        );
        assert!(parse_option("BookDepth", Some("0")).is_err());
        assert_eq!(
            parse_option("UCI_LimitStrength", Some("true")),
            Ok(OptionSetting::LimitStrength(true))
        );
        assert_eq!(
            parse_option("uci_limitstrength", Some("0")),
            Ok(OptionSetting::LimitStrength(false))
        );
        assert_eq!(
            parse_option("UCI_Elo", Some("1500")),
            Ok(OptionSetting::Elo(1500))
        );
        assert!(parse_option("UCI_Elo", Some("999")).is_err());
        assert!(parse_option("UCI_Elo", Some("2301")).is_err());
        assert_eq!(
            parse_option("Skill Level", Some("3")),
            Ok(OptionSetting::SkillLevel(3))
        );
        assert!(parse_option("Skill Level", Some("21")).is_err());
        assert_eq!(
            parse_option("UCI_Chess960", Some("true")),
            Ok(OptionSetting::Chess960(true))
        );
        assert_eq!(
            parse_option("SyzygyPath", Some("/tb/345:/tb/6")),
            Ok(OptionSetting::SyzygyPath("/tb/345:/tb/6".into()))
        );
        assert_eq!(
            parse_option("SyzygyProbeDepth", Some("4")),
            Ok(OptionSetting::SyzygyProbeDepth(4))
        );
        assert!(parse_option("SyzygyProbeDepth", Some("0")).is_err());
        assert_eq!(
            parse_option("Syzygy50MoveRule", Some("false")),
            Ok(OptionSetting::Syzygy50MoveRule(false))
        );
        assert_eq!(
            parse_option("SyzygyProbeLimit", Some("5")),
            Ok(OptionSetting::SyzygyProbeLimit(5))
        );
        assert!(parse_option("SyzygyProbeLimit", Some("8")).is_err());
        assert_eq!(
            parse_option("UCI_ShowWDL", Some("true")),
            Ok(OptionSetting::ShowWdl(true))
        );
    }

    #[test]
    fn defaults_come_from_the_definitions() {
        let settings = Settings::default();
        assert_eq!(settings.search.hash_mib, DEFAULT_HASH_MIB as usize);
        assert_eq!(settings.search.threads, 1);
        assert_eq!(settings.search.move_overhead, DEFAULT_MOVE_OVERHEAD);
        assert!(!settings.ponder);
        assert_eq!(settings.strength, Strength::full());
        assert_eq!(settings.search, SearchOptions::default());
        assert_eq!(settings.multipv, 1);
        assert_eq!(settings.syzygy, SyzygySettings::default());
        assert!(!settings.show_wdl);
        for name in DRIVER_NAMES {
            assert!(SearchDriver::from_name(name).is_some(), "{name}");
        }
    }
}
