//! The xboard (CECP v2) session, driven over in-memory pipes as a GUI drives it.

use outpost_board::Position;
use outpost_notation::{parse_fen, parse_uci_move};
use outpost_pipes::SessionPipes;
use std::ops::{Deref, DerefMut};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(10);

/// The engine after the xboard handshake, with a `ping` counter.
struct Engine {
    process: SessionPipes,
    pings: u32,
}

impl Deref for Engine {
    type Target = SessionPipes;
    fn deref(&self) -> &SessionPipes {
        &self.process
    }
}

impl DerefMut for Engine {
    fn deref_mut(&mut self) -> &mut SessionPipes {
        &mut self.process
    }
}

impl Engine {
    /// Starts the engine in xboard mode and reads its features.
    fn start() -> Engine {
        let mut engine = Engine {
            process: start_session(),
            pings: 0,
        };
        engine.send("xboard");
        engine.send("protover 2");
        engine.expect("feature done=1", WAIT);
        engine.send("accepted ping");
        engine
    }

    /// Sends `ping` and returns every line before the `pong`: what the
    /// commands sent before it printed.
    fn sync(&mut self) -> Vec<String> {
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        let ping = format!("ping {}", self.pings);
        self.send(&ping);
        let mut lines = self.expect(&pong, WAIT);
        lines.pop();
        lines
    }

    /// Waits for the engine's move and returns it.
    fn engine_move(&mut self) -> String {
        let lines = self.expect("move ", WAIT);
        lines.last().unwrap()["move ".len()..].to_string()
    }

    fn quit(self) -> outpost_pipes::Exit {
        self.process.quit(WAIT)
    }
}

/// The position after `moves` from `start`.
fn after(start: Position, moves: &[&str]) -> Position {
    moves.iter().fold(start, |pos, text| {
        pos.play(parse_uci_move(&pos, text).expect("a legal move"))
    })
}

fn assert_legal(pos: &Position, mv: &str) {
    assert!(parse_uci_move(pos, mv).is_ok(), "`{mv}` is not legal");
}

/// An xboard session on a thread of its own.
fn start_session() -> SessionPipes {
    SessionPipes::start(|input, output| match outpost_xboard::Session::new(output) {
        Ok(mut session) => session.run(input).is_ok(),
        Err(_) => false,
    })
}

#[test]
fn handshake_declares_the_features() {
    let mut engine = Engine::start();
    engine.send("protover 2");
    let lines = engine.expect("feature done=1", WAIT);
    let features: Vec<&str> = lines.iter().flat_map(|l| l.split_whitespace()).collect();
    for feature in [
        "ping=1",
        "setboard=1",
        "playother=1",
        "usermove=1",
        "time=1",
        "draw=1",
        "sigint=0",
        "sigterm=0",
        "reuse=1",
        "analyze=1",
        "colors=0",
        "name=1",
        "memory=1",
        "smp=1",
        "variants=\"normal,fischerandom\"",
        "egt=\"syzygy,outpost\"",
        "myname=\"Outpost",
    ] {
        assert!(features.contains(&feature), "{feature} missing: {lines:?}");
    }
    assert_eq!(lines.last().unwrap(), "feature done=1");
    // The strength levels, from the engine's options table.
    for option in [
        "feature option=\"UCI_LimitStrength -check 0\"",
        "feature option=\"UCI_Elo -spin 2600 600 2600\"",
        "feature option=\"Skill Level -spin 20 0 20\"",
    ] {
        assert!(
            lines.iter().any(|l| l == option),
            "{option} missing: {lines:?}"
        );
    }
    // Replies and information the engine takes silently.
    for line in [
        "accepted usermove",
        "rejected nps",
        "name Fairy-Max 5.0b",
        "rating 2100 1900",
        "computer",
        "random",
        "variant normal",
        "memory 32",
        "cores 1",
        "post",
        "nopost",
        "easy",
        "otim 1000",
        "option UCI_LimitStrength=1",
        "option UCI_Elo=1500",
        "option Skill Level=10",
        concat!(
            "egtpath syzygy ",
            env!("CARGO_MANIFEST_DIR"),
            "/../../data/syzygy"
        ),
    ] {
        engine.send(line);
    }
    assert_eq!(engine.sync(), Vec::<String>::new());
    // A table type the engine does not read, and a Syzygy directory that
    // does not exist: one error line each.
    for line in ["egtpath gaviota /tb", "egtpath syzygy /no/such/dir"] {
        engine.send(line);
        let lines = engine.sync();
        assert_eq!(lines.len(), 1, "{line}: {lines:?}");
        assert!(lines[0].starts_with("Error"), "{line}: {lines:?}");
    }
    // Out of range: one error line.
    engine.send("option UCI_Elo=100");
    let lines = engine.sync();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("Error"), "{lines:?}");
    // A weakened engine still plays legal moves.
    engine.send("new");
    engine.send("usermove e2e4");
    let reply = engine.engine_move();
    assert_legal(&after(Position::startpos(), &["e2e4"]), &reply);
    assert!(engine.quit().success());
}

