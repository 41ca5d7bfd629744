//! Outpost's xboard/WinBoard front end: the Chess Engine Communication
//! Protocol, version 2 (CECP). It keeps the game (moves, clocks, which side
//! the engine plays), runs searches on their own thread while it keeps
//! reading commands, and prints `move` lines, thinking output and result
//! claims, each line flushed at once.
//!
//! Errors in input lines never stop the engine: an unknown or malformed
//! command is answered `Error (<reason>): <command>`, a bad move
//! `Illegal move (<reason>): <move>`, and the state stays as it was.
//! See `docs/xboard.md` for the protocol coverage.
//!
//! ```
//! use outpost_xboard::Session;
//!
//! let script = "xboard\nprotover 2\nnew\nforce\nusermove e2e4\nsd 2\ngo\n";
//! let mut session = Session::new(Vec::new()).unwrap();
//! session.run(script.as_bytes()).unwrap();
//! let text = String::from_utf8(session.into_output().unwrap()).unwrap();
//! assert!(text.contains("feature ping=1"));
//! assert!(text.lines().any(|line| line.starts_with("move ")));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]
mod command;
mod edit;
mod error;
mod session;
mod thinking;

pub use command::{Command, EditCommand};
pub use error::XboardError;
pub use session::Session;
