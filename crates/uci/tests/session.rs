//! The UCI session, driven over in-memory pipes as a GUI drives it.

use outpost_pipes::SessionPipes;
use std::ops::{Deref, DerefMut};
use std::time::{Duration, Instant};

/// The engine after the UCI handshake.
struct Engine(SessionPipes);

impl Deref for Engine {
    type Target = SessionPipes;
    fn deref(&self) -> &SessionPipes {
        &self.0
    }
}

impl DerefMut for Engine {
    fn deref_mut(&mut self) -> &mut SessionPipes {
        &mut self.0
    }
}

impl Engine {
    fn start() -> Engine {
        let mut engine = Engine(start_session());
        engine.send("uci");
        engine.expect("uciok", Duration::from_secs(5));
        engine
    }

    fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.expect("Checkers:", Duration::from_secs(5));
        let fen = lines.iter().find(|l| l.starts_with("Fen: ")).unwrap();
        fen.trim_start_matches("Fen: ").to_string()
    }

    fn quit(self) -> outpost_pipes::Exit {
        self.0.quit(Duration::from_secs(10))
    }
}

fn bestmove(lines: &[String]) -> &str {
    lines.last().unwrap().split_whitespace().nth(1).unwrap()
}

/// A UCI session on a thread of its own.
fn start_session() -> SessionPipes {
    SessionPipes::start(|input, output| match outpost_uci::Session::new(output) {
        Ok(mut session) => session.run(input).is_ok(),
        Err(_) => false,
    })
}

#[test]
fn handshake_lists_options() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.expect("uciok", Duration::from_secs(5));
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
fn infinite_waits_for_stop_and_isready_is_answered_meanwhile() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("isready");
    let lines = engine.expect("readyok", Duration::from_secs(2));
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "bestmove before stop: {lines:?}"
    );
    engine.send("stop");
    let lines = engine.expect("bestmove", Duration::from_secs(2));
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1
    );
    assert!(engine
        .drain(Duration::from_millis(300))
        .iter()
        .all(|l| !l.starts_with("bestmove")));
    assert!(engine.quit().success());
}

#[test]
fn stop_right_after_go() {
    let mut engine = Engine::start();
    for _ in 0..5 {
        engine.send("position startpos moves d2d4");
        engine.send("go infinite");
        engine.send("stop");
        let lines = engine.expect("bestmove", Duration::from_secs(3));
        assert_ne!(bestmove(&lines), "0000");
    }
    assert!(engine.quit().success());
}

#[test]
fn ponder_then_ponderhit() {
    let mut engine = Engine::start();
    engine.send("setoption name Ponder value true");
    engine.send("position startpos moves e2e4 e7e5 g1f3");
    engine.send("go ponder wtime 2000 btime 2000 winc 0 binc 0");
    assert!(engine
        .drain(Duration::from_millis(500))
        .iter()
        .all(|l| !l.starts_with("bestmove")));
    engine.send("ponderhit");
    let lines = engine.expect("bestmove", Duration::from_secs(3));
    assert!(bestmove(&lines).len() >= 4);
    assert!(engine.quit().success());
}

#[test]
fn quit_during_search_exits() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    assert!(engine.quit().success());
}

#[test]
fn limits_are_honoured() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go nodes 20000");
    let lines = engine.expect("bestmove", Duration::from_secs(10));
    assert_ne!(bestmove(&lines), "0000");
    let start = Instant::now();
    engine.send("go movetime 300");
    engine.expect("bestmove", Duration::from_secs(3));
    // 300 ms asked for; the bound (generous for a loaded machine) catches an
    // engine that ignores movetime.
    assert!(
        start.elapsed() < Duration::from_millis(1500),
        "{:?}",
        start.elapsed()
    );
    engine.send("go wtime 1000 btime 1000 winc 10 binc 10 movestogo 5");
    engine.expect("bestmove", Duration::from_secs(2));
    engine.send("position fen 8/2k5/8/8/8/8/8/1R1K3R w - - 0 1");
    engine.send("go mate 4");
    let lines = engine.expect("bestmove", Duration::from_secs(20));
    assert!(
        lines.iter().any(|l| l.contains("score mate 4")),
        "{lines:?}"
    );
    engine.send("position startpos");
    engine.send("go depth 3 searchmoves a2a3 h2h3");
    let lines = engine.expect("bestmove", Duration::from_secs(5));
    assert!(["a2a3", "h2h3"].contains(&bestmove(&lines)), "{lines:?}");
    assert!(engine.quit().success());
}

