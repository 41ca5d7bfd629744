//! A UCI session: the position, the options, and the search thread.

use crate::command::{Command, Go, Start};
use crate::options::{self, OptionValue};
use crate::UciError;
use outpost_board::{divide, Color, Move, Position};
use outpost_eval::Evaluator;
use outpost_notation::{parse_fen, parse_uci_move, to_fen};
use outpost_search::{
    bench, Clock, Engine, Limits, Report, Score, ScoreBound, SearchControl, SearchResult,
    BENCH_DEPTH,
};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Output shared between the command reader and the search thread; every
/// line is written whole and flushed at once.
struct Out<W: Write>(Arc<Mutex<W>>);

impl<W: Write> Clone for Out<W> {
    fn clone(&self) -> Self {
        Out(Arc::clone(&self.0))
    }
}

impl<W: Write> Out<W> {
    fn line(&self, text: &str) {
        if let Ok(mut w) = self.0.lock() {
            // A GUI that has gone away cannot be told anything; ignore write errors.
            let _ = writeln!(w, "{text}");
            let _ = w.flush();
        }
    }
}

/// The engine's name as `uci` reports it.
pub const ENGINE_NAME: &str = concat!("Outpost ", env!("CARGO_PKG_VERSION"));
/// The author line.
pub const ENGINE_AUTHOR: &str = "the Outpost developers";

/// A UCI session over any input and output.
pub struct Session<W: Write + Send + 'static> {
    out: Out<W>,
    position: Position,
    /// Keys of the positions before `position`, oldest first.
    history: Vec<u64>,
    engine: Option<Engine>,
    search: Option<JoinHandle<Engine>>,
    /// Set by the search thread just before it prints `bestmove`: from then
    /// on joining it takes no time, so the next command may wait for it.
    search_done: Arc<AtomicBool>,
    control: Arc<SearchControl>,
    ponder_enabled: bool,
    debug: bool,
}

