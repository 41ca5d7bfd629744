//! A protocol session run on a thread over in-memory pipes: lines in,
//! lines out, as a GUI sees it, without the binary. The one test harness
//! of the protocol crates (`outpost-uci` and `outpost-xboard` take it as a
//! dev-dependency); not published.

#![forbid(unsafe_code)]

use std::io::{self, BufRead, Read, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// The session's input: what the test sends, until it closes the pipe.
pub struct PipeReader {
    chunks: Receiver<Vec<u8>>,
    buf: Vec<u8>,
    pos: usize,
}

impl Read for PipeReader {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for PipeReader {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pos >= self.buf.len() {
            // A closed pipe reads as the end of the input.
            self.buf = self.chunks.recv().unwrap_or_default();
            self.pos = 0;
        }
        Ok(&self.buf[self.pos..])
    }

    fn consume(&mut self, n: usize) {
        self.pos += n;
    }
}

/// The session's output, cut into lines for the test.
pub struct PipeWriter {
    lines: Sender<String>,
    partial: Vec<u8>,
}

impl Write for PipeWriter {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        for &byte in data {
            if byte == b'\n' {
                let line = String::from_utf8_lossy(&self.partial).into_owned();
                self.partial.clear();
                let _ = self.lines.send(line);
            } else {
                self.partial.push(byte);
            }
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// How the session ended.
pub struct Exit(bool);

impl Exit {
    /// Whether the session returned without an error.
    pub fn success(&self) -> bool {
        self.0
    }
}

/// A session on its own thread: send lines, read the lines it writes.
pub struct SessionPipes {
    input: Option<Sender<Vec<u8>>>,
    lines: Receiver<String>,
    ended: Receiver<bool>,
}

impl SessionPipes {
    /// Runs `session` on a thread with fresh pipes; it returns whether it
    /// ended cleanly.
    pub fn start(session: impl FnOnce(PipeReader, PipeWriter) -> bool + Send + 'static) -> Self {
        let (input, chunks) = mpsc::channel();
        let (line_tx, lines) = mpsc::channel();
        let (ended_tx, ended) = mpsc::channel();
        let reader = PipeReader {
            chunks,
            buf: Vec::new(),
            pos: 0,
        };
        let writer = PipeWriter {
            lines: line_tx,
            partial: Vec::new(),
        };
        std::thread::spawn(move || {
            let clean = session(reader, writer);
            let _ = ended_tx.send(clean);
        });
        SessionPipes {
            input: Some(input),
            lines,
            ended,
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        let input = self.input.as_ref().expect("input open");
        input.send(format!("{line}\n").into_bytes()).unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn expect(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        expect_line(&self.lines, prefix, timeout)
    }

    /// Every line that arrives within `wait`.
    pub fn drain(&mut self, wait: Duration) -> Vec<String> {
        drain_lines(&self.lines, wait)
    }

    /// Sends `quit`, closes the input and waits for the session to end.
    pub fn quit(mut self, timeout: Duration) -> Exit {
        self.send("quit");
        drop(self.input.take());
        match self.ended.recv_timeout(timeout) {
            Ok(clean) => Exit(clean),
            Err(_) => panic!("the session did not end after quit"),
        }
    }
}

/// The lines from `lines` up to and including the first that starts with
/// `prefix`; panics (failing the test) if none comes within `timeout` or
/// the output closes first. Shared by the in-memory sessions here and the
/// binary's tests, which read a real process's output the same way.
pub fn expect_line(lines: &Receiver<String>, prefix: &str, timeout: Duration) -> Vec<String> {
    let deadline = Instant::now() + timeout;
    let mut seen = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) => {
                let done = line.starts_with(prefix);
                seen.push(line);
                if done {
                    return seen;
                }
            }
            Err(RecvTimeoutError::Timeout) => {
                panic!("no `{prefix}` within {timeout:?}; got {seen:?}")
            }
            Err(RecvTimeoutError::Disconnected) => {
                panic!("the output was closed; got {seen:?}")
            }
        }
    }
}

/// Every line that arrives on `lines` within `wait`.
pub fn drain_lines(lines: &Receiver<String>, wait: Duration) -> Vec<String> {
    let deadline = Instant::now() + wait;
    let mut seen = Vec::new();
    while let Ok(line) = lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        seen.push(line);
    }
    seen
}
