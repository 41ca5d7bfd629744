//! Syzygy endgame tables: the win/draw/loss (`.rtbw`) and
//! distance-to-zeroing (`.rtbz`) files that users own, for any number of
//! men their files cover (3 to 7).
//!
//! Outpost reads the files itself, in safe Rust: every read is checked, so a
//! truncated, renamed or damaged file is an error for that table and the
//! others go on working. Files are memory-mapped when first probed
//! ([`Loading::Mapped`]) or read into memory ([`Loading::Read`]).
//!
//! Values follow the usual conventions: [`SyzygyWdl`] from the side to
//! move's view with the fifty-move rule's cursed wins and blessed losses,
//! and the DTZ in plies with the sign of the result (`0` for a draw; beyond
//! ±100 when the fifty-move rule turns the result into a draw), as
//! python-chess's `chess.syzygy` and the original probing code give them.
//!
//! ```
//! use outpost_notation::parse_fen;
//! use outpost_tb::syzygy::{Syzygy, SyzygyWdl};
//!
//! let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/syzygy");
//! let tables = Syzygy::open_path_list(dir);
//! assert_eq!(tables.largest(), 4);
//! // KRvK, White to move: a win, the rook's first capture-free mate a few
//! // plies away.
//! let pos = parse_fen("8/8/8/8/8/2k5/8/K6R w - - 0 1").unwrap();
//! assert_eq!(tables.probe_wdl(&pos).unwrap(), SyzygyWdl::Win);
//! assert!(tables.probe_dtz(&pos).unwrap() > 0);
//! // The root ranking: the move that wins in the fewest zeroing plies.
//! let best = tables.rank_root_moves(&pos, &[], true).unwrap();
//! assert_eq!(best[0].wdl, SyzygyWdl::Win);
//! ```

mod error;
mod index;
mod material;
mod table;

pub use error::SyzygyError;
pub use table::Loading;

use material::{name_of, MaterialKey, TableName};
use outpost_board::{CastlingRights, Move, PieceKind, Position};
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use table::{Table, TableKind};

/// A win/draw/loss value under the fifty-move rule, for the side to move.
///
/// ```
/// use outpost_notation::parse_fen;
/// use outpost_tb::syzygy::{Syzygy, SyzygyWdl};
///
/// // Ordered from worst to best for the side to move, as -2 to 2.
/// assert!(SyzygyWdl::Loss < SyzygyWdl::BlessedLoss && SyzygyWdl::CursedWin < SyzygyWdl::Win);
/// assert_eq!(SyzygyWdl::CursedWin.to_i32(), 1);
/// assert_eq!(SyzygyWdl::from_i32(-1), SyzygyWdl::BlessedLoss);
/// assert_eq!(SyzygyWdl::BlessedLoss.flipped(), SyzygyWdl::CursedWin);
///
/// // A pawn that cannot queen against the king in front of it: a draw.
/// let tables = Syzygy::open_path_list(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/syzygy"));
/// let kpk = parse_fen("2k5/8/8/8/8/6P1/1K6/8 w - - 27 9").unwrap();
/// assert_eq!(tables.probe_wdl(&kpk).unwrap(), SyzygyWdl::Draw);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SyzygyWdl {
    /// Lost even with the fifty-move rule.
    Loss,
    /// Lost with best play, but the fifty-move rule saves it.
    BlessedLoss,
    /// Drawn.
    Draw,
    /// Won with best play, but the fifty-move rule draws it.
    CursedWin,
    /// Won within the fifty-move rule.
    Win,
}

impl SyzygyWdl {
    /// The value as -2 (loss) to 2 (win).
    pub fn to_i32(self) -> i32 {
        match self {
            SyzygyWdl::Loss => -2,
            SyzygyWdl::BlessedLoss => -1,
            SyzygyWdl::Draw => 0,
            SyzygyWdl::CursedWin => 1,
            SyzygyWdl::Win => 2,
        }
    }

