//! The legacy `edit` mode: a board built square by square.

use crate::EditCommand;
use outpost_board::{BoardError, Color, Piece, Position, Setup};

/// The board being built in edit mode, and the colour of the pieces placed.
pub(crate) struct EditBoard {
    setup: Setup,
    color: Color,
}

impl EditBoard {
    /// Starts from `pos`, placing White pieces.
    pub(crate) fn new(pos: &Position) -> EditBoard {
        EditBoard {
            setup: pos.to_setup(),
            color: Color::White,
        }
    }

    /// Applies one edit command; `.` ends edit mode with the position
    /// built, as the protocol defines it: the side to move kept, castling
    /// wherever king and rook stand at home, no en passant, a fresh
    /// fifty-move count.
    pub(crate) fn apply(&mut self, command: EditCommand) -> Option<Result<Position, BoardError>> {
        let board = &mut self.setup.board;
        match command {
            EditCommand::ToggleColor => self.color = !self.color,
            EditCommand::Clear => *board = [None; 64],
            EditCommand::Place(kind, sq) => board[sq.index()] = Some(Piece::new(self.color, kind)),
            EditCommand::Remove(sq) => board[sq.index()] = None,
            EditCommand::Done => {
                let mut setup = self.setup.clone();
                setup.castling = setup.home_castling_rights();
                (setup.en_passant, setup.halfmove_clock) = (None, 0);
                return Some(Position::from_setup(&setup));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::CastlingSide;

    #[test]
    fn castling_follows_the_home_squares() {
        let mut edit = EditBoard::new(&Position::startpos());
        for command in ["#", "Ke1", "Rh1", "Ra2", "c", "Ke8", "Ra8"] {
            edit.apply(command.parse().unwrap());
        }
        let pos = edit.apply(EditCommand::Done).unwrap().unwrap();
        let rights = pos.castling_rights();
        assert!(rights.has(Color::White, CastlingSide::King));
        assert!(!rights.has(Color::White, CastlingSide::Queen));
        assert!(rights.has(Color::Black, CastlingSide::Queen));
        assert!(!rights.has(Color::Black, CastlingSide::King));
        let mut edit = EditBoard::new(&Position::startpos());
        edit.apply(EditCommand::Clear);
        assert!(edit.apply(EditCommand::Done).unwrap().is_err());
    }
}
