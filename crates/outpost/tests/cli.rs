//! Sessions with the real `outpost` binary over pipes.

use std::io::{Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
const STARTPOS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
const ERROR_PREFIX: &str = "info string error: ";

/// What the engine printed and how it ended.
struct Session {
    stdout: String,
    stderr: String,
    status: ExitStatus,
}

impl Session {
    fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }

    fn error_lines(&self) -> Vec<&str> {
        self.stdout
            .lines()
            .filter(|l| l.starts_with(ERROR_PREFIX))
            .collect()
    }

    /// The numbers of every `Nodes searched:` line, in order.
    fn node_totals(&self) -> Vec<u64> {
        self.stdout
            .lines()
            .filter_map(|l| l.strip_prefix("Nodes searched: "))
            .map(|n| n.parse().unwrap())
            .collect()
    }

    /// The values of every `Fen:` line of `d`, in order.
    fn fens(&self) -> Vec<&str> {
        self.stdout
            .lines()
            .filter_map(|l| l.strip_prefix("Fen: "))
            .collect()
    }

    /// The values of every `Key:` line of `d`, in order.
    fn keys(&self) -> Vec<&str> {
        self.stdout
            .lines()
            .filter_map(|l| l.strip_prefix("Key: "))
            .collect()
    }

    fn assert_clean_exit(&self) {
        assert!(
            self.status.success(),
            "status {:?}\nstdout:\n{}\nstderr:\n{}",
            self.status,
            self.stdout,
            self.stderr
        );
        assert!(
            !self.stderr.contains("panicked"),
            "stderr:\n{}",
            self.stderr
        );
    }
}

/// Runs the engine with `input` on its standard input, closed afterwards.
fn session(input: impl Into<Vec<u8>>) -> Session {
    let mut child = Command::new(env!("CARGO_BIN_EXE_outpost"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starting the engine");
    let input = input.into();
    let mut stdin = child.stdin.take().unwrap();
    // The engine may stop reading early (`quit`), so write errors are expected.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().unwrap();
    let out_reader = thread::spawn(move || {
        let mut buf = Vec::new();
        stdout.read_to_end(&mut buf).map(|_| buf)
    });
    let mut stderr = child.stderr.take().unwrap();
    let err_reader = thread::spawn(move || {
        let mut buf = Vec::new();
        stderr.read_to_end(&mut buf).map(|_| buf)
    });
    let deadline = Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the engine did not finish within two minutes");
        }
        thread::sleep(Duration::from_millis(5));
    };
    writer.join().unwrap();
    let stdout = out_reader.join().unwrap().unwrap();
    let stderr = err_reader.join().unwrap().unwrap();
    Session {
        stdout: String::from_utf8(stdout).expect("the engine prints UTF-8"),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        status,
    }
}

/// The `<move>: <count>` lines of one perft answer, checked to add up to its total.
fn perft_split(output: &str) -> Vec<(String, u64)> {
    let (moves, total) = output
        .split_once("\n\nNodes searched: ")
        .unwrap_or_else(|| panic!("no total in:\n{output}"));
    let split: Vec<(String, u64)> = moves
        .lines()
        .map(|l| {
            let (mv, n) = l
                .split_once(": ")
                .unwrap_or_else(|| panic!("bad line {l:?}"));
            (mv.to_string(), n.parse().unwrap())
        })
        .collect();
    let total: u64 = total.trim().parse().unwrap();
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), total);
    split
}

#[test]
fn startpos_perft_totals() {
    let s = session("go perft 1\ngo perft 2\ngo perft 3\ngo perft 4\n");
    s.assert_clean_exit();
    assert_eq!(s.node_totals(), [20, 400, 8_902, 197_281]);
    assert!(s.error_lines().is_empty());
}

#[test]
fn startpos_perft_per_move_lines() {
    let s = session("position startpos\ngo perft 1\n");
    s.assert_clean_exit();
    let split = perft_split(&s.stdout);
    let moves: Vec<&str> = split.iter().map(|(m, _)| m.as_str()).collect();
    let mut expected = vec![
        "a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4", "f2f3",
        "f2f4", "g2g3", "g2g4", "h2h3", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3",
    ];
    expected.sort();
    assert_eq!(
        moves, expected,
        "moves are listed in the order of their text"
    );
    assert!(split.iter().all(|&(_, n)| n == 1));
    assert_eq!(s.stdout.lines().nth(20), Some(""));
    assert_eq!(s.stdout.lines().nth(21), Some("Nodes searched: 20"));

    let s = session("go perft 3\n");
    s.assert_clean_exit();
    let split = perft_split(&s.stdout);
    assert_eq!(split.len(), 20);
    // Reference counts from Stockfish's `go perft 3`.
    for (mv, count) in [
        ("a2a3", 380),
        ("b1c3", 440),
        ("d2d4", 560),
        ("e2e4", 600),
        ("g1f3", 440),
        ("h2h4", 420),
    ] {
        assert!(split.contains(&(mv.to_string(), count)), "{mv}: {count}");
    }
}

