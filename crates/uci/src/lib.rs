//! Outpost's UCI front end: reads the Universal Chess Interface protocol and
//! the console extensions (`d`, `eval`, `flip`, `go perft`, `bench`,
//! `help`), drives the engine layer's searcher while it keeps reading
//! (`isready`, `stop`, `ponderhit` are answered at once), and prints `info`
//! and `bestmove` lines, flushed one by one.
//!
//! Errors in input lines never stop the engine: each is answered with one
//! `info string error: ...` line and the state stays as it was. Every `go`
//! ends in exactly one `bestmove`.
//!
//! ```
//! use outpost_uci::Session;
//!
//! let output: Vec<u8> = Vec::new();
//! let mut session = Session::new(output).unwrap();
//! session.run("uci\nisready\nposition startpos moves e2e4\ngo depth 3\nquit\n".as_bytes()).unwrap();
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]
mod command;
mod error;
pub mod format;
mod session;

pub use command::{Command, Go, Start, HELP, MAX_PERFT_DEPTH};
pub use error::UciError;
pub use session::Session;