    /// The value for -2 to 2 (clamped).
    pub fn from_i32(v: i32) -> SyzygyWdl {
        match v {
            i32::MIN..=-2 => SyzygyWdl::Loss,
            -1 => SyzygyWdl::BlessedLoss,
            0 => SyzygyWdl::Draw,
            1 => SyzygyWdl::CursedWin,
            _ => SyzygyWdl::Win,
        }
    }

    /// The same position from the other side's view.
    pub fn flipped(self) -> SyzygyWdl {
        SyzygyWdl::from_i32(-self.to_i32())
    }

    /// The name `outpost tb probe` prints: `loss`, `blessed-loss`, `draw`,
    /// `cursed-win` or `win`.
    ///
    /// ```
    /// use outpost_tb::syzygy::SyzygyWdl;
    ///
    /// assert_eq!(SyzygyWdl::CursedWin.to_string(), "cursed-win");
    /// assert_eq!("blessed-loss".parse(), Ok(SyzygyWdl::BlessedLoss));
    /// assert_eq!(SyzygyWdl::Win.flipped(), SyzygyWdl::Loss);
    /// assert!("lost".parse::<SyzygyWdl>().is_err());
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            SyzygyWdl::Loss => "loss",
            SyzygyWdl::BlessedLoss => "blessed-loss",
            SyzygyWdl::Draw => "draw",
            SyzygyWdl::CursedWin => "cursed-win",
            SyzygyWdl::Win => "win",
        }
    }
}

impl fmt::Display for SyzygyWdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SyzygyWdl {
    type Err = SyzygyError;

    fn from_str(s: &str) -> Result<SyzygyWdl, SyzygyError> {
        [
            SyzygyWdl::Loss,
            SyzygyWdl::BlessedLoss,
            SyzygyWdl::Draw,
            SyzygyWdl::CursedWin,
            SyzygyWdl::Win,
        ]
        .into_iter()
        .find(|w| w.name() == s)
        .ok_or_else(|| SyzygyError::UnknownWdl {
            text: s.to_string(),
        })
    }
}

/// A root move as the tables rank it.
///
/// ```
/// use outpost_notation::parse_fen;
/// use outpost_tb::syzygy::{Syzygy, SyzygyWdl};
///
/// let tables = Syzygy::open_path_list(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/syzygy"));
/// // White's queen wins, unless it moves next to Black's king and is taken.
/// let pos = parse_fen("8/8/8/8/8/2k5/8/3Q3K w - - 0 1").unwrap();
/// let ranked = tables.rank_root_moves(&pos, &[], true).unwrap();
/// assert_eq!(ranked.len(), pos.legal_moves().len());
/// assert!(ranked.windows(2).all(|pair| pair[0].rank >= pair[1].rank)); // best first
/// assert_eq!(ranked[0].wdl, SyzygyWdl::Win);
/// assert!(ranked[0].dtz > 0);
/// let hang = ranked.iter().find(|m| m.mv.to_string() == "d1d2").unwrap();
/// assert_eq!((hang.wdl, hang.dtz), (SyzygyWdl::Draw, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankedMove {
    /// The move.
    pub mv: Move,
    /// The value after it, from the mover's view.
    pub wdl: SyzygyWdl,
    /// Plies from the root to the next zeroing move (this one included),
    /// signed by the result for the mover; 0 for a draw.
    pub dtz: i32,
    /// Higher is better: wins within the fifty-move rule in the fewest
    /// zeroing plies first, then wins the rule would draw, draws, losses
    /// the rule would save, then losses resisting longest first.
    pub rank: i32,
}

/// The failure of one probe, cheap to return many times in a search; the
/// public functions turn it into a [`SyzygyError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fail {
    Missing(MaterialKey, TableKind),
    Broken(usize, TableKind),
    TooManyMen(u32),
    Castling,
}

/// One material's files.
struct Entry {
    name: TableName,
    wdl_path: Option<PathBuf>,
    dtz_path: Option<PathBuf>,
    wdl: OnceLock<Result<Table, SyzygyError>>,
    dtz: OnceLock<Result<Table, SyzygyError>>,
    /// Whether this entry's WDL and DTZ problems were already taken.
    told: [AtomicBool; 2],
}