#[test]
fn force_mode_takes_moves_of_both_sides_then_go_plays() {
    let mut engine = Engine::start();
    engine.send("new");
    engine.send("force");
    engine.send("e2e4"); // a bare move
    engine.send("usermove e7e5");
    engine.send("usermove g1f3");
    assert_eq!(engine.sync(), Vec::<String>::new(), "moved in force mode");
    engine.send("sd 3");
    engine.send("go");
    let mv = engine.engine_move();
    assert_legal(&after(Position::startpos(), &["e2e4", "e7e5", "g1f3"]), &mv);
    // The engine now plays Black: a White move gets an answer.
    engine.send("usermove d2d4");
    let reply = engine.engine_move();
    assert_legal(
        &after(Position::startpos(), &["e2e4", "e7e5", "g1f3", &mv, "d2d4"]),
        &reply,
    );
    assert!(engine.quit().success());
}

#[test]
fn new_game_engine_plays_black_and_playother() {
    let mut engine = Engine::start();
    engine.send("new");
    engine.send("st 0.2");
    engine.send("usermove e2e4");
    let mv = engine.engine_move();
    assert_legal(&after(Position::startpos(), &["e2e4"]), &mv);
    // playother: the engine takes the side not to move and waits.
    engine.send("new");
    engine.send("force");
    engine.send("usermove e2e4");
    engine.send("playother");
    assert_eq!(engine.sync(), Vec::<String>::new());
    engine.send("usermove e7e5");
    let mv = engine.engine_move();
    assert_legal(&after(Position::startpos(), &["e2e4", "e7e5"]), &mv);
    assert!(engine.quit().success());
}

