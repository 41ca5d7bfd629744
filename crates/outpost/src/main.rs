//! The Outpost engine: reads commands on standard input, one per line, and
//! answers on standard output.
//!
//! The first command picks the protocol: `uci` starts the UCI front end,
//! `xboard` the xboard (CECP) one; anything else is run by the engine's own
//! shell.
//!
//! Commands: `position startpos|fen <fen> [moves <move>...]`,
//! `go perft <depth>`, `d`, `eval` and `quit` (see `docs/architecture.md`).
//! A line that cannot be run is answered with one line, `info string error:
//! <message>`, and changes nothing.

mod command;
mod error;
mod game;
mod shell;

use shell::Shell;
use std::io::{self, BufRead, ErrorKind, Read};
use std::process::ExitCode;

/// Reads lines until the first non-blank one (which is returned with its
/// newline), so that it can decide the protocol.
fn first_command(input: &mut impl BufRead) -> io::Result<Vec<u8>> {
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 || !line.trim_ascii().is_empty() {
            return Ok(line);
        }
    }
}

fn run() -> io::Result<()> {
    let mut stdin = io::stdin().lock();
    let first = first_command(&mut stdin)?;
    if first.trim_ascii() == b"xboard" {
        // The xboard session reads on a thread of its own, which needs an
        // owned reader: release the lock (what it buffered stays in stdin's
        // shared buffer) and read through `io::stdin()`.
        drop(stdin);
        let input = io::Cursor::new(first).chain(io::BufReader::new(io::stdin()));
        return outpost::xboard::Session::new(io::stdout()).run(input);
    }
    let input = io::Cursor::new(first.clone()).chain(stdin);
    if first.trim_ascii() == b"uci" {
        outpost::uci::Session::new(io::stdout()).run(input)
    } else {
        Shell::new().run(input, io::stdout().lock())
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        // Whoever read our answers has gone: nothing left to do.
        Err(err) if err.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("outpost: {err}");
            ExitCode::FAILURE
        }
    }
}