#[test]
fn multipv_lines() {
    let mut engine = Engine::start();
    engine.send("setoption name MultiPV value 3");
    engine.send("position startpos");
    engine.send("go depth 5");
    let lines = engine.expect("bestmove", Duration::from_secs(10));
    for k in 1..=3 {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info depth 5 ") && l.contains(&format!(" multipv {k} "))),
            "{k}: {lines:?}"
        );
    }
    assert!(engine.quit().success());
}

#[test]
fn bad_input_gets_one_error_line_and_keeps_state() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    let before = engine.fen();
    for bad in [
        "frobnicate",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
        "position startpos moves e2e4 e2e4",
        "position startpos moves e2e9",
        "position",
        "position fen",
        "setoption name Hash value 0",
        "setoption name Threads value lots",
        "setoption name Nonexistent value 3",
        "debug sometimes",
    ] {
        engine.send(bad);
        let lines = engine.drain(Duration::from_millis(150));
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
        assert!(
            lines[0].starts_with("info string error: "),
            "{bad}: {lines:?}"
        );
    }
    assert_eq!(engine.fen(), before, "state changed by bad input");
    engine.send("go depth 4");
    let lines = engine.expect("bestmove", Duration::from_secs(5));
    assert_ne!(bestmove(&lines), "0000");
    // Options that need an idle engine are refused while it searches.
    engine.send("go infinite");
    engine.send("setoption name Hash value 32");
    let lines = engine.expect("info string error", Duration::from_secs(2));
    assert!(lines.last().unwrap().contains("searching"));
    engine.send("stop");
    engine.expect("bestmove", Duration::from_secs(2));
    assert!(engine.quit().success());
}

#[test]
fn every_go_ends_in_exactly_one_bestmove() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    for go in [
        "go depth abc",
        "go movetime",
        "go nodes -5",
        "go depth 99999999999 movetime 200",
        "go wtime 99999999999999999999 btime 1000 winc 0 binc 0 movestogo 1",
        "go foo bar baz depth 2",
        "go depth 3 searchmoves e2e5 zzzz",
        "go depth 3 searchmoves d7d5 zzzz",
    ] {
        engine.send(go);
        if !go.contains("depth 2") && !go.contains("depth 3") && !go.contains("movetime 200") {
            // No usable limit: it searches until told to stop.
            std::thread::sleep(Duration::from_millis(100));
            engine.send("stop");
        }
        let lines = engine.expect("bestmove", Duration::from_secs(20));
        assert!(
            lines.iter().any(|l| l.starts_with("info string ")),
            "{go}: a note names what was ignored: {lines:?}"
        );
        assert!(
            !lines.iter().any(|l| l.starts_with("info string error")),
            "{go}: {lines:?}"
        );
        let best = bestmove(&lines);
        assert_ne!(best, "0000", "{go}");
        if go.contains("d7d5") {
            assert_eq!(best, "d7d5", "searchmoves keeps the legal entries");
        }
        // Nothing more for this `go`.
        let rest = engine.drain(Duration::from_millis(100));
        assert!(
            !rest.iter().any(|l| l.starts_with("bestmove")),
            "{go}: {rest:?}"
        );
    }
    // Unknown leading words are skipped, as the specification asks.
    engine.send("joho isready");
    engine.expect("readyok", Duration::from_secs(2));
    assert!(engine.quit().success());
}