impl<W: Write + Send + 'static> Session<W> {
    /// A session writing to `output`, on the start position.
    pub fn new(output: W) -> Session<W> {
        Session {
            out: Out(Arc::new(Mutex::new(output))),
            position: Position::startpos(),
            history: Vec::new(),
            engine: Some(Engine::default()),
            search: None,
            search_done: Arc::new(AtomicBool::new(false)),
            control: Arc::new(SearchControl::new()),
            ponder_enabled: false,
            debug: false,
        }
    }

    /// Reads commands until `quit` or the end of the input; a running search
    /// is stopped (and its `bestmove` printed) before returning.
    pub fn run(&mut self, mut input: impl BufRead) -> io::Result<()> {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            if input.read_until(b'\n', &mut buf)? == 0 {
                break;
            }
            let line = String::from_utf8_lossy(&buf);
            if !self.execute(&line) {
                break;
            }
        }
        self.finish_search(true);
        Ok(())
    }

    /// Runs one line; returns `false` after `quit`.
    pub fn execute(&mut self, line: &str) -> bool {
        if line.trim().is_empty() {
            return true;
        }
        match line.parse::<Command>() {
            Ok(Command::Quit) => return false,
            Ok(command) => {
                if let Err(err) = self.run_command(command) {
                    self.error(&err);
                }
            }
            Err(err) => self.error(&err),
        }
        true
    }

    fn error(&self, err: &UciError) {
        self.out.line(&format!("info string error: {err}"));
    }

    fn searching(&mut self) -> bool {
        if self.search.is_some() && self.search_done.load(Ordering::Acquire) {
            self.finish_search(false);
        }
        self.search.is_some()
    }

    /// Waits for the search thread (stopping it first if `stop`) and takes the engine back.
    fn finish_search(&mut self, stop: bool) {
        if let Some(handle) = self.search.take() {
            if stop {
                self.control.stop();
            }
            match handle.join() {
                Ok(engine) => self.engine = Some(engine),
                Err(_) => {
                    self.out.line(
                        "info string error: the search thread failed; starting a fresh engine",
                    );
                    self.engine = Some(Engine::default());
                }
            }
        }
    }

    fn engine_idle(&mut self, what: &str) -> Result<&mut Engine, UciError> {
        if self.searching() {
            return Err(UciError::Busy {
                what: what.to_string(),
            });
        }
        self.engine.as_mut().ok_or(UciError::Busy {
            what: what.to_string(),
        })
    }

    fn run_command(&mut self, command: Command) -> Result<(), UciError> {
        match command {
            Command::Uci => {
                self.out.line(&format!("id name {ENGINE_NAME}"));
                self.out.line(&format!("id author {ENGINE_AUTHOR}"));
                for option in options::OPTIONS {
                    self.out.line(&option.declaration());
                }
                self.out.line("uciok");
            }
            Command::Debug(on) => self.debug = on,
            Command::IsReady => self.out.line("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref())?,
            Command::UciNewGame => {
                self.engine_idle("ucinewgame")?.new_game();
                self.position = Position::startpos();
                self.history.clear();
            }
            Command::Position { start, moves } => {
                // Build it aside; keep the old position unless all of it is good.
                let mut pos = match start {
                    Start::Startpos => Position::startpos(),
                    Start::Fen(fen) => parse_fen(&fen)?,
                };
                let mut history = Vec::with_capacity(moves.len());
                for text in &moves {
                    let mv = parse_uci_move(&pos, text)?;
                    history.push(pos.key());
                    pos.make_move_or_pass(mv);
                }
                self.position = pos;
                self.history = history;
            }
            Command::Go(go) => self.go(go)?,
            Command::Stop => self.finish_search(true),
            Command::PonderHit => self.control.ponderhit(),
            Command::Quit => {}
            Command::Display => {
                let pos = &self.position;
                let mut text = pos.board_diagram();
                text.push_str(&format!(
                    "\nFen: {}\nKey: {:016X}\n",
                    to_fen(pos),
                    pos.key()
                ));
                for line in text.lines() {
                    self.out.line(line);
                }
            }
            Command::Eval => {
                let trace = Evaluator::new().trace(&self.position).to_string();
                for line in trace.lines() {
                    self.out.line(line);
                }
            }
            Command::Bench(depth) => {
                self.engine_idle("bench")?;
                let result = bench(depth.unwrap_or(BENCH_DEPTH));
                self.out
                    .line(&format!("Total time (ms) : {}", result.time.as_millis()));
                self.out
                    .line(&format!("Nodes searched  : {}", result.nodes));
                self.out
                    .line(&format!("Nodes/second    : {}", result.nps()));
            }
        }
        Ok(())
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), UciError> {
        let parsed = options::parse(name, value)?;
        if let OptionValue::Ponder(on) = parsed {
            self.ponder_enabled = on;
            return Ok(());
        }
        let engine = self.engine_idle("setoption")?;
        match parsed {
            OptionValue::Hash(mib) => engine.set_hash(mib),
            OptionValue::Threads(n) => engine.set_threads(n),
            OptionValue::MultiPv(n) => engine.set_multipv(n),
            OptionValue::ClearHash => engine.clear_hash(),
            OptionValue::MoveOverhead(d) => engine.set_move_overhead(d),
            OptionValue::Contempt(cp) => engine.set_contempt(cp),
            OptionValue::Driver(driver) => engine.set_driver(driver),
            OptionValue::Ponder(_) => {}
        }
        Ok(())
    }

    fn go(&mut self, go: Go) -> Result<(), UciError> {
        if let Some(depth) = go.perft {
            self.engine_idle("go perft")?;
            let depth = depth.min(12);
            let split = divide(&self.position, depth);
            let total: u64 = if depth == 0 {
                1
            } else {
                split.iter().map(|&(_, n)| n).sum()
            };
            for (mv, n) in split {
                self.out.line(&format!("{mv}: {n}"));
            }
            self.out.line("");
            self.out.line(&format!("Nodes searched: {total}"));
            return Ok(());
        }
        if self.searching() {
            return Err(UciError::Busy {
                what: "go".to_string(),
            });
        }
        let us = self.position.side_to_move();
        let mut limits = Limits {
            depth: go.depth,
            nodes: go.nodes,
            mate: go.mate,
            movetime: go.movetime,
            infinite: go.infinite,
            ponder: go.ponder,
            ..Limits::default()
        };
        if let Some(time) = go.time[us.index()] {
            limits.clock = Some(Clock {
                time,
                increment: go.increment[us.index()].unwrap_or_default(),
                moves_to_go: go.moves_to_go,
            });
        }
        for text in &go.search_moves {
            limits
                .search_moves
                .push(parse_uci_move(&self.position, text)?);
        }
        let Some(mut engine) = self.engine.take() else {
            return Err(UciError::Busy {
                what: "go".to_string(),
            });
        };
        self.control = Arc::new(SearchControl::new());
        self.search_done = Arc::new(AtomicBool::new(false));
        let done = Arc::clone(&self.search_done);
        let control = Arc::clone(&self.control);
        let out = self.out.clone();
        let position = self.position;
        let history = self.history.clone();
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let start_side = position.side_to_move();
                let mut report = |r: Report| out.line(&format_report(&r, start_side));
                let result = engine.search(&position, &history, &limits, &control, &mut report);
                done.store(true, Ordering::Release);
                out.line(&format_bestmove(&result));
                engine
            });
        match spawned {
            Ok(handle) => {
                self.search = Some(handle);
                Ok(())
            }
            Err(_) => Err(UciError::Busy {
                what: "go (could not start a thread)".to_string(),
            }),
        }
    }
}

fn format_bestmove(result: &SearchResult) -> String {
    match result.ponder_move {
        Some(p) if !result.best_move.is_null() => {
            format!("bestmove {} ponder {p}", result.best_move)
        }
        _ => format!("bestmove {}", result.best_move),
    }
}

fn format_score(score: Score) -> String {
    match score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    }
}

/// One `info` line for a search report.
fn format_report(report: &Report, _side: Color) -> String {
    match report {
        Report::Pv(pv) => {
            let bound = match pv.bound {
                ScoreBound::Exact => "",
                ScoreBound::Lower => " lowerbound",
                ScoreBound::Upper => " upperbound",
            };
            let moves: Vec<String> = pv.pv.iter().map(Move::to_string).collect();
            format!(
                "info depth {} seldepth {} multipv {} score {}{} nodes {} nps {} hashfull {} time {} pv {}",
                pv.depth,
                pv.seldepth,
                pv.multipv,
                format_score(pv.score),
                bound,
                pv.nodes,
                pv.nps,
                pv.hashfull,
                pv.time.as_millis(),
                moves.join(" ")
            )
        }
        Report::CurrentMove { depth, mv, number } => {
            format!("info depth {depth} currmove {mv} currmovenumber {number}")
        }
    }
}
