//! An xboard session: CECP read into commands for the engine layer's
//! [`LineDriver`] (a game controller with its engine), and what the driver
//! does written back as CECP.
//!
//! The driver's inbox takes input lines and the ends of searches one at a
//! time, so the game only ever changes on the session's thread; a search
//! prints its thinking lines itself from the search's main thread.

use crate::command::{Command, EditCommand};
use crate::edit::EditBoard;
use crate::thinking::{move_text, option_feature, thinking_line};
use crate::XboardError;
use outpost_board::Move;
use outpost_engine::{
    one_line, parse_option, ControlError, Effect, Engine, EngineError, EngineSettings, FrontEnd,
    GameController, LineDriver, LineOutput, Mode, OptionSetting, Outcome, Purpose, SearchEvent,
    Timing, ENGINE_NAME,
};
use outpost_notation::parse_fen;
use outpost_search::Report;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// An xboard session over any output; input comes through [`Session::run`].
pub struct Session<W: Write + Send + 'static> {
    driver: LineDriver,
    view: View<W>,
    edit: Option<EditBoard>,
}

/// What the GUI sees: the output, and what decides what is written.
struct View<W: Write + Send + 'static> {
    out: LineOutput<W>,
    post: Arc<AtomicBool>,
    /// `pong` replies held back until the engine has moved.
    pending_pongs: Vec<String>,
    /// Castling written as `O-O` (`variant fischerandom`).
    chess960: bool,
}