#[test]
fn own_book_moves_are_announced_and_bad_books_refused() {
    let pgn =
        "[Result \"1-0\"]\n\n1. d4 Nf6 2. c4 1-0\n\n[Result \"1-0\"]\n\n1. d4 Nf6 2. c4 1-0\n";
    let built = outpost_book::build_book(
        pgn.as_bytes(),
        &outpost_book::BuildOptions {
            min_games: 1,
            ..Default::default()
        },
        |_| {},
    )
    .unwrap();
    let path = std::env::temp_dir().join(format!("outpost-uci-book-{}.bin", std::process::id()));
    built.save(&path).unwrap();
    let mut engine = Engine::start();
    engine.send("setoption name OwnBook value true");
    engine.send(&format!("setoption name BookFile value {}", path.display()));
    engine.send("position startpos");
    engine.send("go wtime 1000 btime 1000");
    let lines = engine.expect("bestmove", Duration::from_secs(5));
    assert_eq!(
        lines,
        ["info string book move d2d4 weight 4", "bestmove d2d4"],
        "{lines:?}"
    );
    engine.send("position startpos moves d2d4 g8f6 c2c4 e7e6");
    engine.send("go depth 3");
    let lines = engine.expect("bestmove", Duration::from_secs(5));
    assert!(!lines.iter().any(|l| l.contains("book move")), "{lines:?}");
    engine.send("setoption name BookFile value /no/such/book.bin");
    let lines = engine.expect("info string error", Duration::from_secs(2));
    assert!(
        lines.last().unwrap().contains("no opening book"),
        "{lines:?}"
    );
    engine.send("position startpos");
    engine.send("go depth 3");
    let lines = engine.expect("bestmove", Duration::from_secs(5));
    assert!(!lines.iter().any(|l| l.contains("book move")), "{lines:?}");
    assert!(engine.quit().success());
    let _ = std::fs::remove_file(path);
}

#[test]
fn extensions_d_eval_perft_bench() {
    let mut engine = Engine::start();
    engine.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
    engine.send("go perft 3");
    let lines = engine.expect("Nodes searched", Duration::from_secs(10));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 97862");
    engine.send("eval");
    let lines = engine.drain(Duration::from_millis(500));
    assert!(lines.len() > 5, "{lines:?}");
    engine.send("bench 3");
    let lines = engine.expect("Nodes/second", Duration::from_secs(30));
    assert!(lines.iter().any(|l| l.starts_with("Nodes searched")));
    assert!(engine.quit().success());
}

#[test]
fn mated_position_answers_null_move() {
    let mut engine = Engine::start();
    engine.send("position fen R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1");
    engine.send("go depth 3");
    let lines = engine.expect("bestmove", Duration::from_secs(5));
    assert_eq!(bestmove(&lines), "0000");
    assert!(engine.quit().success());
}

/// `UCI_Chess960`: castling read and written as the king taking its rook,
/// X-FEN and Shredder-FEN positions, `go perft` in that notation.
#[test]
fn chess960_mode() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Chess960 value true");
    // Chess960 #0 (BBQNNRKR); after the knights and queens step out,
    // castling long is open: the king on g1 takes the f1 rook and lands
    // on c1, the rook on d1.
    engine.send("position fen bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1 moves d1e3 d8e6 e1d3 e8d6 c2c3 c7c6 c1c2 c8c7");
    assert_eq!(
        engine.fen(),
        "bb3rkr/ppqppppp/2pnn3/8/8/2PNN3/PPQPPPPP/BB3RKR w KQkq - 2 5"
    );
    engine.send("go perft 1");
    let lines = engine.expect("Nodes searched", Duration::from_secs(10));
    assert!(lines.iter().any(|l| l == "g1f1: 1"), "{lines:?}");
    engine.send(
        "position fen bb3rkr/ppqppppp/2pnn3/8/8/2PNN3/PPQPPPPP/BB3RKR w HFhf - 2 5 moves g1f1",
    );
    assert_eq!(
        engine.fen(),
        "bb3rkr/ppqppppp/2pnn3/8/8/2PNN3/PPQPPPPP/BBKR3R b kq - 3 5"
    );
    // The standard spelling of that castling, g1c1, is not read in Chess960 mode.
    engine.send(
        "position fen bb3rkr/ppqppppp/2pnn3/8/8/2PNN3/PPQPPPPP/BB3RKR w HFhf - 2 5 moves g1c1",
    );
    let lines = engine.drain(Duration::from_millis(300));
    assert!(lines.iter().any(|l| l.contains("g1c1")), "{lines:?}");
    // Castling long is the only mate in one; it comes as the king taking its rook.
    engine.send("position fen 2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1");
    engine.send("go depth 3");
    let lines = engine.expect("bestmove", Duration::from_secs(10));
    assert_eq!(bestmove(&lines), "b1a1", "{lines:?}");
    // In standard mode the same move reads and prints as the king's step.
    engine.send("setoption name UCI_Chess960 value false");
    engine.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1");
    assert_eq!(engine.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    assert!(engine.quit().success());
}

