//! The xboard (CECP v2) front end end to end: the real binary over pipes
//! (the protocol's behaviour is tested in `crates/xboard/tests`).

use outpost::{parse_uci_move, Position};
mod common;

use common::EngineProcess;
use std::io::Write;
use std::ops::{Deref, DerefMut};
use std::process::{Command, Stdio};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(10);

/// The engine after the xboard handshake, with a `ping` counter.
struct Engine {
    process: EngineProcess,
    pings: u32,
}

impl Deref for Engine {
    type Target = EngineProcess;
    fn deref(&self) -> &EngineProcess {
        &self.process
    }
}

impl DerefMut for Engine {
    fn deref_mut(&mut self) -> &mut EngineProcess {
        &mut self.process
    }
}

impl Engine {
    /// Starts the engine in xboard mode and reads its features.
    fn start() -> Engine {
        let mut engine = Engine {
            process: EngineProcess::spawn(),
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

    fn quit(self) -> std::process::ExitStatus {
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
fn end_of_input_finishes_the_move() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_outpost"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the engine");
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"xboard\nprotover 2\nnew\nsd 3\nusermove e2e4\n")
        .unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let mv = text
        .lines()
        .find_map(|l| l.strip_prefix("move "))
        .expect("a move");
    assert_legal(&after(Position::startpos(), &["e2e4"]), mv);
}
