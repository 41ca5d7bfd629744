//! The UCI front end end to end: the real binary over pipes (the
//! protocol's behaviour is tested in `crates/uci/tests`).

mod common;

use common::EngineProcess;
use std::ops::{Deref, DerefMut};
use std::time::Duration;

/// The engine after the UCI handshake.
struct Engine(EngineProcess);

impl Deref for Engine {
    type Target = EngineProcess;
    fn deref(&self) -> &EngineProcess {
        &self.0
    }
}

impl DerefMut for Engine {
    fn deref_mut(&mut self) -> &mut EngineProcess {
        &mut self.0
    }
}

impl Engine {
    fn start() -> Engine {
        let mut engine = Engine(EngineProcess::spawn());
        engine.send("uci");
        engine.expect("uciok", Duration::from_secs(30));
        engine
    }

    fn quit(self) -> std::process::ExitStatus {
        self.0.quit(Duration::from_secs(10))
    }
}

fn bestmove(lines: &[String]) -> &str {
    lines.last().unwrap().split_whitespace().nth(1).unwrap()
}

#[test]
fn handshake_lists_options() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.expect("uciok", Duration::from_secs(30));
    assert!(lines.iter().any(|l| l.starts_with("id name Outpost")));
    assert!(lines.iter().any(|l| l.starts_with("id author")));
    for option in [
        "Hash",
        "Threads",
        "MultiPV",
        "Ponder",
        "Clear Hash",
        "Move Overhead",
        "Contempt",
        "SearchDriver",
        "UCI_LimitStrength",
        "UCI_Elo",
        "Skill Level",
        "SyzygyPath",
        "SyzygyProbeDepth",
        "Syzygy50MoveRule",
        "SyzygyProbeLimit",
        "UCI_ShowWDL",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type"))),
            "{option}"
        );
    }
    engine.send("isready");
    engine.expect("readyok", Duration::from_secs(2));
    assert!(engine.quit().success());
}

#[test]
fn go_depth_gives_info_and_one_legal_bestmove() {
    let mut engine = Engine::start();
    engine.send("ucinewgame");
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go depth 6");
    let lines = engine.expect("bestmove", Duration::from_secs(20));
    let info: Vec<_> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(
        info.iter().any(|l| l.starts_with("info depth 6 ")),
        "{lines:?}"
    );
    for l in &info {
        if l.contains(" pv ") {
            for key in [
                "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time",
            ] {
                assert!(l.contains(&format!(" {key} ")), "{key} missing in {l}");
            }
        }
    }
    let mv = bestmove(&lines);
    assert!(mv.len() >= 4 && mv != "0000", "{mv}");
    // Nothing more after the bestmove.
    assert!(engine.drain(Duration::from_millis(300)).is_empty());
    assert!(engine.quit().success());
}

#[test]
fn quit_during_search_exits() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    assert!(engine.quit().success());
}
