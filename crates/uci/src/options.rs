//! The options the engine declares to a GUI, and their validation.

use crate::UciError;
use outpost_search::SearchDriver;
use std::time::Duration;

/// The kind and range of an option, as `uci` declares it.
pub(crate) enum Kind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Check {
        default: bool,
    },
    Button,
    /// One of the search drivers, by name.
    Driver,
}

/// An option the engine declares.
pub(crate) struct UciOption {
    pub(crate) name: &'static str,
    pub(crate) kind: Kind,
}

impl UciOption {
    /// The `option name ... type ...` line.
    pub(crate) fn declaration(&self) -> String {
        match self.kind {
            Kind::Spin { default, min, max } => {
                format!(
                    "option name {} type spin default {default} min {min} max {max}",
                    self.name
                )
            }
            Kind::Check { default } => {
                format!("option name {} type check default {default}", self.name)
            }
            Kind::Button => format!("option name {} type button", self.name),
            Kind::Driver => {
                let vars: String = SearchDriver::ALL
                    .iter()
                    .map(|d| format!(" var {}", d.name()))
                    .collect();
                format!(
                    "option name {} type combo default {}{vars}",
                    self.name,
                    SearchDriver::default().name()
                )
            }
        }
    }
}

/// Every option, in the order `uci` lists them.
pub(crate) const OPTIONS: [UciOption; 8] = [
    UciOption {
        name: "Hash",
        kind: Kind::Spin {
            default: 16,
            min: 1,
            max: 65536,
        },
    },
    UciOption {
        name: "Threads",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
    },
    UciOption {
        name: "MultiPV",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
    },
    UciOption {
        name: "Ponder",
        kind: Kind::Check { default: false },
    },
    UciOption {
        name: "Clear Hash",
        kind: Kind::Button,
    },
    UciOption {
        name: "Move Overhead",
        kind: Kind::Spin {
            default: 30,
            min: 0,
            max: 5000,
        },
    },
    UciOption {
        name: "Contempt",
        kind: Kind::Spin {
            default: 0,
            min: -100,
            max: 100,
        },
    },
    UciOption {
        name: "SearchDriver",
        kind: Kind::Driver,
    },
];

/// A validated option setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OptionValue {
    Hash(usize),
    Threads(usize),
    MultiPv(usize),
    Ponder(bool),
    ClearHash,
    MoveOverhead(Duration),
    Contempt(i32),
    Driver(SearchDriver),
}

/// Checks a `setoption` against the declared options.
pub(crate) fn parse(name: &str, value: Option<&str>) -> Result<OptionValue, UciError> {
    let Some(option) = OPTIONS.iter().find(|o| o.name.eq_ignore_ascii_case(name)) else {
        return Err(UciError::UnknownOption {
            name: name.to_string(),
        });
    };
    let bad = || UciError::BadOptionValue {
        name: option.name.to_string(),
        value: value.unwrap_or("").to_string(),
        expected: match option.kind {
            Kind::Spin { min, max, .. } => format!("an integer from {min} to {max}"),
            Kind::Check { .. } => "true or false".to_string(),
            Kind::Button => "no value".to_string(),
            Kind::Driver => {
                let names: Vec<&str> = SearchDriver::ALL.iter().map(|d| d.name()).collect();
                format!("one of {}", names.join(", "))
            }
        },
    };
    match option.kind {
        Kind::Spin { min, max, .. } => {
            let n: i64 = value.and_then(|v| v.trim().parse().ok()).ok_or_else(bad)?;
            if n < min || n > max {
                return Err(bad());
            }
            Ok(match option.name {
                "Hash" => OptionValue::Hash(n as usize),
                "Threads" => OptionValue::Threads(n as usize),
                "MultiPV" => OptionValue::MultiPv(n as usize),
                "Move Overhead" => OptionValue::MoveOverhead(Duration::from_millis(n as u64)),
                _ => OptionValue::Contempt(n as i32),
            })
        }
        Kind::Check { .. } => match value.map(str::trim) {
            Some(v) if v.eq_ignore_ascii_case("true") => Ok(OptionValue::Ponder(true)),
            Some(v) if v.eq_ignore_ascii_case("false") => Ok(OptionValue::Ponder(false)),
            _ => Err(bad()),
        },
        Kind::Button => Ok(OptionValue::ClearHash),
        Kind::Driver => value
            .and_then(|v| SearchDriver::from_name(v.trim()))
            .map(OptionValue::Driver)
            .ok_or_else(bad),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validates() {
        assert_eq!(parse("hash", Some("64")), Ok(OptionValue::Hash(64)));
        assert_eq!(
            parse("Move Overhead", Some("100")),
            Ok(OptionValue::MoveOverhead(Duration::from_millis(100)))
        );
        assert_eq!(parse("Ponder", Some("true")), Ok(OptionValue::Ponder(true)));
        assert_eq!(parse("Clear Hash", None), Ok(OptionValue::ClearHash));
        assert!(parse("Hash", Some("0")).is_err());
        assert!(parse("Hash", Some("99999999")).is_err());
        assert!(parse("Threads", Some("two")).is_err());
        assert!(parse("Contempt", Some("-101")).is_err());
        assert!(parse("Ponder", Some("maybe")).is_err());
        assert!(parse("Frobnication", Some("1")).is_err());
        assert_eq!(
            parse("SearchDriver", Some("mtdf")),
            Ok(OptionValue::Driver(SearchDriver::Mtdf))
        );
        assert!(parse("SearchDriver", Some("minimax")).is_err());
        assert!(parse("SearchDriver", None).is_err());
    }
}
