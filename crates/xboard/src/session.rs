//! An xboard session: the game, the mode, the clocks and the search thread.
//!
//! One thread reads input lines and sends them to the session's inbox; a
//! search runs on its own thread, prints its thinking lines itself and
//! signals the inbox when it ends. The session handles lines and search
//! endings one at a time, so the game only ever changes on one thread.

use crate::command::{Command, EditCommand};
use crate::edit::EditBoard;
use crate::ending::claim;
use crate::pipes::{read_lines, Event, Out};
use crate::thinking::{move_text, option_feature, thinking_line};
use crate::XboardError;
use outpost_board::{Color, Move, Position};
use outpost_engine::{
    accepts_draw, expected_reply, hint_limits, one_line, parse_option, Clocks, Engine, EngineError,
    Game, OptionSetting, SearchEvent, SearchRequest, Settings, TimeControl, ENGINE_NAME,
};
use outpost_notation::{parse_fen, parse_san, parse_uci_move_with, NotationError};
use outpost_search::{Limits, Report, Score, SearchResult};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Which side the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Neither (`force`).
    Force,
    /// This colour.
    Play(Color),
    /// Neither, but it analyses the position (`analyze`).
    Analyze,
}

/// Why a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// For the engine's move: its result is played.
    Think,
    /// On the opponent's time, assuming this reply.
    Ponder(Move),
    /// Until told otherwise, in analyze mode.
    Analyze,
}

/// What a running search has reported, for `hint` and `.`.
#[derive(Clone, Copy, Debug, Default)]
struct Progress {
    depth: i32,
    nodes: u64,
    best: Option<Move>,
    current: Option<(Move, usize)>,
}

/// The search running on the searcher's thread.
struct Running {
    id: u64,
    purpose: Purpose,
    /// When the engine's clock started for this search.
    started: Instant,
    progress: Arc<Mutex<Progress>>,
}

