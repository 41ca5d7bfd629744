//! A game's moves with the positions they are played from: the main line as
//! an iterator ([`PgnGame::mainline`]) and every node, variations included,
//! in the order a PGN writes them ([`PgnGame::nodes`]).

use super::{Line, MoveNode, PgnGame};
use outpost_board::{Move, Position};

/// A move of a game where it stands: the node (its move, NAGs, comments and
/// variations), the position it is played from and the one it leads to.
#[derive(Clone, Copy, Debug)]
pub struct PlayedNode<'a> {
    /// The node as the PGN holds it.
    pub node: &'a MoveNode,
    /// The position before the move.
    pub before: Position,
    /// The position after it.
    pub after: Position,
    /// Plies from the game's start position to `before` (0 for the first move).
    pub ply: usize,
    /// How deep in variations the node stands: 0 on the main line, 1 in a
    /// variation of the main line, and so on.
    pub depth: usize,
}

impl PlayedNode<'_> {
    /// The move.
    pub fn mv(&self) -> Move {
        self.node.mv
    }
}

/// The main line of a [`PgnGame`], move by move with positions: see
/// [`PgnGame::mainline`].
#[derive(Clone, Debug)]
pub struct MainLine<'a> {
    moves: std::slice::Iter<'a, MoveNode>,
    pos: Position,
    ply: usize,
}

impl<'a> Iterator for MainLine<'a> {
    type Item = PlayedNode<'a>;

    fn next(&mut self) -> Option<PlayedNode<'a>> {
        let node = self.moves.next()?;
        let before = self.pos;
        let after = before.play(node.mv);
        self.pos = after;
        self.ply += 1;
        Some(PlayedNode {
            node,
            before,
            after,
            ply: self.ply - 1,
            depth: 0,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.moves.size_hint()
    }
}

impl ExactSizeIterator for MainLine<'_> {}

impl PgnGame {
    /// The main line's moves with the positions they are played from and
    /// lead to (the moves of a `PgnGame` were checked legal when read).
    ///
    /// ```
    /// use outpost_notation::{PgnGame, PositionText};
    ///
    /// let game: PgnGame = "1. e4 e5 (1... c5) 2. Nf3 *".parse().unwrap();
    /// let sans: Vec<String> = game.mainline().map(|m| m.before.san(m.mv())).collect();
    /// assert_eq!(sans, ["e4", "e5", "Nf3"]);
    /// assert_eq!(game.mainline().last().unwrap().after, game.end_position());
    /// ```
    pub fn mainline(&self) -> MainLine<'_> {
        MainLine {
            moves: self.moves.moves.iter(),
            pos: self.start,
            ply: 0,
        }
    }

    /// The position at the end of the main line.
    pub fn end_position(&self) -> Position {
        self.mainline().last().map_or(self.start, |m| m.after)
    }

    /// Every move of the game, variations included, with its positions, in
    /// the order a PGN writes them: a move, then the variations that
    /// replace it (each whole, depth first), then the next move.
    ///
    /// ```
    /// use outpost_notation::{PgnGame, PositionText};
    ///
    /// let game: PgnGame = "1. e4 e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 *".parse().unwrap();
    /// let walked: Vec<(String, usize)> =
    ///     game.nodes().iter().map(|n| (n.before.san(n.mv()), n.depth)).collect();
    /// assert_eq!(
    ///     walked,
    ///     [("e4", 0), ("e5", 0), ("c5", 1), ("Nf3", 1), ("c3", 2), ("Nf3", 0)]
    ///         .map(|(san, depth)| (san.to_string(), depth))
    /// );
    /// ```
    pub fn nodes(&self) -> Vec<PlayedNode<'_>> {
        let mut out = Vec::with_capacity(self.move_count());
        walk_line(&self.moves, self.start, 0, 0, &mut out);
        out
    }
}

fn walk_line<'a>(
    line: &'a Line,
    start: Position,
    ply: usize,
    depth: usize,
    out: &mut Vec<PlayedNode<'a>>,
) {
    let mut pos = start;
    for (i, node) in line.moves.iter().enumerate() {
        let after = pos.play(node.mv);
        out.push(PlayedNode {
            node,
            before: pos,
            after,
            ply: ply + i,
            depth,
        });
        for variation in &node.variations {
            walk_line(variation, pos, ply + i, depth + 1, out);
        }
        pos = after;
    }
}