/// A set of Syzygy tables from one or more directories. Cheap to open
/// (directories are listed, files opened when first probed) and safe to
/// probe from many threads at once.
///
/// ```
/// use outpost_notation::parse_fen;
/// use outpost_tb::syzygy::{Loading, Syzygy, SyzygyWdl};
///
/// let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/syzygy");
/// let tables = Syzygy::open(&[dir], Loading::Mapped);
/// // The repository holds every 3- and 4-man material, WDL and DTZ.
/// assert_eq!((tables.largest(), tables.materials()), (4, 35));
/// assert_eq!(tables.files(), (35, 35));
///
/// // Values as python-chess gives them (data/syzygy-sample.txt).
/// let kqk = parse_fen("8/8/8/8/KQ6/8/7k/8 w - - 27 20").unwrap();
/// assert_eq!(tables.probe_wdl(&kqk).unwrap(), SyzygyWdl::Win);
/// assert_eq!(tables.probe_dtz(&kqk).unwrap(), 13);
/// let krk = parse_fen("R1k5/8/8/8/8/8/7K/8 b - - 75 20").unwrap();
/// assert_eq!(tables.probe_wdl(&krk).unwrap(), SyzygyWdl::Loss);
/// assert_eq!(tables.probe_dtz(&krk).unwrap(), -28);
///
/// // For the search: no error value, just `None` past the tables.
/// let start = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1").unwrap();
/// assert_eq!(tables.probe_wdl_quiet(&start), None);
/// assert_eq!(tables.probe_wdl_quiet(&kqk), Some(SyzygyWdl::Win));
/// ```
pub struct Syzygy {
    entries: Vec<Entry>,
    by_key: HashMap<MaterialKey, usize>,
    largest: u32,
    loading: Loading,
    /// Problems not yet taken by [`Syzygy::take_problems`].
    pending: Mutex<Vec<SyzygyError>>,
    /// Materials already reported missing.
    missing_told: Mutex<HashSet<(MaterialKey, bool)>>,
}

impl fmt::Debug for Syzygy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Syzygy")
            .field("tables", &self.entries.len())
            .field("largest", &self.largest)
            .finish()
    }
}

impl Syzygy {
    /// The tables in the directories of `list`, separated as the system
    /// separates `PATH` (`:` on Unix, `;` on Windows); empty entries are
    /// skipped. A directory that cannot be read is noted as a problem (see
    /// [`Syzygy::take_problems`]) and the others are used.
    pub fn open_path_list(list: &str) -> Syzygy {
        let dirs: Vec<PathBuf> = std::env::split_paths(list)
            .filter(|p| !p.as_os_str().is_empty())
            .collect();
        Syzygy::open(&dirs, Loading::Mapped)
    }