impl<W: Write + Send + 'static> Session<W> {
    /// A session writing to `output`, as after `new`: the start position,
    /// the engine playing Black, 40 moves in 5 minutes.
    ///
    /// # Errors
    /// When the search thread cannot be started.
    pub fn new(output: W) -> Result<Session<W>, EngineError> {
        let engine = Engine::new(EngineSettings::default())?;
        Ok(Session {
            driver: LineDriver::new(GameController::new(Timing::default()), engine),
            view: View {
                out: LineOutput::new(output),
                post: Arc::new(AtomicBool::new(false)),
                pending_pongs: Vec::new(),
                chess960: false,
            },
            edit: None,
        })
    }

    /// Reads and runs commands until `quit` or the end of the input. At the
    /// end of the input a search for the engine's move is finished and the
    /// move printed; pondering and analysis stop.
    pub fn run<R: BufRead + Send + 'static>(&mut self, input: R) -> io::Result<()> {
        self.driver.listen(input, &mut self.view)?;
        let mut failure = Ok(());
        while let Some(line) = self.driver.next_line(&mut self.view) {
            match line {
                Ok(line) if !self.execute(&line) => break,
                Ok(_) => {}
                Err(err) => failure = Err(err),
            }
        }
        self.driver.halt(&mut self.view);
        failure
    }

    /// The output, once the session is over.
    pub fn into_output(self) -> Option<W> {
        let Session { driver, view, .. } = self;
        // The engine's main search thread may hold the output until it is gone.
        drop(driver);
        view.out.into_inner()
    }

    /// Runs one line; returns `false` after `quit`.
    fn execute(&mut self, line: &str) -> bool {
        let line = line.trim();
        let result = match (line.parse::<Command>(), self.edit.is_some()) {
            _ if line.is_empty() => Ok(()),
            (Ok(Command::Quit), _) => return false,
            // Edit mode takes only its own lines, and `ping` and `quit`.
            (Ok(command @ Command::Ping(_)), _) | (Ok(command), false) => self.run_command(command),
            (Err(err), false) => Err(err),
            (_, true) => line.parse().map(|command| self.edit(command)),
        };
        if let Err(err) = result {
            self.view.report(line, &err);
        }
        true
    }

    /// Runs a command: those that move the game go to the controller and
    /// its actions are carried out; the others change the session.
    fn run_command(&mut self, command: Command) -> Result<(), XboardError> {
        let chess960 = self.view.chess960;
        let controller = self.driver.controller_mut();
        let actions = match command {
            Command::New => {
                self.edit = None;
                let actions = self.driver.new_game(&mut self.view);
                // `new` resets the variant; a `variant` command follows if wanted.
                self.set_option(parse_option("UCI_Chess960", Some("false"))?)?;
                actions
            }
            Command::Force => controller.force(),
            Command::Go => controller.go(),
            Command::PlayOther => controller.play_other(),
            Command::SideToMove(color) => controller.set_side_to_move(color)?,
            Command::UserMove(text) => match controller.user_move_text(&text, chess960) {
                Err(ControlError::IllegalMove { reason }) => {
                    let reason = reason.to_string();
                    return Err(XboardError::IllegalMove { text, reason });
                }
                other => other?,
            },
            Command::MoveNow => controller.move_now().into_iter().collect(),
            Command::Result => controller.set_mode(Mode::Force),
            Command::SetBoard(fen) => controller.set_position(parse_fen(&fen)?),
            Command::TakeBack(plies) => controller.take_back(plies)?,
            Command::Analyze => controller.set_mode(Mode::Analyze),
            Command::Exit => controller.exit_analysis()?,
            other => return self.change_session(other),
        };
        self.driver.act(actions, &mut self.view);
        Ok(())
    }

    /// Runs a command that does not move the game.
    fn change_session(&mut self, command: Command) -> Result<(), XboardError> {
        let controller = self.driver.controller_mut();
        let view = &mut self.view;
        match command {
            Command::Protover(_) => view.features(),
            Command::Level(level) => {
                let plies = controller.game().plies();
                controller.engine_clock().set_level(level, plies);
            }
            Command::St(time) => controller.engine_clock().set_per_move(time),
            Command::Sd(depth) => controller.engine_clock().set_depth(Some(depth)),
            Command::Time(time) => controller.engine_clock().report_own(time),
            Command::Ping(n) if controller.thinking() => view.pending_pongs.push(n),
            Command::Ping(n) => view.out.line(&format!("pong {n}")),
            Command::Draw if controller.accepts_draw() => view.out.line("offer draw"),
            Command::Edit => {
                self.driver.halt(&mut self.view);
                let pos = self.driver.controller().game().position();
                self.edit = Some(EditBoard::new(pos));
            }
            Command::Hint => {
                if let Some(mv) = self.driver.hint() {
                    self.view.out.line(&format!("Hint: {}", self.view.text(mv)));
                }
            }
            Command::Book => {
                let moves = self.driver.book_moves();
                if moves.is_empty() {
                    view.out.line(" no book moves in this position");
                }
                for m in moves {
                    view.out.line(&format!(" {} {}", view.text(m.mv), m.weight));
                }
                view.out.line("");
            }
            Command::Post(on) => view.post.store(on, Ordering::Relaxed),
            Command::Status => self.status(),
            Command::Option { name, value } => {
                let setting = parse_option(&name, value.as_deref())?;
                // Hash and Threads are sent before every game: set only
                // what changes, halting only for what a search must not see.
                if self.driver.engine().changes(&setting) {
                    if setting.def.effect != Effect::NextSearch {
                        self.driver.halt(&mut self.view);
                    }
                    self.set_option(setting)?;
                }
            }
            // `quit`, ignored commands, an offer the engine declines.
            _ => {}
        }
        Ok(())
    }

    /// Applies an option (the search must be idle unless only the next
    /// search reads it).
    fn set_option(&mut self, setting: OptionSetting) -> Result<(), XboardError> {
        self.driver.set_option(&setting, &mut self.view)?;
        self.view.chess960 = self.driver.engine().settings().chess960;
        Ok(())
    }

    /// `.`: the analysis status line.
    fn status(&self) {
        let controller = self.driver.controller();
        if controller.running().map(|r| r.purpose) != Some(Purpose::Analyze) {
            return;
        }
        let progress = self.driver.engine().progress();
        let total = controller.game().position().count_legal_moves();
        let (searched, name) = progress
            .current
            .map_or((0, String::new()), |(mv, n)| (n, format!(" {mv}")));
        let (nodes, depth) = (progress.nodes, progress.depth);
        let (time, left) = (
            progress.started.elapsed().as_millis() / 10,
            total - searched.min(total),
        );
        self.view.out.line(&format!(
            "stat01: {time} {nodes} {depth} {left} {total}{name}"
        ));
    }

    /// A line of the legacy edit mode.
    fn edit(&mut self, command: EditCommand) {
        let Some(built) = self.edit.as_mut().and_then(|edit| edit.apply(command)) else {
            return;
        };
        self.edit = None;
        let controller = self.driver.controller_mut();
        let actions = match built {
            Ok(pos) => controller.set_position(pos),
            Err(err) => {
                self.view.report(".", &ControlError::Position(err).into());
                // Analysis goes on in the position before `edit`.
                match controller.mode() {
                    Mode::Analyze => controller.set_mode(Mode::Analyze),
                    _ => Vec::new(),
                }
            }
        };
        self.driver.act(actions, &mut self.view);
    }
}

