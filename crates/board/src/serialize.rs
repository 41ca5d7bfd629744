//! Serde support (feature `serde`): each value type as its text form, so a
//! JSON or TOML file reads as a person writes chess.
//!
//! | type | serialized as |
//! |---|---|
//! | [`Square`], [`File`], [`Rank`] | `"e4"`, `"e"`, `"4"` |
//! | [`Color`] | `"white"`, `"black"` |
//! | [`Piece`], [`PieceKind`] | `"N"` / `"n"`, `"n"` |
//! | [`Position`] | its FEN |
//! | [`Bitboard`] | the 64-bit number |
//! | [`MoveKind`] | the variant's name, `"DoublePush"` (derived) |
//! | [`Move`] | `{"from": "e2", "to": "e4", "kind": "DoublePush"}`: the fields it is made of, so every move round-trips, castling and null moves included |
//!
//! Deserializing reads the same text with the type's `FromStr` (a FEN is
//! checked for legality); bad text is a deserialization error naming what
//! was expected.
//!
//! ```
//! use outpost_board::{Move, Position, Square};
//!
//! let pos = Position::startpos();
//! let e4 = pos.find_move(Square::E2, Square::E4, None).unwrap();
//! let json = serde_json::to_string(&e4).unwrap();
//! assert_eq!(json, r#"{"from":"e2","to":"e4","kind":"DoublePush"}"#);
//! assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), e4);
//! let fen = serde_json::to_string(&pos).unwrap();
//! assert_eq!(serde_json::from_str::<Position>(&fen).unwrap(), pos);
//! assert!(serde_json::from_str::<Square>("\"z9\"").is_err());
//! ```

use crate::{Bitboard, Color, File, Move, MoveKind, Piece, PieceKind, Position, Rank, Square};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

/// Reads a `T` from a string with its `FromStr`.
struct TextVisitor<T>(PhantomData<T>, &'static str);

impl<T: FromStr> Visitor<'_> for TextVisitor<T>
where
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

/// Serialize and Deserialize through `Display` and `FromStr`.
macro_rules! as_text {
    ($($ty:ty => $expecting:literal),* $(,)?) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                deserializer.deserialize_str(TextVisitor(PhantomData, $expecting))
            }
        }
    )*};
}

as_text! {
    Square => "a square such as \"e4\"",
    File => "a file letter, \"a\" to \"h\"",
    Rank => "a rank digit, \"1\" to \"8\"",
    Color => "a colour, \"white\" or \"black\"",
    Piece => "a piece letter such as \"N\" or \"n\"",
    PieceKind => "a piece kind such as \"n\" or \"knight\"",
    Position => "a position's FEN",
}

impl Serialize for Bitboard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(self.0)
    }
}

impl<'de> Deserialize<'de> for Bitboard {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Bitboard, D::Error> {
        u64::deserialize(deserializer).map(Bitboard)
    }
}

/// A move's fields, as serde writes them.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Move", deny_unknown_fields)]
struct MoveFields {
    from: Square,
    to: Square,
    kind: MoveKind,
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        MoveFields {
            from: self.from(),
            to: self.to(),
            kind: self.kind(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        let fields = MoveFields::deserialize(deserializer)?;
        Ok(Move::new(fields.from, fields.to, fields.kind))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<T>(value: T) -> T
    where
        T: Serialize + for<'de> Deserialize<'de>,
    {
        let json = serde_json::to_string(&value).unwrap();
        serde_json::from_str(&json).unwrap()
    }

    #[test]
    fn every_square_piece_file_rank_and_colour_round_trips() {
        for sq in Square::ALL {
            assert_eq!(round_trip(sq), sq);
            assert_eq!(round_trip(sq.file()), sq.file());
            assert_eq!(round_trip(sq.rank()), sq.rank());
        }
        for color in Color::ALL {
            assert_eq!(round_trip(color), color);
            for kind in PieceKind::ALL {
                let piece = Piece::new(color, kind);
                assert_eq!(round_trip(piece), piece);
                assert_eq!(round_trip(kind), kind);
            }
        }
        assert_eq!(
            round_trip(Bitboard(0x8100_0000_0000_0081)).0,
            0x8100_0000_0000_0081
        );
    }

    #[test]
    fn every_move_kind_and_every_legal_move_round_trips() {
        for bits in 0..16u16 {
            let kind = Move::from_bits(bits << 12).kind();
            assert_eq!(round_trip(kind), kind);
        }
        assert_eq!(
            serde_json::to_string(&MoveKind::DoublePush).unwrap(),
            "\"DoublePush\""
        );
        assert_eq!(round_trip(Move::NULL), Move::NULL);
        // Castling both ways, en passant, promotions with and without capture.
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/1P4pp/8/2pP4/8/8/6PP/R3K2R w KQkq c6 0 2",
        ];
        for fen in fens {
            let pos: Position = fen.parse().unwrap();
            assert_eq!(round_trip(pos), pos);
            for &mv in pos.legal_moves().iter() {
                assert_eq!(round_trip(mv), mv, "{mv} in {fen}");
            }
        }
    }

    #[test]
    fn bad_text_is_an_error_not_a_panic() {
        assert!(serde_json::from_str::<Square>("\"i9\"").is_err());
        assert!(serde_json::from_str::<Color>("\"purple\"").is_err());
        assert!(serde_json::from_str::<Position>("\"8/8/8 w - -\"").is_err());
        assert!(serde_json::from_str::<MoveKind>("\"Teleport\"").is_err());
        assert!(serde_json::from_str::<Move>(r#"{"from":"e2","to":"e4"}"#).is_err());
        assert!(
            serde_json::from_str::<Move>(r#"{"from":"e2","to":"e4","kind":"Quiet","x":1}"#)
                .is_err()
        );
        assert!(serde_json::from_str::<Square>("4").is_err());
    }
}