#[test]
fn setboard_mate_is_played_and_claimed() {
    let mut engine = Engine::start();
    engine.send("new");
    engine.send("force");
    engine.send("setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    engine.send("sd 3");
    engine.send("post");
    engine.send("go");
    let lines = engine.expect("move ", WAIT);
    assert_eq!(lines.last().unwrap(), "move a1a8");
    // Thinking lines: ply score time nodes pv, mate in 1 as 100001.
    assert!(
        lines.iter().any(|l| l.starts_with("1 100001 ")),
        "no mate score in {lines:?}"
    );
    let claim = engine.sync();
    assert_eq!(claim, vec!["1-0 {White mates}"]);
    // A position where the side to move is already mated: go claims at once.
    engine.send("force");
    engine.send("setboard R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1");
    engine.send("go");
    assert_eq!(engine.sync(), vec!["1-0 {White mates}"]);
    engine.send("setboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    engine.send("go");
    assert_eq!(engine.sync(), vec!["1/2-1/2 {Stalemate}"]);
    assert!(engine.quit().success());
}

#[test]
fn undo_and_remove_take_moves_back() {
    let mut engine = Engine::start();
    engine.send("new");
    engine.send("force");
    for mv in ["e2e4", "e7e5", "g1f3"] {
        engine.send(&format!("usermove {mv}"));
    }
    engine.send("undo");
    engine.send("remove");
    assert_eq!(engine.sync(), Vec::<String>::new());
    // Back at the start: Black cannot move, White can.
    engine.send("usermove e7e5");
    let lines = engine.sync();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("Illegal move"), "{lines:?}");
    engine.send("usermove d2d4");
    assert_eq!(engine.sync(), Vec::<String>::new());
    // In a game: remove takes back the engine's reply and the user's move.
    engine.send("new");
    engine.send("sd 2");
    engine.send("usermove e2e4");
    engine.engine_move();
    engine.send("remove");
    engine.send("usermove d2d4");
    let reply = engine.engine_move();
    assert_legal(&after(Position::startpos(), &["d2d4"]), &reply);
    // Nothing left to take back past the start.
    engine.send("force");
    engine.send("remove");
    engine.send("remove");
    let lines = engine.sync();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("Error (command not legal now"),
        "{lines:?}"
    );
    assert!(engine.quit().success());
}

#[test]
fn analyze_mode_follows_the_position() {
    let mut engine = Engine::start();
    engine.send("new");
    engine.send("force");
    engine.send("post");
    engine.send("analyze");
    let lines = engine.expect("3 ", WAIT);
    assert!(lines.iter().all(|l| !l.starts_with("move")), "{lines:?}");
    engine.send("usermove e2e4");
    std::thread::sleep(Duration::from_millis(300));
    engine.send(".");
    let lines = engine.expect("stat01: ", WAIT);
    // After the move the analysis is of Black's replies.
    let black = after(Position::startpos(), &["e2e4"]);
    let stat = lines.last().unwrap();
    assert!((6..=7).contains(&stat.split_whitespace().count()), "{stat}");
    let fresh: Vec<&String> = lines
        .iter()
        .filter(|l| l.split_whitespace().nth(4).is_some_and(|m| m.len() >= 4))
        .collect();
    let last = fresh.last().expect("thinking lines after the move");
    assert_legal(&black, last.split_whitespace().nth(4).unwrap());
    engine.send("hint");
    let hint = engine.expect("Hint: ", WAIT);
    assert_legal(&black, &hint.last().unwrap()["Hint: ".len()..]);
    engine.send("undo");
    engine.send("setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    engine.expect("1 100001 ", WAIT);
    engine.send("exit");
    engine.sync();
    // Out of analyze mode: silence, and exit is refused.
    std::thread::sleep(Duration::from_millis(200));
    engine.send("exit");
    let lines = engine.sync();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("Error (command not legal now"));
    engine.send("analyze");
    engine.expect("1 ", WAIT);
    assert!(engine.quit().success(), "quit during analysis");
}

#[test]
fn time_controls_give_moves() {
    let mut engine = Engine::start();
    // Conventional: 40 moves in 2 seconds, then incremental, then per move.
    for (level, time) in [
        ("level 40 0:02 0", 200),
        ("level 0 0:01 0.1", 100),
        ("level 0 1 2", 100),
    ] {
        engine.send("new");
        engine.send(level);
        engine.send(&format!("time {time}"));
        engine.send(&format!("otim {time}"));
        engine.send("usermove e2e4");
        let mv = engine.engine_move();
        assert_legal(&after(Position::startpos(), &["e2e4"]), &mv);
    }
    engine.send("new");
    engine.send("st 0.3");
    engine.send("sd 64");
    engine.send("usermove d2d4");
    let mv = engine.engine_move();
    assert_legal(&after(Position::startpos(), &["d2d4"]), &mv);
    // A clock that has run out still gets a legal move.
    engine.send("new");
    engine.send("level 0 0:10 0");
    engine.send("time -5");
    engine.send("usermove c2c4");
    let mv = engine.engine_move();
    assert_legal(&after(Position::startpos(), &["c2c4"]), &mv);
    // `?` moves at once; a ping sent while thinking is answered after the move.
    engine.send("new");
    engine.send("st 60");
    engine.send("usermove g1f3");
    engine.send("ping 99");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("?");
    let lines = engine.expect("pong 99", WAIT);
    let moved = lines.iter().position(|l| l.starts_with("move "));
    assert_eq!(moved, Some(lines.len() - 2), "{lines:?}");
    assert!(engine.quit().success());
}