/// An xboard session over any output; input comes through [`Session::run`].
pub struct Session<W: Write + Send + 'static> {
    out: Out<W>,
    events: Sender<Event>,
    inbox: Receiver<Event>,
    game: Game,
    mode: Mode,
    clocks: Clocks,
    engine: Engine,
    search: Option<Running>,
    next_id: u64,
    post: Arc<AtomicBool>,
    edit: Option<EditBoard>,
    /// `pong` replies held back until the engine has moved.
    pending_pongs: Vec<String>,
    /// The score of the engine's last move, from its side.
    last_score: Option<Score>,
    /// The reply the last search expects, with the key of the position it answers.
    expected: Option<(u64, Move)>,
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
            out: Out(Arc::new(Mutex::new(output))),
            events,
            inbox,
            game: Game::new(),
            mode: Mode::Play(Color::Black),
            clocks: Clocks::default(),
            engine: Engine::new(Settings::default())?,
            search: None,
            next_id: 0,
            post: Arc::new(AtomicBool::new(false)),
            edit: None,
            pending_pongs: Vec::new(),
            last_score: None,
            expected: None,
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
        let mut failure = None;
        loop {
            if self.input_closed && !self.thinking() {
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
                Event::Done(id, result) => self.search_done(id, result),
                Event::Closed(err) => {
                    self.input_closed = true;
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
        let out = Arc::try_unwrap(out.0).ok()?;
        out.into_inner().ok()
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

    fn run_command(&mut self, command: Command) -> Result<(), XboardError> {
        match command {
            Command::Xboard
            | Command::FeatureReply
            | Command::Random
            | Command::Info
            | Command::Otim(_)
            | Command::Quit => {}
            Command::Protover(_) => self.features(),
            Command::New => self.new_game(),
            Command::Variant(name) => {
                let chess960 = match name.as_str() {
                    "normal" => false,
                    "fischerandom" => true,
                    _ => return Err(XboardError::UnsupportedVariant { name }),
                };
                self.set_option(&OptionSetting::Chess960(chess960))?;
            }
            Command::Force => {
                if self.mode != Mode::Analyze {
                    self.halt();
                    self.mode = Mode::Force;
                }
            }
            Command::Go => {
                self.halt();
                self.mode = Mode::Play(self.side_to_move());
                self.think_or_claim();
            }
            Command::PlayOther => {
                self.halt();
                self.mode = Mode::Play(!self.side_to_move());
                self.start_pondering();
            }
            Command::White => self.set_side_to_move(Color::White)?,
            Command::Black => self.set_side_to_move(Color::Black)?,
            Command::Level(level) => self.clocks.set_level(level, self.game.plies()),
            Command::St(time) => self.clocks.control = TimeControl::PerMove(time),
            Command::Sd(depth) => self.clocks.depth = Some(depth),
            Command::Time(time) => self.clocks.own = Some(time),
            Command::UserMove(text) => self.user_move(&text)?,
            Command::MoveNow => {
                if self.thinking() {
                    self.engine.stop();
                }
            }
            Command::Ping(n) => {
                if self.thinking() {
                    self.pending_pongs.push(n);
                } else {
                    self.out.line(&format!("pong {n}"));
                }
            }
            Command::Draw => {
                if matches!(self.mode, Mode::Play(_)) && accepts_draw(self.last_score) {
                    self.out.line("offer draw");
                }
            }
            Command::Result => {
                self.halt();
                self.mode = Mode::Force;
            }
            Command::SetBoard(fen) => {
                let pos = parse_fen(&fen)?;
                self.halt();
                self.set_position(pos);
            }
            Command::Edit => {
                self.halt();
                self.edit = Some(EditBoard::new(self.game.position()));
            }
            Command::Hint => self.hint(),
            Command::Book => self.book(),
            Command::Undo => self.take_back(1)?,
            Command::Remove => self.take_back(2)?,
            Command::Hard => self.set_option(&OptionSetting::Ponder(true))?,
            Command::Easy => {
                self.set_option(&OptionSetting::Ponder(false))?;
                if self.pondering() {
                    self.halt();
                }
            }
            Command::Post => self.post.store(true, Ordering::Relaxed),
            Command::NoPost => self.post.store(false, Ordering::Relaxed),
            Command::Analyze => {
                self.halt();
                self.mode = Mode::Analyze;
                self.start(Purpose::Analyze);
            }
            Command::Exit => {
                if self.mode != Mode::Analyze {
                    return Err(XboardError::NotLegalNow {
                        why: "not analyzing",
                    });
                }
                self.halt();
                self.mode = Mode::Force;
            }
            Command::Status => self.status(),
            Command::Memory(mib) => {
                if self.engine.settings().search.hash_mib != mib {
                    self.halt();
                    self.set_option(&OptionSetting::Hash(mib.clamp(1, 65536)))?;
                }
            }
            Command::Cores(threads) => {
                if self.engine.settings().search.threads != threads {
                    self.halt();
                    self.set_option(&OptionSetting::Threads(threads.clamp(1, 256)))?;
                }
            }
            Command::EgtPath { kind, path } => {
                let setting = match kind.as_str() {
                    "syzygy" => OptionSetting::SyzygyPath(path),
                    "outpost" => OptionSetting::TablebaseDir(path),
                    _ => {
                        return Err(XboardError::NotLegalNow {
                            why: "only Syzygy tables (egt=syzygy) and Outpost's own (egt=outpost) are supported",
                        })
                    }
                };
                self.halt();
                self.set_option(&setting)?;
            }
            Command::Option { name, value } => {
                let setting = parse_option(&name, value.as_deref())?;
                if !matches!(setting, OptionSetting::Ponder(_)) {
                    self.halt();
                }
                self.set_option(&setting)?;
            }
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

    /// Applies an option (the search must be idle unless it is `Ponder`).
    fn set_option(&mut self, setting: &OptionSetting) -> Result<(), XboardError> {
        self.engine.set_option(setting)?;
        Ok(())
    }

    fn side_to_move(&self) -> Color {
        self.game.position().side_to_move()
    }

    fn thinking(&self) -> bool {
        self.search
            .as_ref()
            .is_some_and(|r| r.purpose == Purpose::Think)
    }

    fn pondering(&self) -> bool {
        self.search
            .as_ref()
            .is_some_and(|r| matches!(r.purpose, Purpose::Ponder(_)))
    }

    fn new_game(&mut self) {
        self.halt();
        self.edit = None;
        // Idle after `halt`, so this is not refused.
        let _ = self.engine.new_game();
        // `new` resets the variant; a `variant` command follows if wanted.
        let _ = self.engine.set_option(&OptionSetting::Chess960(false));
        if self.mode != Mode::Analyze {
            self.mode = Mode::Play(Color::Black);
        }
        self.clocks.depth = None;
        if let TimeControl::Level(level) = self.clocks.control {
            self.clocks.own = Some(level.base);
        }
        self.last_score = None;
        self.set_position(Position::startpos());
    }

    /// Starts a new game from `pos` (no search may be running), and
    /// restarts the analysis in analyze mode.
    fn set_position(&mut self, pos: Position) {
        self.game = Game::from_position(pos);
        self.expected = None;
        self.clocks.anchor = 0;
        if self.mode == Mode::Analyze {
            self.start(Purpose::Analyze);
        }
    }

    /// `white` / `black`: that side to move, the engine playing the other.
    fn set_side_to_move(&mut self, side: Color) -> Result<(), XboardError> {
        let pos = *self.game.position();
        let pos = if pos.side_to_move() == side {
            pos
        } else {
            let mut setup = pos.to_setup();
            setup.side_to_move = side;
            setup.en_passant = None;
            Position::from_setup(&setup).map_err(NotationError::from)?
        };
        self.halt();
        if self.mode != Mode::Analyze {
            self.mode = Mode::Play(!side);
        }
        if pos != *self.game.position() {
            self.set_position(pos);
        }
        Ok(())
    }

    fn take_back(&mut self, plies: usize) -> Result<(), XboardError> {
        if self.game.plies() < plies {
            return Err(XboardError::NotLegalNow {
                why: "not enough moves to take back",
            });
        }
        self.halt();
        for _ in 0..plies {
            self.game.undo();
        }
        self.expected = None;
        if self.mode == Mode::Analyze {
            self.start(Purpose::Analyze);
        }
        Ok(())
    }

    /// Finds a move sent by the GUI: coordinate notation, or SAN.
    fn parse_move(&self, text: &str) -> Result<Move, XboardError> {
        let pos = self.game.position();
        let illegal = |reason: &str| XboardError::IllegalMove {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        if !pos.has_legal_moves() {
            return Err(illegal("the game is over"));
        }
        // Some GUIs send the promotion piece in upper case (e7e8Q).
        let coordinate = match text.len() {
            5 if text.is_ascii() => text.to_ascii_lowercase(),
            _ => text.to_string(),
        };
        let chess960 = self.engine.settings().chess960;
        match parse_uci_move_with(pos, &coordinate, chess960) {
            Ok(mv) if mv.is_null() => return Err(illegal("null moves are not played")),
            Ok(mv) => return Ok(mv),
            Err(NotationError::IllegalUciMove { .. }) => {
                return Err(illegal(if pos.is_check() {
                    "in check"
                } else {
                    "not legal in this position"
                }))
            }
            Err(_) => {}
        }
        parse_san(pos, text).map_err(|err| match err {
            NotationError::AmbiguousSan { .. } => illegal("ambiguous"),
            NotationError::IllegalSan { .. } => illegal("not legal in this position"),
            _ => illegal("not a move"),
        })
    }

    fn user_move(&mut self, text: &str) -> Result<(), XboardError> {
        if self.thinking() {
            return Err(XboardError::IllegalMove {
                text: text.to_string(),
                reason: "the engine is on move".to_string(),
            });
        }
        let mv = self.parse_move(text)?;
        if let Some(run) = self.search.as_mut() {
            if run.purpose == Purpose::Ponder(mv) {
                // The expected move: the ponder search goes on as the real one.
                run.purpose = Purpose::Think;
                run.started = Instant::now();
                self.engine.ponderhit();
                self.game.play(mv)?;
                self.expected = None;
                return Ok(());
            }
        }
        self.halt();
        self.game.play(mv)?;
        self.expected = None;
        match self.mode {
            Mode::Analyze => self.start(Purpose::Analyze),
            Mode::Play(color) if color == self.side_to_move() => self.think_or_claim(),
            _ => {}
        }
        Ok(())
    }

    /// On the engine's move: claims the result if the game is over, else thinks.
    fn think_or_claim(&mut self) {
        match self.game.forced_outcome() {
            Some(outcome) => self.out.line(&claim(outcome)),
            None => self.start(Purpose::Think),
        }
    }

    /// After the engine's move, or on `playother`: ponders on the expected
    /// reply if pondering is on and there is one.
    fn start_pondering(&mut self) {
        if !self.engine.settings().ponder || self.input_closed {
            return;
        }
        let pos = *self.game.position();
        let Some((key, mv)) = self.expected else {
            return;
        };
        if key != pos.key() || !pos.is_legal(mv) || !pos.play(mv).has_legal_moves() {
            return;
        }
        if self.post.load(Ordering::Relaxed) {
            // Thinking lines start after the expected move; the protocol
            // asks for it to be announced first.
            let chess960 = self.engine.settings().chess960;
            self.out.line(&format!("Hint: {}", move_text(mv, chess960)));
        }
        self.start(Purpose::Ponder(mv));
    }

    /// Starts a search on the searcher's thread (none may be running).
    fn start(&mut self, purpose: Purpose) {
        let request = match purpose {
            Purpose::Think => {
                SearchRequest::for_game(&self.game, self.clocks.limits(self.game.plies()))
            }
            Purpose::Ponder(mv) => {
                let mut limits = self.clocks.limits(self.game.plies() + 1);
                limits.ponder = true;
                let Some(request) = SearchRequest::after_reply(&self.game, mv, limits) else {
                    return;
                };
                request
            }
            Purpose::Analyze => SearchRequest::for_game(
                &self.game,
                Limits {
                    infinite: true,
                    ..Limits::default()
                },
            ),
        };
        self.next_id += 1;
        let id = self.next_id;
        let progress = Arc::new(Mutex::new(Progress::default()));
        let events = self.events.clone();
        let out = self.out.clone();
        let post = Arc::clone(&self.post);
        let thread_progress = Arc::clone(&progress);
        let chess960 = self.engine.settings().chess960;
        let analyzing = purpose == Purpose::Analyze;
        let started = self.engine.start(request, move |event| match event {
            SearchEvent::Report(Report::Pv(pv)) if pv.multipv == 1 => {
                if let Ok(mut p) = thread_progress.lock() {
                    p.depth = pv.depth;
                    p.nodes = pv.nodes;
                    p.best = pv.pv.first().copied();
                }
                if analyzing || post.load(Ordering::Relaxed) {
                    out.line(&thinking_line(&pv, chess960));
                }
            }
            SearchEvent::Report(Report::CurrentMove { mv, number, .. }) => {
                if let Ok(mut p) = thread_progress.lock() {
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
        match started {
            Ok(()) => {
                self.search = Some(Running {
                    id,
                    purpose,
                    started: Instant::now(),
                    progress,
                });
            }
            Err(err) => self.out.line(&format!(
                "tellusererror cannot start a search: {}",
                plain(&err.to_string())
            )),
        }
    }

    /// Stops any search without playing its move, and answers held pings.
    fn halt(&mut self) {
        if self.search.take().is_some() {
            // Its result arrives in the inbox later and is ignored.
            self.engine.stop_and_wait();
        }
        self.flush_pongs();
    }

    fn flush_pongs(&mut self) {
        for n in std::mem::take(&mut self.pending_pongs) {
            self.out.line(&format!("pong {n}"));
        }
    }

    /// A search has ended on its own (or after `?`).
    fn search_done(&mut self, id: u64, result: SearchResult) {
        if self.search.as_ref().map(|r| r.id) != Some(id) {
            return; // Already stopped: a halted search's move is not played.
        }
        let Some(run) = self.search.take() else {
            return;
        };
        if run.purpose == Purpose::Think {
            self.play_own_move(Some(result), run.started.elapsed());
        }
    }

    /// Prints and plays the engine's move, claims the result if the game
    /// ended, answers held pings, and ponders if asked to.
    fn play_own_move(&mut self, result: Option<SearchResult>, spent: Duration) {
        let pos = *self.game.position();
        // A failed search still must not lose on time: any legal move will do.
        let mv = result
            .as_ref()
            .map(|r| r.best_move)
            .filter(|&mv| !mv.is_null() && pos.is_legal(mv))
            .or_else(|| pos.legal_moves().into_iter().next().copied());
        let Some(mv) = mv else {
            if let Some(outcome) = self.game.forced_outcome() {
                self.out.line(&claim(outcome));
            }
            self.flush_pongs();
            return;
        };
        let chess960 = self.engine.settings().chess960;
        self.out.line(&format!("move {}", move_text(mv, chess960)));
        self.clocks.after_own_move(self.game.plies(), spent);
        let _ = self.game.play(mv);
        self.last_score = result.as_ref().map(|r| r.score);
        self.expected = result
            .as_ref()
            .and_then(|r| expected_reply(&pos, r))
            .map(|reply| (self.game.position().key(), reply));
        if let Some(outcome) = self.game.outcome() {
            self.out.line(&claim(outcome));
            self.flush_pongs();
            return;
        }
        self.flush_pongs();
        self.start_pondering();
    }

    /// `hint`: the move the engine expects or would play here.
    fn hint(&mut self) {
        let pos = *self.game.position();
        let mv = match &self.search {
            Some(run) => match run.purpose {
                Purpose::Ponder(mv) => Some(mv),
                Purpose::Analyze => run.progress.lock().ok().and_then(|p| p.best),
                Purpose::Think => None,
            },
            None => match self.expected {
                Some((key, mv)) if key == pos.key() => Some(mv),
                _ if pos.has_legal_moves() => self.quick_search(),
                _ => None,
            },
        };
        if let Some(mv) = mv.filter(|&mv| pos.is_legal(mv)) {
            let chess960 = self.engine.settings().chess960;
            self.out.line(&format!("Hint: {}", move_text(mv, chess960)));
        }
    }

    fn quick_search(&mut self) -> Option<Move> {
        let result = self
            .engine
            .search(SearchRequest::for_game(&self.game, hint_limits()));
        Some(result.best_move).filter(|mv| !mv.is_null())
    }

    /// `book`: the book moves of the position with their weights, one per
    /// line, then an empty line.
    fn book(&self) {
        let moves = self.engine.book_moves(self.game.position());
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
            .search
            .as_ref()
            .filter(|r| r.purpose == Purpose::Analyze)
        else {
            return;
        };
        let progress = run.progress.lock().map(|p| *p).unwrap_or_default();
        let total = self.game.position().count_legal_moves();
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
            Ok(pos) => self.set_position(pos),
            Err(err) => {
                self.report(".", &XboardError::IllegalPosition(err.into()));
                if self.mode == Mode::Analyze {
                    self.start(Purpose::Analyze);
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
