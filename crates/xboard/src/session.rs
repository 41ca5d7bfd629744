//! An xboard session: the game, the mode, the clocks and the search thread.
//!
//! One thread reads input lines and sends them to the session's inbox; a
//! search runs on its own thread, prints its thinking lines itself and
//! signals the inbox when it ends. The session handles lines and search
//! endings one at a time, so the game only ever changes on one thread.

use crate::clock::{Clocks, TimeControl};
use crate::command::{Command, EditCommand};
use crate::edit::EditBoard;
use crate::game::Game;
use crate::pipes::{read_lines, Event, Out};
use crate::thinking::thinking_line;
use crate::XboardError;
use outpost_board::{Color, Move, Position};
use outpost_notation::{parse_fen, parse_san, parse_uci_move, NotationError};
use outpost_search::{Engine, Limits, Report, Score, SearchControl, SearchResult};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The engine's name, as `feature myname` announces it.
pub const ENGINE_NAME: &str = concat!("Outpost ", env!("CARGO_PKG_VERSION"));

/// Time kept in reserve per move for the pipes and the GUI.
const MOVE_OVERHEAD: Duration = Duration::from_millis(50);
/// A draw offer is accepted when the engine's last score is at most this
/// (centipawns, from its side), or when it sees itself mated.
const DRAW_ACCEPT_CP: i32 = -50;
/// How long `hint` may search when there is no move to suggest yet.
const HINT_TIME: Duration = Duration::from_millis(200);

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

/// A search on its thread.
struct Running {
    id: u64,
    purpose: Purpose,
    control: Arc<SearchControl>,
    handle: JoinHandle<(Engine, SearchResult)>,
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
    engine: Option<Engine>,
    search: Option<Running>,
    next_id: u64,
    post: Arc<AtomicBool>,
    ponder: bool,
    edit: Option<EditBoard>,
    /// `pong` replies held back until the engine has moved.
    pending_pongs: Vec<String>,
    hash_mib: usize,
    threads: usize,
    /// The score of the engine's last move, from its side.
    last_score: Option<Score>,
    /// The reply the last search expects, with the key of the position it answers.
    expected: Option<(u64, Move)>,
    input_closed: bool,
}

