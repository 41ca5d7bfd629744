//! The real engine binary driven over pipes, shared by the protocol tests.

// Each test file uses its own subset of these helpers.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// A running `outpost` process: lines in, lines out.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl EngineProcess {
    /// Starts the binary; its output lines are read on a thread.
    pub fn spawn() -> EngineProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_outpost"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the engine");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        EngineProcess {
            child,
            stdin,
            lines,
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn expect(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        outpost_pipes::expect_line(&self.lines, prefix, timeout)
    }

    /// Every line that arrives within `wait`.
    pub fn drain(&mut self, wait: Duration) -> Vec<String> {
        outpost_pipes::drain_lines(&self.lines, wait)
    }

    /// Sends `quit`, closes the input and waits for the process to end.
    pub fn quit(mut self, timeout: Duration) -> ExitStatus {
        self.send("quit");
        drop(self.stdin.take());
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "engine did not exit after quit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}
