//! The session's plumbing: the inbox's events and the thread that reads
//! input lines into it.

use outpost_search::SearchResult;
use std::io::{self, BufRead};
use std::sync::mpsc::Sender;

/// What the session's inbox receives.
pub(crate) enum Event {
    /// An input line.
    Line(String),
    /// The end of the input (or a read error).
    Closed(Option<io::Error>),
    /// The search with this id has ended with this result.
    Done(u64, SearchResult),
}

/// The input thread: every line to the inbox, then the end.
pub(crate) fn read_lines(mut input: impl BufRead, events: Sender<Event>) {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => {
                let _ = events.send(Event::Closed(None));
                return;
            }
            Ok(_) => {
                let line = String::from_utf8_lossy(&buf).into_owned();
                if events.send(Event::Line(line)).is_err() {
                    return;
                }
            }
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => {
                let _ = events.send(Event::Closed(Some(err)));
                return;
            }
        }
    }
}