impl<W: Write + Send + 'static> Session<W> {
    /// A session writing to `output`, as after `new`: the start position,
    /// the engine playing Black, 40 moves in 5 minutes.
    pub fn new(output: W) -> Session<W> {
        let (events, inbox) = mpsc::channel();
        let mut engine = Engine::default();
        engine.set_move_overhead(MOVE_OVERHEAD);
        let options = engine.options().clone();
        Session {
            out: Out(Arc::new(Mutex::new(output))),
            events,
            inbox,
            game: Game::new(Position::startpos()),
            mode: Mode::Play(Color::Black),
            clocks: Clocks::default(),
            engine: Some(engine),
            search: None,
            next_id: 0,
            post: Arc::new(AtomicBool::new(false)),
            ponder: false,
            edit: None,
            pending_pongs: Vec::new(),
            hash_mib: options.hash_mib,
            threads: options.threads,
            last_score: None,
            expected: None,
            input_closed: false,
        }
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
                Event::Done(id) => self.search_done(id),
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
        let out = Arc::try_unwrap(self.out.0).ok()?;
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
                if name != "normal" {
                    return Err(XboardError::UnsupportedVariant { name });
                }
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
                if let Some(run) = self.search.as_ref().filter(|r| r.purpose == Purpose::Think) {
                    run.control.stop();
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
                if self.accepts_draw() {
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
            Command::Book => {
                self.out.line(" Outpost has no opening book");
                self.out.line("");
            }
            Command::Undo => self.take_back(1)?,
            Command::Remove => self.take_back(2)?,
            Command::Hard => self.ponder = true,
            Command::Easy => {
                self.ponder = false;
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
                self.hash_mib = mib;
                self.configure_idle_engine();
            }
            Command::Cores(threads) => {
                self.threads = threads;
                self.configure_idle_engine();
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
            "feature myname=\"{ENGINE_NAME}\" variants=\"normal\""
        ));
        self.out.line("feature done=1");
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
        self.configure_idle_engine();
        if let Some(engine) = self.engine.as_mut() {
            engine.new_game();
        }
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
        self.game = Game::new(pos);
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
        match parse_uci_move(pos, &coordinate) {
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
                run.control.ponderhit();
                self.game.play(mv);
                self.expected = None;
                return Ok(());
            }
        }
        self.halt();
        self.game.play(mv);
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
        match self.game.forced_ending() {
            Some(ending) => self.out.line(&ending.to_string()),
            None => self.start(Purpose::Think),
        }
    }

    /// After the engine's move, or on `playother`: ponders on the expected
    /// reply if pondering is on and there is one.
    fn start_pondering(&mut self) {
        if !self.ponder || self.input_closed {
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
            self.out.line(&format!("Hint: {mv}"));
        }
        self.start(Purpose::Ponder(mv));
    }

    /// Starts a search on its thread (none may be running).
    fn start(&mut self, purpose: Purpose) {
        let Some(mut engine) = self.engine.take() else {
            return;
        };
        self.configure(&mut engine);
        let pos = *self.game.position();
        let mut history = self.game.keys().to_vec();
        let (position, limits) = match purpose {
            Purpose::Think => (pos, self.clocks.limits(self.game.plies())),
            Purpose::Ponder(mv) => {
                history.push(pos.key());
                let mut limits = self.clocks.limits(self.game.plies() + 1);
                limits.ponder = true;
                (pos.play(mv), limits)
            }
            Purpose::Analyze => (
                pos,
                Limits {
                    infinite: true,
                    ..Limits::default()
                },
            ),
        };
        self.next_id += 1;
        let id = self.next_id;
        let control = Arc::new(SearchControl::new());
        let progress = Arc::new(Mutex::new(Progress::default()));
        let events = self.events.clone();
        let out = self.out.clone();
        let post = Arc::clone(&self.post);
        let thread_control = Arc::clone(&control);
        let thread_progress = Arc::clone(&progress);
        let analyzing = purpose == Purpose::Analyze;
        let spawned = std::thread::Builder::new()
            .name("xboard-search".into())
            .spawn(move || {
                let mut report = |report: Report| match report {
                    Report::Pv(pv) if pv.multipv == 1 => {
                        if let Ok(mut p) = thread_progress.lock() {
                            p.depth = pv.depth;
                            p.nodes = pv.nodes;
                            p.best = pv.pv.first().copied();
                        }
                        if analyzing || post.load(Ordering::Relaxed) {
                            out.line(&thinking_line(&pv));
                        }
                    }
                    Report::CurrentMove { mv, number, .. } => {
                        if let Ok(mut p) = thread_progress.lock() {
                            p.current = Some((mv, number));
                        }
                    }
                    Report::Pv(_) => {}
                };
                let result =
                    engine.search(&position, &history, &limits, &thread_control, &mut report);
                let _ = events.send(Event::Done(id));
                (engine, result)
            });
        match spawned {
            Ok(handle) => {
                self.search = Some(Running {
                    id,
                    purpose,
                    control,
                    handle,
                    started: Instant::now(),
                    progress,
                });
            }
            Err(_) => {
                self.out
                    .line("tellusererror cannot start a search thread; starting a fresh engine");
                self.engine = Some(self.fresh_engine());
            }
        }
    }

    fn fresh_engine(&self) -> Engine {
        let mut engine = Engine::default();
        engine.set_move_overhead(MOVE_OVERHEAD);
        self.configure(&mut engine);
        engine
    }

    /// Applies `memory` and `cores` (resizing clears the hash table, so only when changed).
    fn configure(&self, engine: &mut Engine) {
        if engine.options().hash_mib != self.hash_mib {
            engine.set_hash(self.hash_mib);
        }
        if engine.options().threads != self.threads {
            engine.set_threads(self.threads);
        }
    }

    fn configure_idle_engine(&mut self) {
        if let Some(mut engine) = self.engine.take() {
            self.configure(&mut engine);
            self.engine = Some(engine);
        }
    }

    /// Takes the engine back from a finished search thread.
    fn join(&mut self, run: Running) -> Option<SearchResult> {
        match run.handle.join() {
            Ok((engine, result)) => {
                self.engine = Some(engine);
                Some(result)
            }
            Err(_) => {
                self.out
                    .line("tellusererror the search failed; starting a fresh engine");
                self.engine = Some(self.fresh_engine());
                None
            }
        }
    }

    /// Stops any search without playing its move, and answers held pings.
    fn halt(&mut self) {
        if let Some(run) = self.search.take() {
            run.control.stop();
            self.join(run);
        }
        self.flush_pongs();
    }

    fn flush_pongs(&mut self) {
        for n in std::mem::take(&mut self.pending_pongs) {
            self.out.line(&format!("pong {n}"));
        }
    }

    /// A search thread has ended on its own (or after `?`).
    fn search_done(&mut self, id: u64) {
        if self.search.as_ref().map(|r| r.id) != Some(id) {
            return; // Already stopped and joined.
        }
        let Some(run) = self.search.take() else {
            return;
        };
        let purpose = run.purpose;
        let spent = run.started.elapsed();
        let result = self.join(run);
        if purpose == Purpose::Think {
            self.play_own_move(result, spent);
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
            if let Some(ending) = self.game.forced_ending() {
                self.out.line(&ending.to_string());
            }
            self.flush_pongs();
            return;
        };
        self.out.line(&format!("move {mv}"));
        self.clocks.after_own_move(self.game.plies(), spent);
        self.game.play(mv);
        self.last_score = result.as_ref().map(|r| r.score);
        self.expected = result
            .and_then(|r| r.ponder_move)
            .map(|reply| (self.game.position().key(), reply));
        if let Some(ending) = self.game.ending() {
            self.out.line(&ending.to_string());
            self.flush_pongs();
            return;
        }
        self.flush_pongs();
        self.start_pondering();
    }

    fn accepts_draw(&self) -> bool {
        matches!(self.mode, Mode::Play(_))
            && match self.last_score {
                Some(Score::Centipawns(cp)) => cp <= DRAW_ACCEPT_CP,
                Some(Score::Mate(moves)) => moves <= 0,
                None => false,
            }
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
                _ if pos.has_legal_moves() => self.quick_search(&pos),
                _ => None,
            },
        };
        if let Some(mv) = mv.filter(|&mv| pos.is_legal(mv)) {
            self.out.line(&format!("Hint: {mv}"));
        }
    }

    fn quick_search(&mut self, pos: &Position) -> Option<Move> {
        let mut engine = self.engine.take()?;
        let control = SearchControl::new();
        let limits = Limits::movetime(HINT_TIME);
        let result = engine.search(pos, self.game.keys(), &limits, &control, &mut |_| {});
        self.engine = Some(engine);
        Some(result.best_move).filter(|mv| !mv.is_null())
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

/// Text safe inside `Error (...)`: no parentheses, no control characters,
/// not overly long.
fn plain(text: &str) -> String {
    text.chars()
        .take(120)
        .map(|c| match c {
            '(' => '[',
            ')' => ']',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect()
}