    /// The tables in `dirs`, loaded as `loading` says.
    ///
    /// ```
    /// use outpost_notation::parse_fen;
    /// use outpost_tb::syzygy::{Loading, Syzygy, SyzygyError};
    ///
    /// let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/syzygy");
    /// // A directory that does not exist is a problem, not a failure: the others are used.
    /// let tables = Syzygy::open(&["no/such/syzygy/dir", data], Loading::Read);
    /// let problems = tables.take_problems();
    /// assert_eq!(problems.len(), 1);
    /// assert!(matches!(problems[0], SyzygyError::Directory { .. }));
    /// assert_eq!(tables.largest(), 4);
    ///
    /// // Every file found opens and checks out.
    /// assert!(tables.check_all().is_empty());
    /// // A promotion is a zeroing move: DTZ 1.
    /// let kpk = parse_fen("8/1P6/8/8/8/8/K7/4k3 w - - 1 37").unwrap();
    /// assert_eq!(tables.probe_dtz(&kpk).unwrap(), 1);
    /// ```
    pub fn open<P: AsRef<Path>>(dirs: &[P], loading: Loading) -> Syzygy {
        let mut problems = Vec::new();
        let mut entries: Vec<Entry> = Vec::new();
        let mut by_key = HashMap::new();
        for dir in dirs {
            let dir = dir.as_ref();
            let listing = match std::fs::read_dir(dir) {
                Ok(listing) => listing,
                Err(e) => {
                    problems.push(SyzygyError::Directory {
                        path: dir.to_path_buf(),
                        reason: e.to_string(),
                    });
                    continue;
                }
            };
            let mut files: Vec<PathBuf> = listing.filter_map(|e| Some(e.ok()?.path())).collect();
            files.sort();
            for path in files {
                let Some(ext) = path.extension().and_then(|e| e.to_str()) else {
                    continue;
                };
                let is_wdl = match ext {
                    "rtbw" => true,
                    "rtbz" => false,
                    _ => continue,
                };
                let Some(name) = path
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .and_then(TableName::parse)
                else {
                    continue;
                };
                let at = *by_key.entry(name.key).or_insert_with(|| {
                    entries.push(Entry {
                        name: name.clone(),
                        wdl_path: None,
                        dtz_path: None,
                        wdl: OnceLock::new(),
                        dtz: OnceLock::new(),
                        told: [AtomicBool::new(false), AtomicBool::new(false)],
                    });
                    entries.len() - 1
                });
                by_key.entry(name.key.mirrored()).or_insert(at);
                let slot = if is_wdl {
                    &mut entries[at].wdl_path
                } else {
                    &mut entries[at].dtz_path
                };
                // The first directory of the list wins.
                if slot.is_none() {
                    *slot = Some(path);
                }
            }
        }
        let largest = entries
            .iter()
            .filter(|e| e.wdl_path.is_some())
            .map(|e| e.name.key.men())
            .max()
            .unwrap_or(0);
        Syzygy {
            entries,
            by_key,
            largest,
            loading,
            pending: Mutex::new(problems),
            missing_told: Mutex::new(HashSet::new()),
        }
    }

    /// The most men of any WDL table found (0 when none).
    pub fn largest(&self) -> u32 {
        self.largest
    }

    /// How many materials have at least one file.
    pub fn materials(&self) -> usize {
        self.entries.len()
    }

    /// How many WDL and DTZ files were found.
    pub fn files(&self) -> (usize, usize) {
        (
            self.entries.iter().filter(|e| e.wdl_path.is_some()).count(),
            self.entries.iter().filter(|e| e.dtz_path.is_some()).count(),
        )
    }

    /// Problems met since the last call, each reported once: directories
    /// that could not be read, files that are missing, truncated or damaged.
    pub fn take_problems(&self) -> Vec<SyzygyError> {
        self.pending
            .lock()
            .map(|mut p| std::mem::take(&mut *p))
            .unwrap_or_default()
    }

    /// Opens every file found now (instead of at its first probe) and
    /// returns the problems of those that cannot be used.
    pub fn check_all(&self) -> Vec<SyzygyError> {
        for (at, _) in self.entries.iter().enumerate() {
            for kind in [TableKind::Wdl, TableKind::Dtz] {
                if let Err(fail) = self.table(at, kind) {
                    self.note(fail);
                }
            }
        }
        self.take_problems()
    }

    fn table(&self, at: usize, kind: TableKind) -> Result<&Table, Fail> {
        let entry = &self.entries[at];
        let (cell, path) = match kind {
            TableKind::Wdl => (&entry.wdl, &entry.wdl_path),
            TableKind::Dtz => (&entry.dtz, &entry.dtz_path),
        };
        let Some(path) = path else {
            return Err(Fail::Missing(entry.name.key, kind));
        };
        cell.get_or_init(|| Table::open(path, kind, &entry.name, self.loading))
            .as_ref()
            .map_err(|_| Fail::Broken(at, kind))
    }

