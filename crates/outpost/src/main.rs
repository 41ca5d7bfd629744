//! The Outpost engine: reads commands on standard input, one per line, and
//! answers on standard output.
//!
//! Commands: `position startpos|fen <fen> [moves <move>...]`,
//! `go perft <depth>`, `d` and `quit` (see `docs/architecture.md`). A line
//! that cannot be run is answered with one line, `info string error:
//! <message>`, and changes nothing.

mod command;
mod error;
mod game;
mod shell;

use shell::Shell;
use std::io::{self, ErrorKind};
use std::process::ExitCode;

fn main() -> ExitCode {
    match Shell::new().run(io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        // Whoever read our answers has gone: nothing left to do.
        Err(err) if err.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("outpost: {err}");
            ExitCode::FAILURE
        }
    }
}
