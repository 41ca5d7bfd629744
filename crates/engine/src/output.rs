//! A protocol's output, shared between the thread that reads commands and
//! the search thread that reports: each line written whole and flushed.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// Output that several threads write whole lines to. Cheap to clone; every
/// clone writes to the same writer. Write errors are ignored: a GUI that
/// has gone away cannot be told anything.
///
/// ```
/// use outpost_engine::LineOutput;
///
/// let out = LineOutput::new(Vec::new());
/// let search_thread = out.clone();
/// out.line("readyok");
/// search_thread.lines("info depth 1\ninfo depth 2");
/// drop(search_thread);
/// assert_eq!(out.into_inner().unwrap(), b"readyok\ninfo depth 1\ninfo depth 2\n");
/// ```
pub struct LineOutput<W: Write>(Arc<Mutex<W>>);

impl<W: Write> Clone for LineOutput<W> {
    fn clone(&self) -> Self {
        LineOutput(Arc::clone(&self.0))
    }
}

impl<W: Write> LineOutput<W> {
    /// Output to `writer`.
    pub fn new(writer: W) -> LineOutput<W> {
        LineOutput(Arc::new(Mutex::new(writer)))
    }

    /// Writes one line and flushes it.
    pub fn line(&self, text: &str) {
        if let Ok(mut w) = self.0.lock() {
            let _ = writeln!(w, "{text}");
            let _ = w.flush();
        }
    }

    /// Writes each line of `text`, then flushes, with no other thread's
    /// line in between.
    pub fn lines(&self, text: &str) {
        if let Ok(mut w) = self.0.lock() {
            for line in text.lines() {
                let _ = writeln!(w, "{line}");
            }
            let _ = w.flush();
        }
    }

    /// The writer, once no other clone is left.
    pub fn into_inner(self) -> Option<W> {
        Arc::try_unwrap(self.0).ok()?.into_inner().ok()
    }
}
