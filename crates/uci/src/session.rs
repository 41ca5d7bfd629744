//! A UCI session: reads lines, keeps the game, and drives the engine
//! layer's searcher; search reports are printed from the search thread as
//! they come.

use crate::command::{Command, Go, Start, HELP};
use crate::format::{bestmove_line, info_line, option_line, position_lines, table_line};
use crate::UciError;
use outpost_board::divide_text;
use outpost_engine::openings::{
    book_positions, genfens, genfens_line, GenfensRequest, OpeningRules,
};
use outpost_engine::{
    parse_option, Engine, EngineError, EngineSettings, Game, LineOutput, SearchEvent,
    SearchRequest, ENGINE_AUTHOR, ENGINE_NAME,
};
use outpost_notation::{parse_fen, parse_uci_move_with, NotationError};
use outpost_search::{Bench, Clock, Limits, BENCH_DEPTH};
use std::io::{self, BufRead, Write};

/// A UCI session over any input and output. Before `uci` it already takes
/// every command (as Stockfish does), so the engine's console and the
/// protocol are one command set.
pub struct Session<W: Write + Send + 'static> {
    out: LineOutput<W>,
    game: Game,
    engine: Engine,
    /// Whether the last search started runs until `stop` (infinite or pondering).
    unbounded: bool,
    debug: bool,
}

impl<W: Write + Send + 'static> Session<W> {
    /// A session writing to `output`, on the start position.
    ///
    /// # Errors
    /// When the search thread cannot be started.
    pub fn new(output: W) -> Result<Session<W>, EngineError> {
        Ok(Session {
            out: LineOutput::new(output),
            game: Game::new(),
            engine: Engine::new(EngineSettings::default())?,
            unbounded: false,
            debug: false,
        })
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
        self.engine.stop_and_wait();
        Ok(())
    }

    /// Ends a session fed a list of lines (the command line's arguments)
    /// instead of a stream: waits for a search with a limit to finish, and
    /// stops an infinite or pondering one, so every `go` has its
    /// `bestmove`.
    pub fn finish(&mut self) {
        if self.unbounded {
            self.engine.stop();
        }
        self.engine.wait();
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
        self.out.line(&format!(
            "info string error: {}",
            outpost_engine::one_line(&err.to_string())
        ));
    }

    fn note(&self, text: &str) {
        self.out
            .line(&format!("info string {}", outpost_engine::one_line(text)));
    }

    fn run_command(&mut self, command: Command) -> Result<(), UciError> {
        match command {
            Command::Uci => {
                self.out.line(&format!("id name {ENGINE_NAME}"));
                self.out.line(&format!("id author {ENGINE_AUTHOR}"));
                for def in &outpost_engine::options() {
                    self.out.line(&option_line(def));
                }
                self.out.line("uciok");
            }
            Command::Debug(on) => self.debug = on,
            Command::IsReady => self.out.line("readyok"),
            Command::SetOption { name, value } => {
                let setting = parse_option(&name, value.as_deref())?;
                self.engine.set_option(&setting)?;
            }
            Command::UciNewGame => {
                self.engine.new_game()?;
                self.game = Game::new();
            }
            Command::Position { start, moves } => {
                let chess960 = self.engine.settings().chess960;
                // Build it aside; keep the old game unless all of it is good.
                let mut game = match start {
                    Start::Startpos => Game::new(),
                    Start::Fen(fen) => Game::from_position(parse_fen(&fen)?),
                };
                for (index, text) in moves.iter().enumerate() {
                    let played = parse_uci_move_with(game.position(), text, chess960)
                        .map_err(NotationError::from)
                        .and_then(|mv| game.play(mv));
                    if let Err(source) = played {
                        return Err(UciError::MoveInList {
                            number: index + 1,
                            source,
                        });
                    }
                }
                self.game = game;
            }
            Command::Go(go) => self.go(go)?,
            Command::Perft(depth) => {
                self.engine.ensure_idle("go perft")?;
                let chess960 = self.engine.settings().chess960;
                self.out
                    .lines(&divide_text(self.game.position(), depth, chess960));
            }
            Command::Stop => {
                self.engine.stop_and_wait();
            }
            Command::PonderHit => self.engine.ponderhit(),
            Command::Quit => {}
            Command::Display => self.out.lines(&position_lines(self.game.position())),
            Command::Eval => {
                let text = self.engine.evaluator().explain(self.game.position());
                self.out.lines(&text);
            }
            Command::Flip => {
                self.game = Game::from_position(self.game.position().color_flipped());
            }
            Command::Bench(depth) => {
                self.engine.ensure_idle("bench")?;
                let depth = depth.unwrap_or(BENCH_DEPTH);
                let evaluator = self.engine.evaluator().clone();
                let result = Bench::new(depth).with_evaluator(evaluator).run();
                self.out.lines(&result.to_string());
            }
            Command::Genfens { count, seed, book } => {
                self.engine.ensure_idle("genfens")?;
                let book = match book {
                    Some(path) => book_positions(&path)?,
                    None => Vec::new(),
                };
                let request = GenfensRequest { count, seed, book };
                let out = self.out.clone();
                genfens(
                    &mut self.engine,
                    &request,
                    &OpeningRules::default(),
                    |pos| out.line(&genfens_line(pos)),
                )?;
            }
            Command::Help => {
                for (command, what) in HELP {
                    self.out.line(&format!("{command:<44} {what}"));
                }
            }
        }
        Ok(())
    }

    /// `go`: starts a search that prints its `info` lines and, once, its
    /// `bestmove`. Whatever of the parameters cannot be used is ignored
    /// with a note; the search always runs.
    fn go(&mut self, go: Go) -> Result<(), UciError> {
        if self.engine.is_searching() {
            // A `go` during a search: the running one ends first (at once
            // when it would wait for `stop`), so each `go` gets its own
            // `bestmove`.
            if self.unbounded {
                self.note("a search was running: stopped it first");
                self.engine.stop();
            }
            self.engine.wait();
        }
        for note in &go.notes {
            self.note(note);
        }
        let pos = *self.game.position();
        let us = pos.side_to_move();
        let chess960 = self.engine.settings().chess960;
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
            match parse_uci_move_with(&pos, text, chess960) {
                Ok(mv) if !mv.is_null() => limits.search_moves.push(mv),
                _ => self.note(&format!(
                    "ignored searchmoves entry `{text}`: not a legal move"
                )),
            }
        }
        if limits.search_moves.is_empty() && !go.search_moves.is_empty() {
            self.note("no legal searchmoves: searching every move");
        }
        let out = self.out.clone();
        let show_wdl = self.engine.settings().show_wdl;
        self.unbounded = limits.infinite || limits.ponder;
        let request = SearchRequest::for_game(&self.game, limits);
        self.engine.start(request, move |event| match event {
            SearchEvent::Report(report) => out.line(&info_line(&report, chess960, show_wdl)),
            SearchEvent::BookMove(choice) => out.line(&format!(
                "info string book move {} weight {}",
                choice.mv.uci(chess960),
                choice.weight
            )),
            SearchEvent::TableMove(choice) => out.line(&table_line(&choice, chess960)),
            SearchEvent::Info(text) => {
                out.line(&format!("info string {}", outpost_engine::one_line(&text)))
            }
            SearchEvent::Finished(result) => out.line(&bestmove_line(&result, chess960)),
        })?;
        Ok(())
    }
}