#[test]
fn perft_depth_zero_counts_the_root() {
    let s = session("go perft 0\n");
    s.assert_clean_exit();
    assert_eq!(s.stdout, "\nNodes searched: 1\n");
}

#[test]
fn kiwipete_perft_3() {
    let s = session(format!("position fen {KIWIPETE}\ngo perft 3\n"));
    s.assert_clean_exit();
    assert!(s.error_lines().is_empty(), "{}", s.stdout);
    let split = perft_split(&s.stdout);
    assert_eq!(split.len(), 48);
    assert_eq!(s.node_totals(), [97_862]);
    assert!(split.contains(&("e1g1".to_string(), 2_059)));
    assert!(split.contains(&("e1c1".to_string(), 1_887)));
}

#[test]
fn position_with_moves_then_d() {
    let s = session("position startpos moves e2e4 e7e5\nd\n");
    s.assert_clean_exit();
    assert_eq!(
        s.fens(),
        ["rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"]
    );
    let lines = s.lines();
    assert_eq!(lines[0], " +---+---+---+---+---+---+---+---+");
    assert_eq!(lines[1], " | r | n | b | q | k | b | n | r | 8");
    assert_eq!(lines[9], " |   |   |   |   | P |   |   |   | 4");
    assert_eq!(lines[16], " +---+---+---+---+---+---+---+---+");
    assert_eq!(lines[17], "   a   b   c   d   e   f   g   h");
    assert_eq!(lines[18], "");
    assert!(lines[20].starts_with("Key: "));
    assert_eq!(lines[21], "Checkers:");
    assert_eq!(lines.len(), 22);
}

#[test]
fn d_shows_key_and_checkers() {
    let s = session(
        "d\n\
         position startpos moves g1f3 g8f6 f3g1 f6g8\nd\n\
         position startpos moves e2e4 f7f6 d1h5\nd\n\
         position fen 4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1\nd\n",
    );
    s.assert_clean_exit();
    let keys = s.keys();
    assert_eq!(keys.len(), 4);
    for key in &keys {
        assert_eq!(key.len(), 16, "{key}");
        assert!(
            key.chars()
                .all(|c| c.is_ascii_digit() || ('A'..='F').contains(&c)),
            "{key}"
        );
    }
    // The knights' round trip changes the clocks but not the key.
    assert_eq!(keys[0], keys[1]);
    assert_ne!(keys[0], keys[2]);
    assert_eq!(
        s.fens()[1],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3"
    );
    let checkers: Vec<&str> = s
        .stdout
        .lines()
        .filter(|l| l.starts_with("Checkers:"))
        .collect();
    assert_eq!(
        checkers,
        ["Checkers:", "Checkers:", "Checkers: h5", "Checkers: a1 f3"]
    );
}

#[test]
fn bad_fen_keeps_previous_position() {
    let s = session(format!(
        "position startpos moves e2e4\n\
         position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\n\
         position fen 8/8/8 w - -\n\
         position fen 8/8/8/8/8/8/8/8 w - -\n\
         position fen {STARTPOS_FEN} extra\n\
         position fen 4k3/8/8/8/8/8/8/4K2R w KQ - 0 1\n\
         position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 0\n\
         d\n"
    ));
    s.assert_clean_exit();
    assert_eq!(s.error_lines().len(), 6, "{}", s.stdout);
    assert_eq!(s.fens(), [AFTER_E4]);
}

#[test]
fn illegal_move_keeps_previous_position() {
    let s = session(
        "position startpos moves e2e4\n\
         position startpos moves d2d4 d7d5 e1d2 e8d7 d4d5\n\
         position startpos moves d2d4 e2e5\n\
         position startpos moves e7e5\n\
         position startpos moves d2d4 zz99\n\
         position startpos moves e2e4 0000 0000 e1g1\n\
         position startpos moves e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7 e8f7\n\
         d\n\
         go perft 1\n",
    );
    s.assert_clean_exit();
    let errors = s.error_lines();
    assert_eq!(errors.len(), 6, "{}", s.stdout);
    assert!(errors[0].contains("move 5 of the list"), "{}", errors[0]);
    assert!(errors[0].contains("`d4d5`"), "{}", errors[0]);
    assert!(errors[3].contains("malformed"), "{}", errors[3]);
    assert_eq!(s.fens(), [AFTER_E4]);
    assert_eq!(s.node_totals(), [20]);
}