#[test]
fn pondering_continues_on_the_expected_move() {
    let mut engine = Engine::start();
    engine.send("new");
    engine.send("hard");
    engine.send("post");
    engine.send("level 0 0:02 0");
    engine.send("usermove e2e4");
    engine.expect("move ", WAIT);
    let hint = engine.expect("Hint: ", WAIT);
    let expected = hint.last().unwrap()["Hint: ".len()..].to_string();
    // Pings are answered at once while pondering.
    engine.sync();
    engine.send(&format!("usermove {expected}"));
    engine.engine_move();
    engine.send("easy");
    engine.sync();
    engine.send("force");
    assert!(engine.quit().success());
}

#[test]
fn edit_mode_sets_up_a_position() {
    let mut engine = Engine::start();
    engine.send("new");
    engine.send("force");
    for line in ["edit", "#", "Ke1", "Ra1", "Ph2", "c", "Ke8", "Pa7", "."] {
        engine.send(line);
    }
    assert_eq!(engine.sync(), Vec::<String>::new());
    // King and rook at home: castling is allowed.
    engine.send("usermove e1c1");
    assert_eq!(engine.sync(), Vec::<String>::new());
    // An impossible edit (no black king) is refused and changes nothing.
    for line in ["edit", "#", "Ke1", "."] {
        engine.send(line);
    }
    let lines = engine.sync();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("tellusererror Illegal position"));
    engine.send("usermove e8f7");
    assert_eq!(engine.sync(), Vec::<String>::new());
    assert!(engine.quit().success());
}

#[test]
fn draw_hint_book_result() {
    let mut engine = Engine::start();
    engine.send("new");
    engine.send("bk");
    let lines = engine.sync();
    assert_eq!(lines.last().map(String::as_str), Some(""), "{lines:?}");
    assert!(lines[..lines.len() - 1]
        .iter()
        .all(|l| l.starts_with(' ') || l.starts_with('\t')));
    engine.send("hint");
    let hint = engine.expect("Hint: ", WAIT);
    assert_legal(
        &Position::startpos(),
        &hint.last().unwrap()["Hint: ".len()..],
    );
    // Far ahead, the engine declines a draw (says nothing).
    engine.send("setboard 4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1");
    engine.send("sd 4");
    engine.send("go");
    engine.engine_move();
    engine.send("draw");
    let lines = engine.sync();
    assert!(lines.iter().all(|l| l != "offer draw"), "{lines:?}");
    // Far behind, it accepts.
    engine.send("setboard 4k3/8/8/8/8/8/8/qqq1K3 w - - 0 1");
    engine.send("go");
    engine.engine_move();
    engine.send("draw");
    assert_eq!(engine.sync(), vec!["offer draw"]);
    // After `result` the engine stops playing.
    engine.send("result 1/2-1/2 {Draw agreed}");
    engine.send("usermove e8e7");
    std::thread::sleep(Duration::from_millis(300));
    assert!(engine.sync().iter().all(|l| !l.starts_with("move")));
    assert!(engine.quit().success());
}

