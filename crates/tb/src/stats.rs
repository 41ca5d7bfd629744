//! Statistics of a table: how many positions are won, drawn and lost.

use crate::{Dtm, Material, Tablebases, TbError};
use outpost_notation::to_fen;

/// Counts for one side to move.
///
/// ```
/// use outpost_notation::parse_fen;
/// use outpost_tb::{Dtm, Material, Tablebases};
///
/// let tb = Tablebases::in_memory();
/// let krk: Material = "KRK".parse().unwrap();
/// let [white, black] = outpost_tb::table_stats(&tb, krk).unwrap().sides;
/// // The side with the rook never loses; the bare king never wins.
/// assert_eq!((white.losses, black.wins), (0, 0));
/// assert!(white.wins > 0 && black.losses > 0);
/// // The longest win: mate in 16 moves, and a position that takes that long.
/// let (plies, fen) = white.longest_win.unwrap();
/// assert_eq!(Dtm::Win(plies).moves(), Some(16));
/// assert_eq!(tb.probe_dtm(&parse_fen(&fen).unwrap()).unwrap(), Dtm::Win(plies));
/// assert_eq!(white.longest_loss, None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideStats {
    /// Positions the side to move wins.
    pub wins: u64,
    /// Positions drawn.
    pub draws: u64,
    /// Positions the side to move loses (checkmates included).
    pub losses: u64,
    /// The longest win, in plies, and a position (FEN) where the side to
    /// move wins in exactly that many.
    pub longest_win: Option<(u16, String)>,
    /// The longest loss, in plies, and a position where the side to move is
    /// mated in exactly that many.
    pub longest_loss: Option<(u16, String)>,
}

/// The statistics of one table.
///
/// ```
/// use outpost_tb::{table_stats, Material, Tablebases};
///
/// let tb = Tablebases::in_memory();
/// // Asked for the weaker side's view, the table is still KQK.
/// let stats = table_stats(&tb, "KKQ".parse().unwrap()).unwrap();
/// assert_eq!(stats.material, "KQK".parse::<Material>().unwrap());
/// assert!(stats.positions as usize <= stats.slots);
/// let counted: u64 = stats.sides.iter().map(|s| s.wins + s.draws + s.losses).sum();
/// assert_eq!(counted, stats.positions);
/// // With Black to move, some positions are drawn: the queen can be taken,
/// // or Black is stalemated.
/// assert!(stats.sides[1].draws > 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableStats {
    /// The table's material (stronger side White).
    pub material: Material,
    /// Slots in the table, legal or not.
    pub slots: usize,
    /// Legal positions, both sides to move, counted once per symmetry class.
    pub positions: u64,
    /// Counts with White to move, then with Black to move.
    pub sides: [SideStats; 2],
}

/// Scans a table and counts its results (loading or failing like a probe).
pub fn table_stats(tb: &Tablebases, material: Material) -> Result<TableStats, TbError> {
    let (material, _) = material.canonical();
    let layout = tb.layout(material)?;
    let bytes = tb.dtm_table(material)?;
    let mut sides = [SideStats::default(), SideStats::default()];
    let mut longest = [[(0u16, usize::MAX); 2]; 2];
    let mut positions = 0;
    for (index, &byte) in bytes.iter().enumerate() {
        let Some(dtm) = Dtm::from_byte(byte) else {
            continue;
        };
        positions += 1;
        let side = index / layout.per_side;
        let s = &mut sides[side];
        let (kind, plies) = match dtm {
            Dtm::Win(p) => {
                s.wins += 1;
                (0, p)
            }
            Dtm::Loss(p) => {
                s.losses += 1;
                (1, p)
            }
            Dtm::Draw => {
                s.draws += 1;
                continue;
            }
        };
        let best = &mut longest[side][kind];
        if best.1 == usize::MAX || plies > best.0 {
            *best = (plies, index);
        }
    }
    for (side, s) in sides.iter_mut().enumerate() {
        let fen = |(plies, index): (u16, usize)| {
            (index != usize::MAX)
                .then(|| layout.position(index).map(|p| (plies, to_fen(&p))))
                .flatten()
        };
        s.longest_win = fen(longest[side][0]);
        s.longest_loss = fen(longest[side][1]);
    }
    Ok(TableStats {
        material,
        slots: bytes.len(),
        positions,
        sides,
    })
}
