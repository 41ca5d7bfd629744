//! An xboard session: CECP read into commands for the engine layer's game
//! controller, and its actions written back as CECP.
//!
//! One thread reads input lines and sends them to the session's inbox; a
//! search prints its thinking lines itself from the search's main thread
//! and signals the inbox when it ends. The session handles lines and
//! search endings one at a time, so the game only ever changes on one
//! thread.

use crate::command::{Command, EditCommand};
use crate::edit::EditBoard;
use crate::pipes::{read_lines, Event};
use crate::thinking::{move_text, option_feature, thinking_line};
use crate::XboardError;
use outpost_board::{Color, Move};
use outpost_engine::{
    one_line, parse_option, Action, Engine, EngineError, GameController, Hint, LineOutput, Mode,
    OptionSetting, Purpose, SearchEvent, SearchRequest, Settings, TimeControl, Timing, ENGINE_NAME,
};
use outpost_notation::{parse_fen, parse_move_text, NotationError};
use outpost_search::Report;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};

/// What the running search has reported, for `hint` and `.`.
#[derive(Clone, Copy, Debug, Default)]
struct Progress {
    depth: i32,
    nodes: u64,
    best: Option<Move>,
    current: Option<(Move, usize)>,
}

/// An xboard session over any output; input comes through [`Session::run`].
pub struct Session<W: Write + Send + 'static> {
    out: LineOutput<W>,
    events: Sender<Event>,
    inbox: Receiver<Event>,
    controller: GameController,
    engine: Engine,
    /// What the running search has reported.
    progress: Arc<Mutex<Progress>>,
    post: Arc<AtomicBool>,
    edit: Option<EditBoard>,
    /// `pong` replies held back until the engine has moved.
    pending_pongs: Vec<String>,
    input_closed: bool,
}