#[test]
fn the_network_is_chosen_by_options_and_bad_files_are_refused() {
    let dir = std::env::temp_dir().join(format!("outpost-uci-nnue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.expect("uciok", Duration::from_secs(2));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name UseNNUE type check default")));
    assert!(lines
        .iter()
        .any(|l| l == "option name EvalFile type string default <empty>"));

    // The built-in network: `eval` shows its score too, and it searches.
    engine.send("setoption name UseNNUE value true");
    engine.send("position startpos moves e2e4");
    engine.send("eval");
    let lines = engine.expect("NNUE evaluation", Duration::from_secs(2));
    assert!(
        lines.last().unwrap().ends_with("(White's point of view)"),
        "{lines:?}"
    );
    engine.send("go depth 6");
    engine.expect("bestmove", Duration::from_secs(10));

    // A file that is not a network, a damaged one, a missing one: each is
    // an error on the protocol's channel, and the engine plays on with the
    // network it had.
    let junk = dir.join("junk.nnue");
    std::fs::write(&junk, b"not a network at all").unwrap();
    let damaged = dir.join("damaged.nnue");
    let mut bytes = outpost_nnue::default_network().to_bytes();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&damaged, &bytes).unwrap();
    for (path, says) in [
        (junk.display().to_string(), "not an Outpost network"),
        (damaged.display().to_string(), "corrupted"),
        ("/no/such/net.nnue".to_string(), "cannot read"),
    ] {
        engine.send(&format!("setoption name EvalFile value {path}"));
        let lines = engine.expect("info string error", Duration::from_secs(2));
        assert!(lines.last().unwrap().contains(says), "{lines:?}");
        engine.send("go depth 4");
        engine.expect("bestmove", Duration::from_secs(10));
    }
    // A good file is taken.
    let good = dir.join("good.nnue");
    std::fs::write(&good, outpost_nnue::default_network().to_bytes()).unwrap();
    engine.send(&format!("setoption name EvalFile value {}", good.display()));
    engine.send("isready");
    let lines = engine.expect("readyok", Duration::from_secs(5));
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    engine.send("setoption name UseNNUE value false");
    engine.send("eval");
    let lines = engine.drain(Duration::from_millis(500));
    assert!(!lines.iter().any(|l| l.contains("NNUE")), "{lines:?}");
    assert!(engine.quit().success());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn syzygy_tables_give_tbhits_and_wdl_and_bad_paths_one_error() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/syzygy");
    let mut engine = Engine::start();
    // A path list with a missing entry: one error line, the rest used.
    engine.send(&format!(
        "setoption name SyzygyPath value {dir}{}/no/such/dir",
        if cfg!(windows) { ";" } else { ":" }
    ));
    engine.send("isready");
    let lines = engine.expect("readyok", Duration::from_secs(5));
    let errors: Vec<_> = lines.iter().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), 1, "{lines:?}");
    assert!(errors[0].starts_with("info string error: Syzygy tables: cannot read Syzygy directory"));
    engine.send("setoption name UCI_ShowWDL value true");
    // KQvKR, White wins.
    engine.send("position fen 8/8/8/8/2kr4/K7/8/Q7 w - - 0 1");
    engine.send("go depth 8");
    let lines = engine.expect("bestmove", Duration::from_secs(20));
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    assert!(last_info.contains(" tbhits "), "{last_info}");
    let wdl: Vec<u32> = last_info
        .split(" wdl ")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .take(3)
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(wdl.iter().sum::<u32>(), 1000, "{last_info}");
    assert!(wdl[0] > wdl[2], "{last_info}");
    // The tables off again: no more tbhits.
    engine.send("setoption name SyzygyPath value <empty>");
    engine.send("setoption name UCI_ShowWDL value false");
    engine.send("position fen 8/8/8/8/2kr4/K7/8/Q7 w - - 0 1");
    engine.send("go depth 6");
    let lines = engine.expect("bestmove", Duration::from_secs(20));
    assert!(!lines.iter().any(|l| l.contains(" wdl ")), "{lines:?}");
    assert!(engine.quit().success());
}