    fn error(&self, fail: Fail) -> SyzygyError {
        match fail {
            Fail::Missing(key, kind) => SyzygyError::MissingTable {
                material: name_of(key),
                kind: kind.label(),
            },
            Fail::Broken(at, kind) => {
                let entry = &self.entries[at];
                let cell = match kind {
                    TableKind::Wdl => &entry.wdl,
                    TableKind::Dtz => &entry.dtz,
                };
                match cell.get() {
                    Some(Err(e)) => e.clone(),
                    _ => SyzygyError::MissingTable {
                        material: entry.name.name.clone(),
                        kind: kind.label(),
                    },
                }
            }
            Fail::TooManyMen(men) => SyzygyError::TooManyMen {
                men,
                largest: self.largest,
            },
            Fail::Castling => SyzygyError::CastlingRights,
        }
    }

    /// Records `fail` as a problem to report, once per table.
    fn note(&self, fail: Fail) {
        let first = match fail {
            Fail::Broken(at, kind) => !self.entries[at].told[usize::from(kind == TableKind::Dtz)]
                .swap(true, Ordering::Relaxed),
            Fail::Missing(key, kind) => {
                // Both colourings of a material are one table.
                let canonical = match self.by_key.get(&key) {
                    Some(&at) => self.entries[at].name.key,
                    None => key.canonical(),
                };
                self.missing_told
                    .lock()
                    .map(|mut told| told.insert((canonical, kind == TableKind::Wdl)))
                    .unwrap_or(false)
            }
            Fail::TooManyMen(_) | Fail::Castling => false,
        };
        if first {
            let err = self.error(fail);
            if let Ok(mut pending) = self.pending.lock() {
                pending.push(err);
            }
        }
    }

    fn check(&self, pos: &Position) -> Result<(), Fail> {
        if pos.castling_rights() != CastlingRights::NONE {
            return Err(Fail::Castling);
        }
        let men = pos.occupied().count();
        if men > self.largest {
            return Err(Fail::TooManyMen(men));
        }
        Ok(())
    }

    /// The WDL value of `pos` for the side to move, assuming it was reached
    /// by a capture or pawn move (its halfmove clock is not read).
    pub fn probe_wdl(&self, pos: &Position) -> Result<SyzygyWdl, SyzygyError> {
        self.check(pos)
            .and_then(|()| self.wdl(pos))
            .map(SyzygyWdl::from_i32)
            .map_err(|f| {
                self.note(f);
                self.error(f)
            })
    }

    /// [`Syzygy::probe_wdl`] for the search: no allocation, and a failure
    /// is `None` (its cause noted once for [`Syzygy::take_problems`]).
    pub fn probe_wdl_quiet(&self, pos: &Position) -> Option<SyzygyWdl> {
        match self.check(pos).and_then(|()| self.wdl(pos)) {
            Ok(v) => Some(SyzygyWdl::from_i32(v)),
            Err(fail) => {
                self.note(fail);
                None
            }
        }
    }

    /// The DTZ of `pos` in plies for the side to move: positive when it
    /// wins, negative when it loses, 0 for a draw; beyond ±100 for a cursed
    /// win or blessed loss. It may be one ply more than the exact distance
    /// where that cannot change the result (the tables' rounding).
    pub fn probe_dtz(&self, pos: &Position) -> Result<i32, SyzygyError> {
        self.check(pos).and_then(|()| self.dtz(pos)).map_err(|f| {
            self.note(f);
            self.error(f)
        })
    }

