//! Streaming PGN with a visitor, then a game tree walked with its positions
//! and written back with clock comments.
//!
//! ```sh
//! cargo run -p outpost-chess --no-default-features --example pgn
//! ```

use outpost::prelude::*;
use std::time::Duration;

/// Counts each game's main-line captures without building the game.
struct Captures {
    depth: usize,
    count: usize,
}

impl Visitor for Captures {
    type Output = usize;

    fn begin_game(&mut self) {
        self.depth = 0;
        self.count = 0;
    }

    fn move_played(&mut self, _before: &Position, mv: Move, _after: &Position) -> Control {
        if self.depth == 0 && mv.is_capture() {
            self.count += 1;
        }
        Control::Continue
    }

    fn begin_variation(&mut self) -> Control {
        self.depth += 1;
        Control::Continue
    }

    fn end_variation(&mut self) -> Control {
        self.depth -= 1;
        Control::Continue
    }

    fn end_game(&mut self) -> usize {
        self.count
    }
}

const GAMES: &str = r#"[Event "One"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 (3... g6 4. Qf3) 4. Qxf7# 1-0

[Event "Two"]
[Result "*"]

1. d4 d5 2. c4 dxc4 3. e3 { [%clk 0:04:58] } *
"#;

fn main() -> Result<(), PgnError> {
    // Streaming: one visitor call per element, nothing built.
    let mut reader = PgnReader::new(GAMES.as_bytes());
    let mut visitor = Captures { depth: 0, count: 0 };
    while let Some(captures) = reader.read_game(&mut visitor) {
        println!("main-line captures: {}", captures?);
    }

    // A game tree: walk it with positions, annotate it, write it.
    let mut game: PgnGame = GAMES.parse()?;
    for node in game.nodes() {
        println!(
            "{:>2} {}{}",
            node.ply,
            "  ".repeat(node.depth),
            node.before.san(node.mv())
        );
    }
    for (i, node) in game.moves.moves.iter_mut().enumerate() {
        node.set_clock(Duration::from_secs(300 - 3 * i as u64));
    }
    println!("{game}");
    Ok(())
}