impl<W: Write + Send + 'static> Session<W> {
    /// A session writing to `output`, as after `new`: the start position,
    /// the engine playing Black, 40 moves in 5 minutes.
    ///
    /// # Errors
    /// When the search thread cannot be started.
    pub fn new(output: W) -> Result<Session<W>, EngineError> {
        let (events, inbox) = mpsc::channel();
        Ok(Session {
            out: LineOutput::new(output),
            events,
            inbox,
            controller: GameController::new(Timing::default()),
            engine: Engine::new(Settings::default())?,
            progress: Arc::new(Mutex::new(Progress::default())),
            post: Arc::new(AtomicBool::new(false)),
            edit: None,
            pending_pongs: Vec::new(),
            input_closed: false,
        })
    }

    /// Reads and runs commands until `quit` or the end of the input. At the
    /// end of the input a search for the engine's move is finished and the
    /// move printed; pondering and analysis stop.
    pub fn run<R: BufRead + Send + 'static>(&mut self, input: R) -> io::Result<()> {
        let events = self.events.clone();
        std::thread::Builder::new()
            .name("xboard-input".into())
            .spawn(move || read_lines(input, events))?;
        self.input_closed = false;
        let ponder = self.engine.settings().ponder;
        let actions = self.controller.set_ponder(ponder);
        self.act(actions);
        let mut failure = None;
        loop {
            if self.input_closed && !self.controller.thinking() {
                break;
            }
            let Ok(event) = self.inbox.recv() else {
                break;
            };
            match event {
                Event::Line(line) => {
                    if !self.execute(&line) {
                        break;
                    }
                }
                Event::Done(id, result) => {
                    let actions = self.controller.search_finished(id, result);
                    self.act(actions);
                }
                Event::Closed(err) => {
                    // No more pondering: nobody will answer.
                    self.input_closed = true;
                    let actions = self.controller.set_ponder(false);
                    self.act(actions);
                    failure = err;
                }
            }
        }
        self.halt();
        failure.map_or(Ok(()), Err)
    }

    /// The output, once the session is over.
    pub fn into_output(self) -> Option<W> {
        let Session { out, engine, .. } = self;
        // The engine's main search thread may hold the output until it is gone.
        drop(engine);
        out.into_inner()
    }

    /// Runs one line; returns `false` after `quit`.
    fn execute(&mut self, line: &str) -> bool {
        let line = line.trim();
        if line.is_empty() {
            return true;
        }
        if self.edit.is_some() {
            // Edit mode takes only its own commands, but `ping` and `quit`
            // keep working.
            match (line.parse::<EditCommand>(), line.parse::<Command>()) {
                (Ok(command), _) => self.edit(command),
                (_, Ok(Command::Quit)) => return false,
                (_, Ok(command @ Command::Ping(_))) => {
                    let _ = self.run_command(command);
                }
                (Err(err), _) => self.report(line, &err),
            }
            return true;
        }
        match line.parse::<Command>() {
            Ok(Command::Quit) => return false,
            Ok(command) => {
                if let Err(err) = self.run_command(command) {
                    self.report(line, &err);
                }
            }
            Err(err) => self.report(line, &err),
        }
        true
    }

    /// Answers a refused command in the protocol's form.
    fn report(&self, line: &str, err: &XboardError) {
        let text = match err {
            XboardError::IllegalMove { text, reason } => {
                format!("Illegal move ({}): {}", plain(reason), plain(text))
            }
            XboardError::IllegalPosition(err) => {
                format!(
                    "tellusererror Illegal position: {}",
                    plain(&err.to_string())
                )
            }
            other => format!("Error ({}): {}", plain(&other.to_string()), plain(line)),
        };
        self.out.line(&text);
    }

    /// Runs a command: those that move the game go to the controller and
    /// its actions are carried out; the others change the session.
    fn run_command(&mut self, command: Command) -> Result<(), XboardError> {
        let actions = match command {
            Command::New => {
                self.halt();
                self.edit = None;
                // Idle after `halt`, so neither is refused.
                let _ = self.engine.new_game();
                // `new` resets the variant; a `variant` command follows if wanted.
                let _ = self.set_named_option("UCI_Chess960", "false");
                self.controller.new_game()
            }
            Command::Force => self.controller.force(),
            Command::Go => self.controller.go(),
            Command::PlayOther => self.controller.play_other(),
            Command::White => self.controller.set_side_to_move(Color::White)?,
            Command::Black => self.controller.set_side_to_move(Color::Black)?,
            Command::UserMove(text) => {
                let mv = self.parse_move(&text)?;
                self.controller
                    .user_move(mv)
                    .map_err(|e| XboardError::IllegalMove {
                        text,
                        reason: e.to_string(),
                    })?
            }
            Command::MoveNow => self.controller.move_now().into_iter().collect(),
            Command::Result => self.controller.set_mode(Mode::Force),
            Command::SetBoard(fen) => self.controller.set_position(parse_fen(&fen)?),
            Command::Undo => self.controller.take_back(1)?,
            Command::Remove => self.controller.take_back(2)?,
            Command::Analyze => self.controller.set_mode(Mode::Analyze),
            Command::Exit => self.controller.exit_analysis()?,
            other => return self.change_session(other),
        };
        self.act(actions);
        Ok(())
    }

    /// Runs a command that does not move the game.
    fn change_session(&mut self, command: Command) -> Result<(), XboardError> {
        let plies = self.controller.game().plies();
        let clock = self.controller.engine_clock();
        match command {
            Command::Protover(_) => self.features(),
            Command::Variant(name) => {
                let chess960 = match name.as_str() {
                    "normal" => false,
                    "fischerandom" => true,
                    _ => return Err(XboardError::UnsupportedVariant { name }),
                };
                self.set_named_option("UCI_Chess960", &chess960.to_string())?;
            }
            Command::Level(level) => clock.set_level(level, plies),
            Command::St(time) => clock.control = TimeControl::PerMove(time),
            Command::Sd(depth) => clock.depth = Some(depth),
            Command::Time(time) => clock.own = Some(time),
            Command::Ping(n) if self.controller.thinking() => self.pending_pongs.push(n),
            Command::Ping(n) => self.out.line(&format!("pong {n}")),
            Command::Draw if self.controller.accepts_draw() => self.out.line("offer draw"),
            Command::Edit => {
                self.halt();
                self.edit = Some(EditBoard::new(self.controller.game().position()));
            }
            Command::Hint => self.hint(),
            Command::Book => self.book(),
            Command::Hard => self.set_named_option("Ponder", "true")?,
            Command::Easy => self.set_named_option("Ponder", "false")?,
            Command::Post => self.post.store(true, Ordering::Relaxed),
            Command::NoPost => self.post.store(false, Ordering::Relaxed),
            Command::Status => self.status(),
            Command::Memory(mib) if self.engine.settings().search.hash_mib != mib => {
                self.halt();
                self.set_named_option("Hash", &mib.clamp(1, 65536).to_string())?;
            }
            Command::Cores(threads) if self.engine.settings().search.threads != threads => {
                self.halt();
                self.set_named_option("Threads", &threads.clamp(1, 256).to_string())?;
            }
            Command::EgtPath { kind, path } => {
                let option = match kind.as_str() {
                    "syzygy" => "SyzygyPath",
                    "outpost" => "TablebaseDir",
                    _ => {
                        return Err(XboardError::NotLegalNow {
                            why: "only Syzygy tables (egt=syzygy) and Outpost's own (egt=outpost) are supported",
                        })
                    }
                };
                self.halt();
                self.set_named_option(option, &path)?;
            }
            Command::Option { name, value } => {
                let setting = parse_option(&name, value.as_deref())?;
                if setting.name() != "Ponder" {
                    self.halt();
                }
                self.set_option(&setting)?;
            }
            // `xboard`, `accepted`, `random`, `name`, `otim`, `quit`, an
            // offer the engine declines, a size already set.
            _ => {}
        }
        Ok(())
    }

    fn features(&self) {
        self.out.line(
            "feature ping=1 setboard=1 playother=1 usermove=1 time=1 draw=1 sigint=0 sigterm=0 \
             reuse=1 analyze=1 colors=0 name=1 memory=1 smp=1 nps=0",
        );
        self.out.line(&format!(
            "feature myname=\"{ENGINE_NAME}\" variants=\"normal,fischerandom\" egt=\"syzygy,outpost\""
        ));
        for def in &outpost_engine::options() {
            if let Some(feature) = option_feature(def) {
                self.out.line(&feature);
            }
        }
        self.out.line("feature done=1");
    }

    /// Applies the option called `name` (one the engine declares).
    fn set_named_option(&mut self, name: &str, value: &str) -> Result<(), XboardError> {
        let setting = parse_option(name, Some(value))?;
        self.set_option(&setting)
    }

    /// Applies an option (the search must be idle unless it is `Ponder`).
    fn set_option(&mut self, setting: &OptionSetting) -> Result<(), XboardError> {
        self.engine.set_option(setting)?;
        if let (Some(on), "Ponder") = (setting.check(), setting.name()) {
            let actions = self.controller.set_ponder(on && !self.input_closed);
            self.act(actions);
        }
        Ok(())
    }

    /// Carries out the controller's actions in order.
    fn act(&mut self, actions: Vec<Action>) {
        let chess960 = self.engine.settings().chess960;
        let mut actions = actions.into_iter().peekable();
        while let Some(action) = actions.next() {
            match action {
                Action::Search {
                    id,
                    purpose,
                    request,
                } => self.start(id, purpose, *request),
                Action::Halt => {
                    // Its result arrives in the inbox later and is ignored.
                    self.engine.stop_and_wait();
                    self.flush_pongs();
                }
                Action::MoveNow => self.engine.stop(),
                Action::PonderHit => self.engine.ponderhit(),
                Action::Play { mv, .. } => {
                    self.out.line(&format!("move {}", move_text(mv, chess960)));
                    // Held pings are answered after the move and its claim.
                    if !matches!(actions.peek(), Some(Action::Claim(_))) {
                        self.flush_pongs();
                    }
                }
                Action::Claim(outcome) => {
                    self.out.line(&format!(
                        "{} {{{}}}",
                        outcome.result(),
                        outcome.description()
                    ));
                    self.flush_pongs();
                }
            }
        }
    }

    /// Finds a move sent by the GUI: coordinate notation, or SAN.
    fn parse_move(&self, text: &str) -> Result<Move, XboardError> {
        let pos = self.controller.game().position();
        let reason = if self.controller.thinking() {
            "the engine is on move"
        } else if !pos.has_legal_moves() {
            "the game is over"
        } else {
            match parse_move_text(pos, text, self.engine.settings().chess960) {
                Ok(mv) => return Ok(mv),
                Err(NotationError::NullMove { .. }) => "null moves are not played",
                Err(NotationError::IllegalUciMove { .. }) if pos.is_check() => "in check",
                Err(NotationError::AmbiguousSan { .. }) => "ambiguous",
                Err(NotationError::IllegalUciMove { .. } | NotationError::IllegalSan { .. }) => {
                    "not legal in this position"
                }
                Err(_) => "not a move",
            }
        };
        Err(XboardError::IllegalMove {
            text: text.to_string(),
            reason: reason.to_string(),
        })
    }

    /// Starts the search the controller asked for; its thinking lines are
    /// printed from the search thread, its end goes to the inbox.
    fn start(&mut self, id: u64, purpose: Purpose, request: SearchRequest) {
        let chess960 = self.engine.settings().chess960;
        if let Purpose::Ponder(mv) = purpose {
            if self.post.load(Ordering::Relaxed) {
                // Thinking lines start after the expected move; the protocol
                // asks for it to be announced first.
                self.out.line(&format!("Hint: {}", move_text(mv, chess960)));
            }
        }
        self.progress = Arc::new(Mutex::new(Progress::default()));
        let events = self.events.clone();
        let out = self.out.clone();
        let post = Arc::clone(&self.post);
        let progress = Arc::clone(&self.progress);
        let analyzing = purpose == Purpose::Analyze;
        let started = self.engine.start(request, move |event| match event {
            SearchEvent::Report(Report::Pv(pv)) if pv.multipv == 1 => {
                if let Ok(mut p) = progress.lock() {
                    p.depth = pv.depth;
                    p.nodes = pv.nodes;
                    p.best = pv.pv.first().copied();
                }
                if analyzing || post.load(Ordering::Relaxed) {
                    out.line(&thinking_line(&pv, chess960));
                }
            }
            SearchEvent::Report(Report::CurrentMove { mv, number, .. }) => {
                if let Ok(mut p) = progress.lock() {
                    p.current = Some((mv, number));
                }
            }
            SearchEvent::Report(Report::Pv(_)) => {}
            SearchEvent::TableMove(choice) => {
                if post.load(Ordering::Relaxed) {
                    out.line(&format!(
                        "# endgame tables: {} keeps a {:?}",
                        move_text(choice.mv, chess960),
                        choice.dtm
                    ));
                }
            }
            SearchEvent::Info(text) => out.line(&format!("telluser {}", plain(&text))),
            SearchEvent::BookMove(choice) => {
                if post.load(Ordering::Relaxed) {
                    out.line(&format!(
                        "# book move {} weight {}",
                        move_text(choice.mv, chess960),
                        choice.weight
                    ));
                }
            }
            SearchEvent::Finished(result) => {
                let _ = events.send(Event::Done(id, result));
            }
        });
        if let Err(err) = started {
            self.controller.search_failed(id);
            self.out.line(&format!(
                "tellusererror cannot start a search: {}",
                plain(&err.to_string())
            ));
        }
    }

    /// Stops any search without playing its move, and answers held pings.
    fn halt(&mut self) {
        let actions = self.controller.halt().into_iter().collect();
        self.act(actions);
        self.flush_pongs();
    }

    fn flush_pongs(&mut self) {
        for n in std::mem::take(&mut self.pending_pongs) {
            self.out.line(&format!("pong {n}"));
        }
    }

    /// `hint`: the move the engine expects or would play here.
    fn hint(&mut self) {
        let pos = *self.controller.game().position();
        let analyzing = self
            .controller
            .running()
            .is_some_and(|r| r.purpose == Purpose::Analyze);
        let mv = if analyzing {
            self.progress.lock().ok().and_then(|p| p.best)
        } else {
            match self.controller.hint() {
                Hint::Move(mv) => Some(mv),
                Hint::Search(request) => Some(self.engine.search(*request).best_move),
                Hint::None => None,
            }
        };
        if let Some(mv) = mv.filter(|&mv| !mv.is_null() && pos.is_legal(mv)) {
            let chess960 = self.engine.settings().chess960;
            self.out.line(&format!("Hint: {}", move_text(mv, chess960)));
        }
    }

    /// `book`: the book moves of the position with their weights, one per
    /// line, then an empty line.
    fn book(&self) {
        let moves = self.engine.book_moves(self.controller.game().position());
        if moves.is_empty() {
            self.out.line(" no book moves in this position");
        }
        let chess960 = self.engine.settings().chess960;
        for m in moves {
            self.out
                .line(&format!(" {} {}", move_text(m.mv, chess960), m.weight));
        }
        self.out.line("");
    }

    /// `.`: the analysis status line.
    fn status(&self) {
        let Some(run) = self
            .controller
            .running()
            .filter(|r| r.purpose == Purpose::Analyze)
        else {
            return;
        };
        let progress = self.progress.lock().map(|p| *p).unwrap_or_default();
        let total = self.controller.game().position().count_legal_moves();
        let (searched, name) = progress
            .current
            .map_or((0, String::new()), |(mv, n)| (n, format!(" {mv}")));
        self.out.line(&format!(
            "stat01: {} {} {} {} {}{}",
            run.started.elapsed().as_millis() / 10,
            progress.nodes,
            progress.depth,
            total.saturating_sub(searched),
            total,
            name
        ));
    }

    /// A line of the legacy edit mode.
    fn edit(&mut self, command: EditCommand) {
        let Some(edit) = self.edit.as_mut() else {
            return;
        };
        if command != EditCommand::Done {
            edit.apply(command);
            return;
        }
        let Some(edit) = self.edit.take() else {
            return;
        };
        match edit.finish() {
            Ok(pos) => {
                let actions = self.controller.set_position(pos);
                self.act(actions);
            }
            Err(err) => {
                self.report(".", &XboardError::IllegalPosition(err.into()));
                if self.controller.mode() == Mode::Analyze {
                    let actions = self.controller.set_mode(Mode::Analyze);
                    self.act(actions);
                }
            }
        }
    }
}

/// Text safe inside `Error (...)`: one short line without parentheses.
fn plain(text: &str) -> String {
    one_line(text)
        .chars()
        .map(|c| match c {
            '(' => '[',
            ')' => ']',
            c => c,
        })
        .collect()
}