    /// Every legal move of `pos` ranked by the tables, best first (see
    /// [`RankedMove::rank`]). `history` holds the keys of the game's
    /// earlier positions: a move that repeats a position for the third time
    /// is a draw. With `fifty_move_rule` false, cursed wins rank as wins
    /// and blessed losses as losses.
    pub fn rank_root_moves(
        &self,
        pos: &Position,
        history: &[u64],
        fifty_move_rule: bool,
    ) -> Result<Vec<RankedMove>, SyzygyError> {
        let to_error = |f| {
            self.note(f);
            self.error(f)
        };
        self.check(pos).map_err(to_error)?;
        let clock = pos.halfmove_clock() as i32;
        let mut ranked = Vec::new();
        for mv in pos.legal_moves().iter().copied() {
            let after = pos.play(mv);
            let zeroing = is_zeroing(pos, mv);
            let wdl = -self.wdl(&after).map_err(to_error)?;
            let mut dtz = if zeroing {
                dtz_before_zeroing(wdl)
            } else {
                let d = -self.dtz(&after).map_err(to_error)?;
                d + d.signum()
            };
            if after.is_checkmate() {
                dtz = 1;
            }
            let repeats = history.iter().filter(|&&k| k == after.key()).count() >= 2;
            if repeats {
                dtz = 0;
            }
            let rank = if dtz > 0 {
                if !fifty_move_rule || dtz + clock <= 99 {
                    2 * RANK_BASE - dtz
                } else {
                    RANK_BASE - dtz.min(RANK_BASE - 1)
                }
            } else if dtz < 0 {
                if !fifty_move_rule || -dtz + clock <= 100 {
                    -2 * RANK_BASE - dtz
                } else {
                    -RANK_BASE - dtz.max(-(RANK_BASE - 1))
                }
            } else {
                0
            };
            let wdl = if repeats {
                SyzygyWdl::Draw
            } else {
                SyzygyWdl::from_i32(wdl)
            };
            ranked.push(RankedMove { mv, wdl, dtz, rank });
        }
        ranked.sort_by_key(|m| std::cmp::Reverse(m.rank));
        Ok(ranked)
    }

    /// The table value of `pos`, ignoring en passant: probes captures first,
    /// since the tables store "don't care" values where a capture is best.
    /// Returns the value and 2 when a capture decides it, else 1.
    fn probe_ab(&self, pos: &Position, mut alpha: i32, beta: i32) -> Result<(i32, u8), Fail> {
        for mv in pos.legal_moves().iter().copied() {
            if !mv.is_capture() || mv.is_en_passant() {
                continue;
            }
            let (v, _) = self.probe_ab(&pos.play(mv), -beta, -alpha)?;
            let v = -v;
            if v > alpha {
                if v >= beta {
                    return Ok((v, 2));
                }
                alpha = v;
            }
        }
        let v = self.wdl_table(pos)?;
        if alpha >= v {
            Ok((alpha, 1 + u8::from(alpha > 0)))
        } else {
            Ok((v, 1))
        }
    }

    fn wdl_table(&self, pos: &Position) -> Result<i32, Fail> {
        let occupied = pos.occupied();
        if occupied.count() == 2 {
            return Ok(0);
        }
        let key = MaterialKey::of(pos);
        let Some(&at) = self.by_key.get(&key) else {
            return Err(Fail::Missing(key, TableKind::Wdl));
        };
        let table = self.table(at, TableKind::Wdl)?;
        table
            .probe_wdl(pos)
            .map_err(|_| Fail::Broken(at, TableKind::Wdl))
    }

    fn dtz_table(&self, pos: &Position, wdl: i32) -> Result<Option<i32>, Fail> {
        let key = MaterialKey::of(pos);
        let Some(&at) = self.by_key.get(&key) else {
            return Err(Fail::Missing(key, TableKind::Dtz));
        };
        let table = self.table(at, TableKind::Dtz)?;
        table
            .probe_dtz(pos, wdl)
            .map_err(|_| Fail::Broken(at, TableKind::Dtz))
    }

    /// The en-passant captures' best value (-3 when there is none).
    fn best_en_passant(&self, pos: &Position) -> Result<i32, Fail> {
        let mut best = -3;
        if pos.en_passant().is_none() {
            return Ok(best);
        }
        for mv in pos.legal_moves().iter().copied() {
            if mv.is_en_passant() {
                let (v, _) = self.probe_ab(&pos.play(mv), -2, 2)?;
                best = best.max(-v);
            }
        }
        Ok(best)
    }

    fn only_en_passant(pos: &Position) -> bool {
        pos.legal_moves().iter().all(|mv| mv.is_en_passant())
    }