#[test]
fn bad_input_gets_one_error_line_and_keeps_state() {
    let mut engine = Engine::start();
    engine.send("new");
    engine.send("force");
    engine.send("usermove e2e4");
    engine.sync();
    for (bad, reply) in [
        ("frobnicate", "Error (unknown command): frobnicate"),
        ("level 40", "Error (missing argument"),
        ("level x 5 0", "Error (bad argument"),
        ("level 40 5:xx 0", "Error (bad argument"),
        ("level 1 2 3 4 5 6 7", "Error (too many parameters)"),
        ("st", "Error (missing argument"),
        ("sd 0", "Error (bad argument"),
        ("time soon", "Error (bad argument"),
        ("ping", "Error (missing argument"),
        ("memory lots", "Error (bad argument"),
        ("variant crazyhouse", "Error (unsupported variant"),
        (
            "usermove e2e4",
            "Illegal move (not legal in this position): e2e4",
        ),
        ("usermove e7e9", "Illegal move (not a move): e7e9"),
        ("e7e9", "Illegal move (not a move): e7e9"),
        (
            "usermove Nc3",
            "Illegal move (not legal in this position): Nc3",
        ),
        (
            "usermove 0000",
            "Illegal move (null moves are not played): 0000",
        ),
        (
            "setboard 8/8/8/8 w - - 0 1",
            "tellusererror Illegal position",
        ),
        (
            "setboard 4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
            "tellusererror Illegal position",
        ),
        ("setboard", "Error (missing argument"),
        ("exit", "Error (command not legal now"),
        ("edit", ""),
        ("Zz9", "Error (bad argument"),
        (".", ""),
    ] {
        engine.send(bad);
        let lines = engine.sync();
        if reply.is_empty() {
            assert!(lines.is_empty(), "{bad}: {lines:?}");
        } else {
            assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
            assert!(lines[0].starts_with(reply), "{bad}: {lines:?}");
        }
    }
    // The game is where it was: Black to move after 1. e4.
    engine.send("usermove e7e5");
    engine.send("usermove g1f3");
    assert_eq!(engine.sync(), Vec::<String>::new(), "state changed");
    // A move while the engine thinks is refused, and the search goes on.
    engine.send("st 0.5");
    engine.send("go");
    engine.send("usermove b8c6");
    let lines = engine.expect("move ", WAIT);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Illegal move (the engine is on move)")),
        "{lines:?}"
    );
    let pos = parse_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2").unwrap();
    assert_legal(&pos, &lines.last().unwrap()["move ".len()..]);
    assert!(engine.quit().success());
}

/// Fischer Random: `variant fischerandom`, positions by `setboard` (X-FEN
/// or Shredder-FEN castling), castling read as `O-O` or as the king taking
/// its rook, and written as `O-O-O`.
#[test]
fn fischerandom_castling_both_ways() {
    let mut engine = Engine::start();
    engine.send("new");
    engine.send("variant fischerandom");
    engine.send("force");
    // King on b1 between rooks on a1 and h1: O-O takes the king to g1 (only
    // from there can it step to h2 next).
    engine.send("setboard 4k3/8/8/8/8/8/8/RK5R w AH - 0 1");
    for mv in ["O-O", "e8d7", "g1h2"] {
        engine.send(&format!("usermove {mv}"));
    }
    assert_eq!(engine.sync(), Vec::<String>::new());
    // The king taking its rook castles long: the king lands on c1.
    engine.send("setboard 4k3/8/8/8/8/8/8/RK5R w KQ - 0 1");
    for mv in ["b1a1", "e8f7", "c1c2"] {
        engine.send(&format!("usermove {mv}"));
    }
    assert_eq!(engine.sync(), Vec::<String>::new());
    // Castling long is the only mate in one; the engine plays it as O-O-O.
    engine.send("setboard 2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1");
    engine.send("go");
    assert_eq!(engine.engine_move(), "O-O-O");
    // The game is over: the engine claims it.
    let claim = engine.sync();
    assert!(claim.iter().any(|l| l.starts_with("1-0")), "{claim:?}");
    engine.send("variant normal");
    engine.send("variant suicide");
    let lines = engine.sync();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("Error (unsupported variant"),
        "{lines:?}"
    );
    assert!(engine.quit().success());
}
