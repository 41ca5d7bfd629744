//! The Outpost engine binary.
//!
//! With no arguments it reads commands on standard input: the first line
//! `xboard` starts the xboard (CECP) front end; anything else is the UCI
//! command set with its console extensions (`d`, `eval`, `go perft`,
//! `bench`, `flip`, `help`). Subcommands run one job and exit: `bench`,
//! `perft`, `eval`. See `outpost --help`.

use clap::{Parser, Subcommand};
use outpost::engine::ENGINE_NAME;
use outpost::uci::format::{bench_lines, perft_lines};
use outpost::uci::MAX_PERFT_DEPTH;
use outpost::{parse_fen, Position};
use std::io::{self, BufRead, ErrorKind, IsTerminal, Read, Write};
use std::process::ExitCode;

/// Outpost, a chess engine: speaks UCI and xboard on standard input, or
/// runs one job given on the command line.
#[derive(Parser, Debug)]
#[command(
    name = "outpost",
    version,
    about = "Outpost, a chess engine: speaks UCI and xboard on standard input, or runs one job and exits",
    after_help = "Protocols: start without arguments and send `uci` (or any UCI command) \
                  or `xboard`; `help` lists the commands."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Job>,
}

/// The one-shot jobs.
#[derive(Subcommand, Debug)]
enum Job {
    /// Search the bench positions to a fixed depth with one thread; prints
    /// `Nodes searched` and `Nodes/second` last, as OpenBench reads them.
    #[command(allow_negative_numbers = true)]
    Bench {
        /// Depth to search each position to.
        #[arg(value_parser = clap::value_parser!(i32).range(1..=64))]
        depth: Option<i32>,
    },
    /// Count the leaves of the move tree, split by root move.
    #[command(allow_negative_numbers = true)]
    Perft {
        /// Plies to look ahead.
        #[arg(value_parser = clap::value_parser!(u32).range(0..=MAX_PERFT_DEPTH as i64))]
        depth: u32,
        /// The position as FEN (quoted or as separate words); the start position if absent.
        fen: Vec<String>,
    },
    /// Show the static evaluation of a position term by term.
    Eval {
        /// The position as FEN (quoted or as separate words); the start position if absent.
        fen: Vec<String>,
    },
    /// Serve the board page and the JSON API over HTTP until Ctrl-C.
    Serve {
        /// The address to listen on.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// The port to listen on.
        #[arg(long, default_value_t = 8080)]
        port: u16,
    },
}

/// Why a job failed: bad input (exit code 2) or output that could not be written.
enum Failure {
    Input(String),
    Io(io::Error),
}

/// The position given as FEN words, or the start position.
fn position(fen: &[String]) -> Result<Position, Failure> {
    if fen.is_empty() {
        return Ok(Position::startpos());
    }
    parse_fen(&fen.join(" ")).map_err(|e| Failure::Input(format!("invalid FEN: {e}")))
}

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

/// The command loop on standard input.
fn interactive() -> io::Result<()> {
    if io::stdin().is_terminal() {
        println!("{ENGINE_NAME} by the Outpost developers; `help` lists the commands");
    }
    let mut stdin = io::stdin().lock();
    let first = first_command(&mut stdin)?;
    let engine_error = |e: outpost::engine::EngineError| io::Error::other(e.to_string());
    if first.trim_ascii() == b"xboard" {
        // The xboard session reads on a thread of its own, which needs an
        // owned reader: release the lock (what it buffered stays in stdin's
        // shared buffer) and read through `io::stdin()`.
        drop(stdin);
        let input = io::Cursor::new(first).chain(io::BufReader::new(io::stdin()));
        return outpost::xboard::Session::new(io::stdout())
            .map_err(engine_error)?
            .run(input);
    }
    let input = io::Cursor::new(first).chain(stdin);
    outpost::uci::Session::new(io::stdout())
        .map_err(engine_error)?
        .run(input)
}

/// Runs a one-shot job, printing its answer.
fn run_job(job: Job, out: &mut impl Write) -> Result<(), Failure> {
    let text = match job {
        Job::Bench { depth } => {
            let result = outpost::search::bench(depth.unwrap_or(outpost::search::BENCH_DEPTH));
            bench_lines(&result)
        }
        Job::Perft { depth, fen } => perft_lines(&position(&fen)?, depth),
        Job::Eval { fen } => {
            let pos = position(&fen)?;
            outpost::eval::Evaluator::new().trace(&pos).to_string()
        }
        Job::Serve { host, port } => {
            let config = outpost::web::Config {
                host,
                port,
                ..outpost::web::Config::default()
            };
            outpost::web::serve(config, |address| {
                eprintln!("{ENGINE_NAME}: serving http://{address}/ (Ctrl-C stops)");
            })
            .map_err(|e| Failure::Input(e.to_string()))?;
            String::new()
        }
    };
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(Failure::Io)
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            use clap::error::ErrorKind as Kind;
            return match err.kind() {
                Kind::DisplayHelp | Kind::DisplayVersion => {
                    let _ = err.print();
                    ExitCode::SUCCESS
                }
                Kind::UnknownArgument => {
                    let _ = err.print();
                    ExitCode::from(2)
                }
                _ => {
                    // One line naming the problem.
                    let text = err.render().to_string();
                    let first = text.lines().next().unwrap_or("invalid arguments");
                    eprintln!("outpost: {}", first.trim_start_matches("error: "));
                    ExitCode::from(2)
                }
            };
        }
    };
    let outcome = match cli.command {
        None => interactive().map_err(Failure::Io),
        Some(job) => run_job(job, &mut io::stdout().lock()),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => {
            eprintln!("outpost: {}", outpost::engine::one_line(&message));
            ExitCode::from(2)
        }
        // Whoever read our answers has gone: nothing left to do.
        Err(Failure::Io(err)) if err.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(err)) => {
            eprintln!("outpost: {err}");
            ExitCode::FAILURE
        }
    }
}