    fn wdl(&self, pos: &Position) -> Result<i32, Fail> {
        let (mut v, _) = self.probe_ab(pos, -2, 2)?;
        let ep = self.best_en_passant(pos)?;
        if ep > -3 && (ep >= v || (v == 0 && Syzygy::only_en_passant(pos))) {
            v = ep;
        }
        Ok(v)
    }

    fn dtz_no_en_passant(&self, pos: &Position) -> Result<i32, Fail> {
        let (wdl, success) = self.probe_ab(pos, -2, 2)?;
        if wdl == 0 {
            return Ok(0);
        }
        if success == 2 {
            return Ok(dtz_before_zeroing(wdl));
        }
        let us = pos.side_to_move();
        let pawns = pos.pieces_of(us, PieceKind::Pawn);
        if wdl > 0 {
            // A winning pawn move (not a capture) zeroes at once.
            for mv in pos.legal_moves().iter().copied() {
                if !pawns.contains(mv.from()) || mv.is_capture() {
                    continue;
                }
                let v = -self.wdl(&pos.play(mv))?;
                if v == wdl {
                    return Ok(if v == 2 { 1 } else { 101 });
                }
            }
        }
        if let Some(dtz) = self.dtz_table(pos, wdl)? {
            return Ok(dtz_before_zeroing(wdl) + if wdl > 0 { dtz } else { -dtz });
        }
        // The file holds the other side to move: one ply of search.
        if wdl > 0 {
            let mut best = 0xffff;
            for mv in pos.legal_moves().iter().copied() {
                if pawns.contains(mv.from()) || mv.is_capture() {
                    continue;
                }
                let after = pos.play(mv);
                let v = -self.dtz(&after)?;
                if v == 1 && after.is_checkmate() {
                    best = 1;
                } else if v > 0 && v + 1 < best {
                    best = v + 1;
                }
            }
            Ok(best)
        } else {
            let mut best = -1;
            for mv in pos.legal_moves().iter().copied() {
                let after = pos.play(mv);
                let v = if is_zeroing(pos, mv) {
                    if wdl == -2 {
                        -1
                    } else {
                        let (v, _) = self.probe_ab(&after, 1, 2)?;
                        if v == 2 {
                            0
                        } else {
                            -101
                        }
                    }
                } else {
                    -self.dtz(&after)? - 1
                };
                best = best.min(v);
            }
            Ok(best)
        }
    }

    fn dtz(&self, pos: &Position) -> Result<i32, Fail> {
        let mut v = self.dtz_no_en_passant(pos)?;
        let ep = self.best_en_passant(pos)?;
        if ep > -3 {
            let ep = [-1, -101, 0, 101, 1][(ep + 2) as usize];
            if v < -100 {
                if ep >= 0 {
                    v = ep;
                }
            } else if v < 0 {
                if !(-100..0).contains(&ep) {
                    v = ep;
                }
            } else if v > 100 {
                if ep > 0 {
                    v = ep;
                }
            } else if v > 0 {
                if ep == 1 {
                    v = ep;
                }
            } else if ep >= 0 || Syzygy::only_en_passant(pos) {
                v = ep;
            }
        }
        Ok(v)
    }
}

/// Spread of the root ranks: wins within the rule rank above `2 *
/// RANK_BASE - 1000`, losses below `-2 * RANK_BASE + 1000`.
const RANK_BASE: i32 = 1 << 20;

/// The DTZ of a position whose best move zeroes: 1 (or 101 for a cursed
/// win) with the sign of the result.
fn dtz_before_zeroing(wdl: i32) -> i32 {
    wdl.signum() * if wdl.abs() == 2 { 1 } else { 101 }
}

/// Whether `mv` resets the fifty-move counter.
fn is_zeroing(pos: &Position, mv: Move) -> bool {
    mv.is_capture() || pos.pieces(PieceKind::Pawn).contains(mv.from())
}

#[cfg(test)]
mod tests;