#[test]
fn null_move_in_move_list_passes() {
    let s = session("position startpos moves e2e4 0000\nd\n");
    s.assert_clean_exit();
    assert_eq!(
        s.fens(),
        ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"]
    );
}

#[test]
fn malformed_lines_get_one_error_each_and_change_nothing() {
    let long_line = format!("{}\n", "position startpos moves ".repeat(50_000));
    let long_garbage = format!("{}\n", "x".repeat(1 << 20));
    let long_moves = format!(
        "position startpos moves {}\n",
        "g1f3 g8f6 f3g1 f6g8 ".repeat(2_000)
    );
    let bad_lines: Vec<Vec<u8>> = vec![
        b"hello".to_vec(),
        b"go perft".to_vec(),
        b"go perft x".to_vec(),
        b"go perft -1".to_vec(),
        b"go perft 3.0".to_vec(),
        b"go perft 21".to_vec(),
        b"go perft 99999999999999999999999".to_vec(),
        b"go perft 1 2".to_vec(),
        b"position".to_vec(),
        b"position fen".to_vec(),
        b"position fen moves e2e4".to_vec(),
        b"position startpos e2e4".to_vec(),
        b"position kiwipete".to_vec(),
        b"position fen 4k3/8/8/8/8/8/8/4K3 w - - 4294967295 1 moves e1e2".to_vec(),
        b"D".to_vec(),
        b"\xff\xfe\xfd".to_vec(),
        b"position startpos moves e2e4 \xc3\x28".to_vec(),
        b"\x00\x01\x02 \x1b[31m".to_vec(),
        long_line.trim_end().as_bytes().to_vec(),
        long_garbage.trim_end().as_bytes().to_vec(),
    ];
    let mut input = b"position startpos moves e2e4\n".to_vec();
    for line in &bad_lines {
        input.extend_from_slice(line);
        input.push(b'\n');
    }
    input.extend_from_slice(b"\n   \n\t\r\n\r\nd\ngo perft 2\n");
    input.extend_from_slice(long_moves.as_bytes());
    input.extend_from_slice(b"d\n");
    let s = session(input);
    s.assert_clean_exit();
    assert_eq!(s.error_lines().len(), bad_lines.len(), "{}", s.stdout);
    for line in s.lines() {
        assert!(
            line.len() < 300,
            "an answer line is {} bytes long",
            line.len()
        );
    }
    assert_eq!(
        s.fens(),
        [AFTER_E4, STARTPOS_FEN.replace("0 1", "8000 4001").as_str()]
    );
    assert_eq!(s.node_totals(), [600]);
}

#[test]
fn unknown_command_is_named() {
    let s = session(
        "d
frobnicate now
d
",
    );
    s.assert_clean_exit();
    assert_eq!(
        *s.lines()
            .iter()
            .find(|l| l.starts_with("info string"))
            .unwrap(),
        "info string error: unknown command `frobnicate now` (`help` lists the commands)"
    );
    assert_eq!(s.fens(), [STARTPOS_FEN, STARTPOS_FEN]);
}

#[test]
fn the_console_is_the_uci_command_set() {
    // What a newcomer types first works without `uci`; unknown leading
    // words are skipped, as the UCI specification asks.
    let s = session(
        "position startpos moves e2e4
joho d
go depth 6
isready
flip
d
help
",
    );
    s.assert_clean_exit();
    assert!(s.error_lines().is_empty(), "{}", s.stdout);
    assert_eq!(
        s.fens(),
        [
            AFTER_E4,
            "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1"
        ]
    );
    assert_eq!(
        s.lines()
            .iter()
            .filter(|l| l.starts_with("bestmove "))
            .count(),
        1
    );
    assert!(s.lines().contains(&"readyok"));
    for command in ["go perft <depth>", "flip", "bench [depth]", "help", "quit"] {
        assert!(
            s.lines().iter().any(|l| l.starts_with(command)),
            "{command} not in help:\n{}",
            s.stdout
        );
    }
}

/// Runs the binary with `args` and no input.
fn command_line(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_outpost"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run the engine");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn command_line_help_and_version() {
    let (code, out, _) = command_line(&["--help"]);
    assert_eq!(code, Some(0));
    for word in ["bench", "perft", "eval", "uci", "xboard", "--version"] {
        assert!(out.contains(word), "{word} not in --help:\n{out}");
    }
    let (code, out, _) = command_line(&["--version"]);
    assert_eq!(code, Some(0));
    assert_eq!(out.trim(), format!("outpost {}", env!("CARGO_PKG_VERSION")));
    let (code, out, err) = command_line(&["--frobnicate"]);
    assert_eq!(code, Some(2));
    assert!(out.is_empty());
    assert!(
        err.contains("--frobnicate") && err.contains("Usage"),
        "{err}"
    );
}

