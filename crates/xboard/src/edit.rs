//! The legacy `edit` mode: a board built square by square.

use crate::EditCommand;
use outpost_board::{
    BoardError, CastlingRights, CastlingSide, Color, Piece, PieceKind, Position, Setup, Square,
};

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

    /// Applies one edit command (`.` is for [`EditBoard::finish`]).
    pub(crate) fn apply(&mut self, command: EditCommand) {
        match command {
            EditCommand::ToggleColor => self.color = !self.color,
            EditCommand::Clear => self.setup.board = [None; 64],
            EditCommand::Place(kind, sq) => {
                self.setup.board[sq.index()] = Some(Piece::new(self.color, kind));
            }
            EditCommand::Remove(sq) => self.setup.board[sq.index()] = None,
            EditCommand::Done => {}
        }
    }

    /// The position built, as the protocol defines it: the side to move
    /// kept, castling wherever king and rook stand at home, no en passant,
    /// a fresh fifty-move count.
    pub(crate) fn finish(self) -> Result<Position, BoardError> {
        let mut setup = self.setup;
        setup.castling = home_castling(&setup);
        setup.en_passant = None;
        setup.halfmove_clock = 0;
        Position::from_setup(&setup)
    }
}

/// The castling rights of every king and rook standing on their home squares.
fn home_castling(setup: &Setup) -> CastlingRights {
    let mut rights = CastlingRights::NONE;
    for color in [Color::White, Color::Black] {
        let king = Square::E1.relative_to(color);
        if setup.board[king.index()] != Some(Piece::new(color, PieceKind::King)) {
            continue;
        }
        for side in CastlingSide::ALL {
            let rook = side.rook_from(color);
            if setup.board[rook.index()] == Some(Piece::new(color, PieceKind::Rook)) {
                rights = rights.with(color, side);
            }
        }
    }
    rights
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_follows_the_home_squares() {
        let mut edit = EditBoard::new(&Position::startpos());
        for command in ["#", "Ke1", "Rh1", "Ra2", "c", "Ke8", "Ra8"] {
            edit.apply(command.parse().unwrap());
        }
        let pos = edit.finish().unwrap();
        let rights = pos.castling_rights();
        assert!(rights.has(Color::White, CastlingSide::King));
        assert!(!rights.has(Color::White, CastlingSide::Queen));
        assert!(rights.has(Color::Black, CastlingSide::Queen));
        assert!(!rights.has(Color::Black, CastlingSide::King));
        let mut edit = EditBoard::new(&Position::startpos());
        edit.apply(EditCommand::Clear);
        assert!(edit.finish().is_err());
    }
}