impl<W: Write + Send + 'static> View<W> {
    /// A move as the GUI writes it.
    fn text(&self, mv: Move) -> String {
        move_text(mv, self.chess960)
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

    fn features(&self) {
        self.out.line(
            "feature ping=1 setboard=1 playother=1 usermove=1 time=1 draw=1 sigint=0 sigterm=0 \
             reuse=1 analyze=1 colors=0 name=1 memory=1 smp=1 nps=0",
        );
        self.out.line(&format!(
            "feature myname=\"{ENGINE_NAME}\" variants=\"normal,fischerandom\" \
             egt=\"syzygy,outpost\""
        ));
        for def in &outpost_engine::options() {
            if let Some(feature) = option_feature(def) {
                self.out.line(&feature);
            }
        }
        self.out.line("feature done=1");
    }
}

impl<W: Write + Send + 'static> FrontEnd for View<W> {
    /// Thinking lines when `post` is on (always in analysis), the book's
    /// and the tables' moves as comments, notes as `telluser`.
    fn thinking(&mut self, purpose: Purpose) -> Box<dyn FnMut(SearchEvent) + Send> {
        let (out, post, chess960) = (self.out.clone(), Arc::clone(&self.post), self.chess960);
        if let (Purpose::Ponder(mv), true) = (purpose, post.load(Ordering::Relaxed)) {
            // Thinking lines start after the expected move; the protocol
            // asks for it to be announced first.
            out.line(&format!("Hint: {}", self.text(mv)));
        }
        let analyzing = purpose == Purpose::Analyze;
        Box::new(move |event| {
            let posting = post.load(Ordering::Relaxed);
            let text = |mv| move_text(mv, chess960);
            let line = match event {
                SearchEvent::Report(Report::Pv(pv))
                    if pv.multipv == 1 && (analyzing || posting) =>
                {
                    thinking_line(&pv, chess960)
                }
                SearchEvent::TableMove(c) if posting => {
                    format!("# endgame tables: {} keeps a {:?}", text(c.mv), c.dtm)
                }
                SearchEvent::BookMove(c) if posting => {
                    format!("# book move {} weight {}", text(c.mv), c.weight)
                }
                SearchEvent::Info(text) => format!("telluser {}", plain(&text)),
                _ => return,
            };
            out.line(&line);
        })
    }

    fn play(&mut self, mv: Move, claim_follows: bool) {
        self.out.line(&format!("move {}", self.text(mv)));
        // Held pings are answered after the move and its claim.
        if !claim_follows {
            self.halted();
        }
    }

    fn claim(&mut self, outcome: &Outcome) {
        let (result, why) = (outcome.result(), outcome.description());
        self.out.line(&format!("{result} {{{why}}}"));
        self.halted();
    }

    /// Answers the held pings.
    fn halted(&mut self) {
        for n in std::mem::take(&mut self.pending_pongs) {
            self.out.line(&format!("pong {n}"));
        }
    }

    fn failed(&mut self, error: &EngineError) {
        let why = plain(&error.to_string());
        self.out
            .line(&format!("tellusererror cannot start a search: {why}"));
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