#[test]
fn command_line_jobs() {
    let (code, out, err) = command_line(&["perft", "3", KIWIPETE]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    assert_eq!(perft_split(&out).len(), 48);
    assert!(out.ends_with("Nodes searched: 97862\n"), "{out}");
    // The FEN may also come as separate words.
    let words: Vec<&str> = KIWIPETE.split(' ').collect();
    let (code, out2, _) = command_line(&[&["perft", "3"], words.as_slice()].concat());
    assert_eq!((code, out2), (Some(0), out));
    let (code, out, _) = command_line(&["perft", "0"]);
    assert_eq!((code, out.as_str()), (Some(0), "\nNodes searched: 1\n"));

    let (code, out, _) = command_line(&["eval", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("Final evaluation: +"), "{out}");

    let (code, out, _) = command_line(&["bench", "2"]);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    let n = lines.len();
    assert!(n >= 2, "{out}");
    let nodes: u64 = lines[n - 2]
        .strip_prefix("Nodes searched  : ")
        .expect("OpenBench's nodes line")
        .parse()
        .unwrap();
    assert!(nodes > 0);
    assert!(lines[n - 1].starts_with("Nodes/second    : "), "{out}");
}

#[test]
fn command_line_errors_are_one_line_and_exit_2() {
    for args in [
        &["frobnicate"][..],
        &["perft"],
        &["perft", "x"],
        &["perft", "21"],
        &["perft", "-1"],
        &["bench", "0"],
        &["bench", "deep"],
        &["perft", "2", "not a fen"],
        &["eval", "8/8/8/8/8/8/8/8 w - - 0 1"],
    ] {
        let (code, out, err) = command_line(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("outpost: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn empty_lines_are_ignored() {
    let s = session("\n\n  \n\t\n");
    s.assert_clean_exit();
    assert_eq!(s.stdout, "");
}

#[test]
fn quit_exits_with_status_zero() {
    let s = session("go perft 1\nquit\ngo perft 2\nd\n");
    s.assert_clean_exit();
    assert_eq!(s.node_totals(), [20]);
    assert!(s.fens().is_empty());
    assert_eq!(s.status.code(), Some(0));
}

#[test]
fn end_of_input_exits_with_status_zero() {
    let s = session("");
    s.assert_clean_exit();
    assert_eq!(s.stdout, "");
    assert_eq!(s.status.code(), Some(0));

    // A last line without a newline still runs.
    let s = session("go perft 2");
    s.assert_clean_exit();
    assert_eq!(s.node_totals(), [400]);
    assert_eq!(s.status.code(), Some(0));
}

#[test]
fn answers_arrive_before_the_input_ends() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_outpost"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    // Each answer must be flushed while the engine waits for the next line.
    for (command, total) in [("go perft 1", "20"), ("go perft 2", "400")] {
        writeln!(stdin, "{command}").unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        loop {
            line.clear();
            assert_ne!(stdout.read_line(&mut line).unwrap(), 0, "output ended");
            if let Some(n) = line.trim_end().strip_prefix("Nodes searched: ") {
                assert_eq!(n, total);
                break;
            }
        }
    }
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn eval_prints_the_trace_and_keeps_the_last_good_position() {
    let s = session(
        "eval\n\
         position fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1\n\
         eval\n\
         position fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 0\n\
         eval\n\
         position fen 8/8/4k3/8/8/3K4/8/4NN2 b - - 0 1\n\
         eval\n",
    );
    s.assert_clean_exit();
    assert_eq!(s.error_lines().len(), 1, "{}", s.stdout);
    let finals: Vec<&str> = s
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("Final evaluation: "))
        .collect();
    assert_eq!(finals.len(), 4, "{}", s.stdout);
    // The start position: only the tempo, for White.
    assert!(finals[0].starts_with('+') && finals[0].ends_with(" (white side)"));
    // A queen up, and the same again after the rejected FEN.
    let queen_up: f64 = finals[1].trim_end_matches(" (white side)").parse().unwrap();
    assert!(queen_up > 8.0, "{}", finals[1]);
    assert_eq!(finals[2], finals[1]);
    // Two knights cannot force mate.
    assert_eq!(finals[3], "+0.00 (white side)");
    for term in ["Material", "Mobility", "King safety", "Passed", "Tempo"] {
        assert_eq!(
            s.stdout
                .lines()
                .filter(|l| l.trim_start().starts_with(term))
                .count(),
            4,
            "{term}\n{}",
            s.stdout
        );
    }
    assert!(s.stdout.contains("Phase: 24 of 24"), "{}", s.stdout);
}

#[test]
fn command_line_book_build_and_probe() {
    let dir = std::env::temp_dir();
    let book = dir.join(format!("outpost-cli-book-{}.bin", std::process::id()));
    let pgn = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/openings.pgn");
    let book_arg = book.to_str().unwrap();
    let (code, out, err) = command_line(&[
        "book",
        "build",
        pgn,
        "-o",
        book_arg,
        "--min-games",
        "1",
        "--max-ply",
        "6",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("279 games (0 skipped)"), "{out}");
    let (code, out, _) = command_line(&["book", "probe", book_arg]);
    assert_eq!(code, Some(0));
    let weights: Vec<u32> = out
        .lines()
        .map(|l| {
            let (mv, w) = l.split_once(' ').expect("move weight");
            assert_eq!(mv.len(), 4, "{l}");
            w.parse().unwrap()
        })
        .collect();
    assert!(weights.len() >= 3, "{out}");
    assert!(
        weights.windows(2).all(|w| w[0] >= w[1]),
        "sorted by weight: {out}"
    );
    assert!(out.starts_with("e2e4 "), "{out}");
    // After 1. e4 the book knows Black's replies.
    let (code, out, _) = command_line(&[
        "book",
        "probe",
        book_arg,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    ]);
    assert_eq!(code, Some(0));
    assert!(
        out.lines().all(|l| matches!(l.as_bytes()[1], b'7' | b'8')),
        "{out}"
    );
    // White only: no entries for Black to move.
    let (code, _, _) = command_line(&[
        "book",
        "build",
        pgn,
        "-o",
        book_arg,
        "--min-games",
        "1",
        "--color",
        "white",
    ]);
    assert_eq!(code, Some(0));
    let (_, out, _) = command_line(&[
        "book",
        "probe",
        book_arg,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    ]);
    assert_eq!(out, "");
    // Bad input: one line, exit 2.
    for args in [
        &["book", "probe", "/no/such/book.bin"][..],
        &["book", "probe", pgn],
        &["book", "probe", book_arg, "not", "a", "fen"],
        &["book", "build", "/no/such.pgn", "-o", book_arg],
        &["book", "build", pgn],
        &["book", "build", pgn, "-o", book_arg, "--color", "green"],
    ] {
        let (code, out, err) = command_line(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_file(book);
}

#[test]
fn command_line_tablebases() {
    // The 3-man tables need no directory.
    let (code, out, err) = command_line(&["tb", "probe", "k7/8/2K5/8/8/8/8/7R w - - 0 1"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "wdl win dtm 2\nbestmove c6b6\n");
    let (code, out, _) = command_line(&["tb", "probe", "k7/8/2K5/8/8/8/8/7N", "w", "-", "-"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("wdl draw dtm 0\n"), "{out}");
    let dir = std::env::temp_dir().join(format!("outpost-cli-tb-{}", std::process::id()));
    let dir_arg = dir.to_str().unwrap();
    let (code, out, err) = command_line(&["tb", "generate", "--men", "3", "--dir", dir_arg]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("5 tables generated"), "{out}");
    let (code, out, _) = command_line(&["tb", "stats", "--men", "3", "--dir", dir_arg]);
    assert_eq!(code, Some(0));
    // KQK: the longest mate is 10 moves; KRK: 16.
    let row = |name: &str| {
        out.lines()
            .find(|l| l.starts_with(&format!("| {name} |")))
            .unwrap_or_else(|| panic!("{name} in\n{out}"))
            .to_string()
    };
    assert!(row("KQK").contains("| 10 |"), "{}", row("KQK"));
    assert!(row("KRK").contains("| 16 |"), "{}", row("KRK"));
    // Bad input: one line, exit 2.
    for args in [
        &["tb", "probe", "not a fen"][..],
        &["tb", "probe"],
        &[
            "tb",
            "probe",
            "--dir",
            dir_arg,
            "8/8/8/8/8/2k5/1r6/KQ6 w - - 0 1",
        ],
        &["tb", "probe", "r3k3/8/8/8/8/8/8/4K3 b q - 0 1"],
        &["tb", "generate", "--men", "5"],
    ] {
        let (code, out, err) = command_line(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn command_line_syzygy_probe() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/syzygy");
    // KBNvK: a win, 58 plies to the mate that zeroes.
    let (code, out, err) = command_line(&[
        "tb",
        "probe",
        "--syzygy",
        dir,
        "8/8/8/4k3/8/8/8/KBN5 w - - 0 1",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("wdl win dtz 58"));
    assert!(lines.next().unwrap().starts_with("bestmove "), "{out}");
    // The loser's view, as separate words.
    let (code, out, _) = command_line(&[
        "tb",
        "probe",
        "--syzygy",
        dir,
        "8/8/8/4k3/8/8/8/KBN5",
        "b",
        "-",
        "-",
    ]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("wdl loss dtz -"), "{out}");
    let missing = std::env::temp_dir().join(format!("outpost-cli-syzygy-{}", std::process::id()));
    std::fs::create_dir_all(&missing).unwrap();
    std::fs::copy(format!("{dir}/KRvK.rtbw"), missing.join("KRvK.rtbw")).unwrap();
    let missing_arg = missing.to_str().unwrap();
    for args in [
        // A bad FEN.
        &["tb", "probe", "--syzygy", dir, "not a fen"][..],
        // More men than the tables cover.
        &[
            "tb",
            "probe",
            "--syzygy",
            dir,
            "k7/8/8/8/8/8/1p6/K3RR2 w - - 0 1",
        ],
        // A missing file: KRvK's WDL is there, its DTZ is not.
        &[
            "tb",
            "probe",
            "--syzygy",
            missing_arg,
            "8/8/8/8/8/2k5/8/K6R w - - 0 1",
        ],
        // A directory that does not exist.
        &[
            "tb",
            "probe",
            "--syzygy",
            "/no/such/dir",
            "8/8/8/8/8/2k5/8/K6R w - - 0 1",
        ],
    ] {
        let (code, out, err) = command_line(args);
        assert_eq!(code, Some(2), "{args:?}: {out} {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(missing);
}

#[test]
fn command_line_pgn_check() {
    let pgn = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/openings.pgn");
    let (code, out, _) = command_line(&["pgn", "check", pgn]);
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "games: 279 read, 0 rejected\nmoves: 3008\nwarnings: 0\n"
    );
    let file = std::env::temp_dir().join(format!("outpost-cli-check-{}.pgn", std::process::id()));
    std::fs::write(
        &file,
        "[Event \"a\"]\n\n1. e4 e5 2. Nf3 1/2\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    // Lenient: the shorthand result is a warning; the illegal move an error.
    let (code, out, _) = command_line(&["pgn", "check", path]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("[result-shorthand]"), "{out}");
    assert!(out.contains("error: PGN game 2"), "{out}");
    assert!(
        out.ends_with("games: 1 read, 1 rejected\nmoves: 3\nwarnings: 1\n  result-shorthand: 1\n"),
        "{out}"
    );
    // Strict: the shorthand is an error too.
    let (code, out, _) = command_line(&["pgn", "check", "--strict", path]);
    assert_eq!(code, Some(1));
    assert!(out.contains("games: 0 read, 2 rejected"), "{out}");
    let (code, out, err) = command_line(&["pgn", "check", "/no/such.pgn"]);
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert_eq!(err.lines().count(), 1, "{err}");
    let _ = std::fs::remove_file(file);
}

#[test]
fn serve_takes_a_host_and_port_and_names_what_stops_it() {
    let (code, out, _) = command_line(&["serve", "--help"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("--host") && out.contains("--port"), "{out}");
    assert!(out.contains("127.0.0.1") && out.contains("8080"), "{out}");
    let (code, _, err) = command_line(&["serve", "--port", "eighty"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("eighty"), "{err}");
    // A port already taken: one line naming it, exit code 2.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let (code, _, err) = command_line(&["serve", "--port", &port]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains(&format!("cannot listen on 127.0.0.1:{port}")),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn datagen_and_train_from_the_command_line() {
    let dir = std::env::temp_dir().join(format!("outpost-cli-nnue-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data.bin");
    let data = data.to_str().unwrap();
    let (code, out, err) = command_line(&[
        "datagen",
        "--games",
        "4",
        "--nodes",
        "300",
        "--threads",
        "2",
        "--out",
        data,
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("done: 4 games"), "{out}");
    assert!(err.contains("games 4/4"), "{err}");
    let (code, out, _) = command_line(&["datagen", "stats", data]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("records "), "{out}");
    assert!(
        out.contains("evaluation scale fitted to the results "),
        "{out}"
    );
    // The same command again has nothing left to do; other settings are refused.
    let (code, _, err) =
        command_line(&["datagen", "--games", "4", "--nodes", "300", "--out", data]);
    assert_eq!(code, Some(0), "{err}");
    let (code, _, err) =
        command_line(&["datagen", "--games", "5", "--nodes", "301", "--out", data]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("cannot resume"), "{err}");
    // Out-of-range settings are one line and exit 2.
    for bad in [
        ["datagen", "--games", "1", "--threads", "0"],
        ["datagen", "--games", "1", "--threads", "100000"],
        ["datagen", "--games", "1", "--nodes", "0"],
    ] {
        let mut args = bad.to_vec();
        args.extend(["--out", data]);
        let (code, _, err) = command_line(&args);
        assert_eq!(code, Some(2), "{bad:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let nets = dir.join("nets");
    let (code, _, err) = command_line(&[
        "train",
        data,
        "--out",
        nets.to_str().unwrap(),
        "--hidden",
        "16",
        "--epochs",
        "2",
        "--batch",
        "64",
        "--threads",
        "1",
        "--eval-scale",
        "250",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let net = nets.join("final.nnue");
    assert!(outpost::nnue::load_network(&net).is_ok());
    // The network plays: bench with it.
    let (code, out, err) = command_line(&[
        "bench",
        "3",
        "--eval",
        "nnue",
        "--eval-file",
        net.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Nodes searched"), "{out}");
    let (code, _, err) = command_line(&["bench", "3", "--eval", "nnue", "--eval-file", data]);
    assert_eq!(code, Some(2));
    assert!(err.contains("not an Outpost network"), "{err}");
    // Fine-tuning that network from its file; a file that is not a
    // network, or a network of another shape, is one line and exit 2.
    let tuned = dir.join("tuned");
    let train_from = |from: &str, hidden: &str| {
        command_line(&[
            "train",
            data,
            "--out",
            tuned.to_str().unwrap(),
            "--hidden",
            hidden,
            "--epochs",
            "1",
            "--batch",
            "64",
            "--threads",
            "1",
            "--from-net",
            from,
        ])
    };
    // A refused start writes nothing.
    let (code, _, _) = train_from(net.to_str().unwrap(), "32");
    assert_eq!(code, Some(2));
    assert!(!tuned.exists());
    let (code, out, err) = train_from(net.to_str().unwrap(), "16");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("epoch   1"), "{out}");
    assert!(outpost::nnue::load_network(&tuned.join("final.nnue")).is_ok());
    for (from, hidden, says) in [
        (data, "16", "not an Outpost network"),
        (net.to_str().unwrap(), "32", "another shape"),
    ] {
        let (code, _, err) = train_from(from, hidden);
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains(says), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // An evaluation scale that is not a positive number of centipawns: one
    // line, exit 2.
    let (code, _, err) = command_line(&[
        "train",
        data,
        "--out",
        nets.to_str().unwrap(),
        "--eval-scale",
        "0",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("evaluation scale"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn arguments_that_are_not_subcommands_are_engine_input() {
    // A search with a limit runs to its end before `quit`: one bestmove.
    let (code, out, err) = command_line(&["position startpos moves e2e4", "go depth 5", "quit"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.lines().any(|l| l.starts_with("info depth 5 ")), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with("bestmove ")).count(),
        1,
        "{out}"
    );
    // OpenBench's form for engines with a network file: an option, then
    // the console's bench.
    let net = concat!(env!("CARGO_MANIFEST_DIR"), "/../nnue/nets/gen11.nnue");
    let (code, out, err) = command_line(&[
        &format!("setoption name EvalFile value {net}"),
        "bench 2",
        "quit",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Nodes searched"), "{out}");
    // A line that is not a command: nothing runs, one line, exit 2.
    let (code, out, err) = command_line(&["isready", "frobnicate"]);
    assert_eq!(code, Some(2));
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

fn genfens(args: &[&str]) -> Vec<String> {
    let (code, out, err) = command_line(args);
    assert_eq!(code, Some(0), "{args:?}: {err}");
    out.lines()
        .map(|l| {
            l.strip_prefix("info string genfens ")
                .unwrap_or_else(|| panic!("{args:?}: {l}"))
                .to_string()
        })
        .collect()
}

#[test]
fn genfens_prints_distinct_balanced_openings_for_a_seed() {
    let first = genfens(&["genfens 12 seed 3 book None", "quit"]);
    assert_eq!(first.len(), 12);
    let distinct: std::collections::HashSet<_> = first.iter().collect();
    assert_eq!(distinct.len(), 12, "{first:?}");
    for fen in &first {
        let pos = outpost::parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(pos.has_legal_moves(), "{fen}");
        // 8 or 9 random plies from the start.
        let fullmove: u32 = fen.split_whitespace().nth(5).unwrap().parse().unwrap();
        assert!((5..=5).contains(&fullmove), "{fen}");
    }
    assert_eq!(
        genfens(&["genfens 12 seed 3 book None extra words", "quit"]),
        first
    );
    assert_ne!(genfens(&["genfens 12 seed 4 book None", "quit"]), first);
    // From a book: each opening a book position and two or three plies.
    let book = std::env::temp_dir().join(format!("outpost-genfens-{}.epd", std::process::id()));
    std::fs::write(
        &book,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"1\";\n\
         rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - hmvc 1; fmvn 2;\n",
    )
    .unwrap();
    let from_book = genfens(&[&format!("genfens 6 seed 1 book {}", book.display()), "quit"]);
    assert_eq!(from_book.len(), 6);
    for fen in &from_book {
        let fullmove: u32 = fen.split_whitespace().nth(5).unwrap().parse().unwrap();
        assert!((2..=3).contains(&fullmove), "{fen}");
    }
    // A book that is missing: one error line, no openings.
    let (code, out, _) = command_line(&["genfens 2 seed 1 book /no/such/book.epd", "quit"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("info string error:"), "{out}");
    assert!(
        !out.lines().any(|l| l.starts_with("info string genfens ")),
        "{out}"
    );
    let _ = std::fs::remove_file(book);
}

#[test]
fn spsa_lists_every_tunable_in_openbench_form() {
    let (code, out, err) = command_line(&["spsa"]);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), outpost::search::params::TUNABLES.len());
    for (line, t) in lines.iter().zip(outpost::search::params::TUNABLES) {
        let fields: Vec<&str> = line.split(", ").collect();
        assert_eq!(fields.len(), 7, "{line}");
        assert_eq!(fields[0], t.name);
        assert_eq!(fields[1], "int");
        assert_eq!(fields[2].parse::<i32>().unwrap(), t.default);
        assert_eq!(fields[3].parse::<i32>().unwrap(), t.min);
        assert_eq!(fields[4].parse::<i32>().unwrap(), t.max);
        assert!(fields[5].parse::<f64>().unwrap() >= 1.0);
        assert_eq!(fields[6], "0.002");
    }
}

#[test]
fn suite_scores_bm_and_am_and_refuses_bad_files() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/suites/sample.epd");
    let (code, out, err) = command_line(&["suite", file, "--depth", "8", "--verbose"]);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(
        lines[0].starts_with("ok   mate in one: played Ra8#"),
        "{out}"
    );
    assert!(lines[1].starts_with("ok   not Ra7: played"), "{out}");
    assert!(lines[3].starts_with("solved 3/3 in "), "{out}");
    // A line that is not EPD: an error naming it, exit 2 (bad input), no panic.
    let dir = std::env::temp_dir().join(format!("outpost-suite-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.epd");
    std::fs::write(&bad, "7k/8/6K1/8/8/8/8/R7 w - - bm Ra8#;\nnot a position\n").unwrap();
    let (code, out, err) = command_line(&["suite", bad.to_str().unwrap(), "--depth", "2"]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(err.contains("line 2"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let (code, _, err) = command_line(&["suite", "/nonexistent/suite.epd"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("/nonexistent/suite.epd"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tune_fits_labelled_positions_and_refuses_bad_files() {
    // The data/openings.epd positions, each labelled 40 cp for the side to
    // move, plus a line that is not `FEN;score`.
    let openings = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/openings.epd"
    ))
    .unwrap();
    let mut data: String = openings
        .lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().take(4).collect();
            (fields.len() == 4).then(|| format!("{} 0 1;40\n", fields.join(" ")))
        })
        .collect();
    data.push_str("not a position;12\n");
    let dir = std::env::temp_dir().join(format!("outpost-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("tune.txt");
    std::fs::write(&file, &data).unwrap();
    let out_file = dir.join("tuned.rs");
    let (code, out, err) = command_line(&[
        "tune",
        file.to_str().unwrap(),
        "--rounds",
        "1",
        "--epochs",
        "50",
        "--threads",
        "1",
        "--only",
        "tempo,piece_value",
        "--out",
        out_file.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(err.contains("1 lines skipped"), "{err}");
    assert!(err.contains("round 1: fit loss "), "{err}");
    assert!(out.contains("held out; "), "{out}");
    assert!(out.contains("weights tuned"), "{out}");
    let source = std::fs::read_to_string(&out_file).unwrap();
    assert!(source.starts_with("impl Default for Params {"), "{source}");
    // Nothing to read: exit 2 with the file named.
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "no scores here\n").unwrap();
    let (code, _, err) = command_line(&["tune", empty.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(err.contains("empty.txt"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
