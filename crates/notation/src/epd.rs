//! Extended Position Description: a position and a list of operations.
//!
//! An EPD line is the first four FEN fields followed by operations, each an
//! opcode, its operands and a `;`: `bm Qd1+; id "BK.01";`. Operations whose
//! meaning is known are typed (moves are SAN checked against the position);
//! any other opcode keeps its operands as strings. For the perft files in
//! common use, the halfmove clock and fullmove number may follow the four
//! fields, and the operations may start with `;`. The clocks, given either
//! way or as the standard `hmvc` and `fmvn` operations, are the position's;
//! they are written back as `hmvc` and `fmvn` where not 0 and 1.

use crate::game::play;
use crate::uci_move::{is_long_algebraic, long_algebraic};
use crate::{
    parse_san, parse_setup, to_fen, to_san, EpdError, FenError, ReadOptions, Warning, WarningKind,
};
use outpost_board::{Move, Position};
use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

/// One EPD operation.
///
/// ```
/// use outpost_notation::{parse_epd, Operation};
///
/// let line = "4k3/8/8/8/8/8/4P3/4K3 w - - D1 6; c0 \"pawn ending\"; acd 12; tag x;";
/// let epd = parse_epd(line).unwrap();
/// assert_eq!(epd.operations[0], Operation::Perft { depth: 1, nodes: 6 });
/// assert_eq!(epd.operations[1].opcode(), "c0");
/// assert_eq!(epd.comment(0), Some("pawn ending"));
/// assert_eq!(epd.operations[2], Operation::AnalysisDepth(12));
/// // Unknown opcodes keep their operands as text.
/// assert_eq!(
///     epd.operations[3],
///     Operation::Other {
///         opcode: "tag".to_string(),
///         operands: vec!["x".to_string()]
///     }
/// );
/// assert_eq!(outpost_board::perft(&epd.position, 1), 6);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operation {
    /// `bm`: the best moves.
    BestMoves(Vec<Move>),
    /// `am`: the moves to avoid.
    AvoidMoves(Vec<Move>),
    /// `id`: the position's name.
    Id(String),
    /// `c0` to `c9`: a comment.
    Comment {
        /// 0 to 9.
        index: u8,
        /// The comment's text.
        text: String,
    },
    /// `D1`, `D2`, ...: the perft count at a depth.
    Perft {
        /// The depth.
        depth: u32,
        /// The number of leaves.
        nodes: u64,
    },
    /// `ce`: the evaluation in centipawns, from the side to move's view.
    CentipawnEval(i32),
    /// `acd`: the depth of the analysis, in plies.
    AnalysisDepth(u32),
    /// `pv`: the predicted variation, each move played from the position the
    /// previous one leads to.
    PrincipalVariation(Vec<Move>),
    /// Any other opcode with its operands (quotes removed from strings).
    Other {
        /// The opcode.
        opcode: String,
        /// The operands.
        operands: Vec<String>,
    },
}

impl Operation {
    /// The operation's opcode: `bm`, `c0`, `D3`, ...
    pub fn opcode(&self) -> String {
        match self {
            Operation::BestMoves(_) => "bm".to_string(),
            Operation::AvoidMoves(_) => "am".to_string(),
            Operation::Id(_) => "id".to_string(),
            Operation::Comment { index, .. } => format!("c{index}"),
            Operation::Perft { depth, .. } => format!("D{depth}"),
            Operation::CentipawnEval(_) => "ce".to_string(),
            Operation::AnalysisDepth(_) => "acd".to_string(),
            Operation::PrincipalVariation(_) => "pv".to_string(),
            Operation::Other { opcode, .. } => opcode.clone(),
        }
    }
}

/// A position with its EPD operations, in order.
///
/// ```
/// use outpost_notation::{Epd, Operation};
///
/// let epd: Epd = "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01\";"
///     .parse()
///     .unwrap();
/// assert_eq!(epd.best_moves().unwrap()[0].to_string(), "d6d1");
/// assert_eq!(epd.id(), Some("BK.01"));
/// assert_eq!(
///     epd.to_string(),
///     "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01\";"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Epd {
    /// The position (clocks 0 and 1 unless the line gave them, as two
    /// fields after the four or as `hmvc` and `fmvn`).
    pub position: Position,
    /// The operations, in order.
    pub operations: Vec<Operation>,
}

impl Epd {
    /// The first operation with opcode `opcode`.
    ///
    /// ```
    /// use outpost_notation::{parse_epd, Operation};
    ///
    /// let epd = parse_epd("4k3/8/8/8/8/8/4P3/4K3 w - - ce 250; bm e4; am Kd1;").unwrap();
    /// assert_eq!(epd.operation("ce"), Some(&Operation::CentipawnEval(250)));
    /// assert_eq!(epd.best_moves().unwrap()[0].to_string(), "e2e4");
    /// assert_eq!(epd.avoid_moves().unwrap()[0].to_string(), "e1d1");
    /// assert_eq!(epd.operation("pv"), None);
    /// ```
    pub fn operation(&self, opcode: &str) -> Option<&Operation> {
        self.operations.iter().find(|op| op.opcode() == opcode)
    }

    /// The `bm` moves, if any.
    pub fn best_moves(&self) -> Option<&[Move]> {
        self.operations.iter().find_map(|op| match op {
            Operation::BestMoves(moves) => Some(moves.as_slice()),
            _ => None,
        })
    }

    /// The `am` moves, if any.
    pub fn avoid_moves(&self) -> Option<&[Move]> {
        self.operations.iter().find_map(|op| match op {
            Operation::AvoidMoves(moves) => Some(moves.as_slice()),
            _ => None,
        })
    }

    /// The `id`, if any.
    pub fn id(&self) -> Option<&str> {
        self.operations.iter().find_map(|op| match op {
            Operation::Id(id) => Some(id.as_str()),
            _ => None,
        })
    }

    /// The comment `c<index>`, if any.
    pub fn comment(&self, index: u8) -> Option<&str> {
        self.operations.iter().find_map(|op| match op {
            Operation::Comment { index: i, text } if *i == index => Some(text.as_str()),
            _ => None,
        })
    }
}

/// Parses one EPD line, leniently (see [`parse_epd_with`]; the warnings
/// are dropped).
///
/// ```
/// use outpost_notation::{parse_epd, EpdError};
///
/// let epd = parse_epd("4k3/8/8/8/8/8/4P3/4K3 w - - bm e4; id \"pawn push\";").unwrap();
/// assert_eq!(epd.id(), Some("pawn push"));
/// assert_eq!(epd.best_moves().unwrap()[0].to_string(), "e2e4");
/// assert_eq!(epd.position.fullmove_number(), 1);
/// // Moves are checked against the position.
/// assert!(matches!(
///     parse_epd("4k3/8/8/8/8/8/4P3/4K3 w - - bm e5;"),
///     Err(EpdError::Operation { .. })
/// ));
/// ```
pub fn parse_epd(line: &str) -> Result<Epd, EpdError> {
    parse_epd_with(line, ReadOptions::default()).map(|(epd, _)| epd)
}

/// The opcodes whose operands are a list of words (moves).
const LIST_OPCODES: [&str; 5] = ["bm", "am", "pv", "sv", "noop"];

/// Parses one EPD line, strict or lenient as `options` say, with the
/// warnings of what a lenient reading repaired (each at line 1 and the
/// column of the text concerned).
///
/// Both modes reject control characters and unquoted text of several words
/// where one operand is expected (`c0 a free remark;`: strings go in quotes,
/// with `\"` and `\\` for a quote and a backslash). A lenient reading
/// accepts `-` for the clocks, an opcode glued to its operand with `=`
/// (`id="33"`) and moves in long algebraic notation (`bm g6g4`).
///
/// ```
/// use outpost_notation::{parse_epd_with, EpdError, ReadOptions, WarningKind};
///
/// let line = "4k3/8/8/8/8/8/4P3/4K3 w - - - bm e4; id=\"say \\\"hi\\\"\";";
/// let (epd, warnings) = parse_epd_with(line, ReadOptions::default()).unwrap();
/// assert_eq!(epd.best_moves().unwrap()[0].to_string(), "e2e4");
/// assert_eq!(epd.id(), Some("say \"hi\""));
/// let kinds: Vec<_> = warnings.iter().map(|w| w.kind).collect();
/// assert_eq!(kinds, [WarningKind::EpdDashClock, WarningKind::EpdGluedOperand]);
/// assert!(parse_epd_with(line, ReadOptions::strict()).is_err());
/// assert!(matches!(
///     parse_epd_with("4k3/8/8/8/8/8/4P3/4K3 w - - c0 nice endgame;", ReadOptions::default()),
///     Err(EpdError::Operation { .. })
/// ));
/// ```
pub fn parse_epd_with(line: &str, options: ReadOptions) -> Result<(Epd, Vec<Warning>), EpdError> {
    if let Some((at, c)) = line
        .char_indices()
        .find(|&(_, c)| c.is_control() && !matches!(c, '\t' | '\r' | '\n'))
    {
        return Err(EpdError::ControlCharacter {
            code: u32::from(c),
            column: line[..at].chars().count() + 1,
        });
    }
    let mut reader = EpdLine {
        line,
        options,
        warnings: Vec::new(),
    };
    let mut fields = Vec::with_capacity(6);
    let mut clocks = 0;
    let mut dashes = 0;
    let mut rest = line.trim();
    while fields.len() < 6 {
        let token_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let token = &rest[..token_end];
        if token.is_empty() {
            break;
        }
        if fields.len() >= 4 {
            // Only the clocks may follow the four position fields: two
            // plain numbers, or (leniently) `-` for an unknown one.
            if token == "-" && !options.strict && clocks < 2 {
                reader.warn(WarningKind::EpdDashClock, token);
                clocks += 1;
                dashes += 1;
                rest = rest[token_end..].trim_start();
                continue;
            }
            if !token.bytes().all(|b| b.is_ascii_digit()) || clocks >= 2 {
                break;
            }
            clocks += 1;
        }
        fields.push(token);
        rest = rest[token_end..].trim_start();
    }
    if fields.len() == 5 && dashes > 0 {
        // One clock given with a `-` for the other: the halfmove clock
        // alone is not enough for FEN, so drop it.
        fields.pop();
    } else if fields.len() == 5 {
        // One number is an operand-less opcode or garbage, not a clock pair.
        return Err(EpdError::Operation {
            opcode: fields[4].to_string(),
            reason: "expected an opcode starting with a letter".to_string(),
        });
    }
    if fields.len() < 4 {
        return Err(EpdError::FieldCount {
            found: fields.len(),
        });
    }
    let mut setup = parse_setup(&fields.join(" ")).map_err(EpdError::Position)?;
    let split = reader.split_operations(rest)?;
    // `hmvc` and `fmvn` are the position's clocks: they go into the
    // position (and `Display` writes them back), not into the operations.
    let inline_clocks = fields.len() == 6;
    let mut clock_seen = [false; 2];
    for (opcode, operands) in &split {
        let Some(which) = clock_index(opcode) else {
            continue;
        };
        let bad = |reason: &str| EpdError::Operation {
            opcode: opcode.to_string(),
            reason: reason.to_string(),
        };
        let value: u32 = match operands.as_slice() {
            [one] if !one.quoted => one.text.parse().ok(),
            _ => None,
        }
        .ok_or_else(|| bad("expected exactly one number"))?;
        if which == 1 && value == 0 {
            return Err(bad("the fullmove number starts at 1"));
        }
        let field = if which == 0 {
            &mut setup.halfmove_clock
        } else {
            &mut setup.fullmove_number
        };
        if (inline_clocks || clock_seen[which]) && *field != value {
            return Err(bad("contradicts the clock given before"));
        }
        *field = value;
        clock_seen[which] = true;
    }
    let position = Position::from_setup(&setup)
        .map_err(|e| EpdError::Position(FenError::IllegalPosition(e)))?;
    let mut operations = Vec::new();
    for (opcode, operands) in split {
        if clock_index(opcode).is_some() {
            continue;
        }
        operations.push(reader.parse_operation(&position, opcode, &operands)?);
    }
    reader.warnings.sort_by_key(|w| w.column);
    Ok((
        Epd {
            position,
            operations,
        },
        reader.warnings,
    ))
}

/// Which clock an opcode sets: 0 for `hmvc` (the halfmove clock), 1 for
/// `fmvn` (the fullmove number); `None` for any other opcode.
fn clock_index(opcode: &str) -> Option<usize> {
    match opcode {
        "hmvc" => Some(0),
        "fmvn" => Some(1),
        _ => None,
    }
}

/// An operand as read: a word, or a quoted string without its quotes and
/// escapes.
struct Operand<'a> {
    text: Cow<'a, str>,
    quoted: bool,
    /// Where it starts in the line.
    source: &'a str,
}

/// One EPD line being read, with its warnings.
struct EpdLine<'a> {
    line: &'a str,
    options: ReadOptions,
    warnings: Vec<Warning>,
}

impl<'a> EpdLine<'a> {
    /// Records a warning about `part`, a slice of the line.
    fn warn(&mut self, kind: WarningKind, part: &str) {
        let at = (part.as_ptr() as usize)
            .saturating_sub(self.line.as_ptr() as usize)
            .min(self.line.len());
        let column = self.line.get(..at).map_or(1, |s| s.chars().count() + 1);
        self.warnings.push(Warning {
            kind,
            line: 1,
            column,
            text: part.to_string(),
        });
    }

    /// Splits the operations text into opcodes and operands, `;` ending each
    /// operation outside quoted strings.
    fn split_operations(
        &mut self,
        text: &'a str,
    ) -> Result<Vec<(&'a str, Vec<Operand<'a>>)>, EpdError> {
        let mut ops = Vec::new();
        let mut opcode: Option<&'a str> = None;
        let mut operands: Vec<Operand<'a>> = Vec::new();
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                c if c.is_ascii_whitespace() => i += 1,
                b';' => {
                    self.finish(&mut ops, &mut opcode, &mut operands)?;
                    i += 1;
                }
                b'"' => {
                    let Some(code) = opcode else {
                        return Err(EpdError::Operation {
                            opcode: String::new(),
                            reason: "string where an opcode was expected".to_string(),
                        });
                    };
                    let (value, len) =
                        read_string(&text[i..]).ok_or_else(|| EpdError::Operation {
                            opcode: code.to_string(),
                            reason: "string never closed: expected `\"`".to_string(),
                        })?;
                    operands.push(Operand {
                        text: value,
                        quoted: true,
                        source: &text[i..i + len],
                    });
                    i += len;
                }
                _ => {
                    let end = text[i..]
                        .find(|c: char| c.is_ascii_whitespace() || c == ';' || c == '"')
                        .map_or(text.len(), |n| i + n);
                    let word = &text[i..end];
                    i = end;
                    if opcode.is_some() {
                        operands.push(Operand {
                            text: Cow::Borrowed(word),
                            quoted: false,
                            source: word,
                        });
                        continue;
                    }
                    match word.split_once('=') {
                        Some((code, operand)) if !code.is_empty() && !self.options.strict => {
                            // `id="33"`: the opcode glued to its operand.
                            self.warn(WarningKind::EpdGluedOperand, word);
                            opcode = Some(code);
                            if !operand.is_empty() {
                                operands.push(Operand {
                                    text: Cow::Borrowed(operand),
                                    quoted: false,
                                    source: operand,
                                });
                            }
                        }
                        _ => opcode = Some(word),
                    }
                }
            }
        }
        self.finish(&mut ops, &mut opcode, &mut operands)?;
        Ok(ops)
    }

    /// Ends the operation being read, checking its opcode and operands.
    fn finish(
        &mut self,
        ops: &mut Vec<(&'a str, Vec<Operand<'a>>)>,
        opcode: &mut Option<&'a str>,
        operands: &mut Vec<Operand<'a>>,
    ) -> Result<(), EpdError> {
        let Some(code) = opcode.take() else {
            return Ok(());
        };
        let valid = code.as_bytes()[0].is_ascii_alphabetic()
            && code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if !valid {
            return Err(EpdError::Operation {
                opcode: code.to_string(),
                reason: "expected an opcode of letters, digits and `_` starting with a letter"
                    .to_string(),
            });
        }
        let words: Vec<&str> = operands
            .iter()
            .filter(|o| !o.quoted)
            .map(|o| o.source)
            .collect();
        if words.len() > 1 && !LIST_OPCODES.contains(&code) {
            return Err(EpdError::Operation {
                opcode: code.to_string(),
                reason: format!(
                    "unquoted text `{}`: expected one operand, or the text in quotes",
                    words.join(" ")
                ),
            });
        }
        ops.push((code, std::mem::take(operands)));
        Ok(())
    }

    fn parse_operation(
        &mut self,
        pos: &Position,
        opcode: &str,
        operands: &[Operand<'_>],
    ) -> Result<Operation, EpdError> {
        let bad = |reason: &str| EpdError::Operation {
            opcode: opcode.to_string(),
            reason: reason.to_string(),
        };
        let one = |operands: &[Operand<'_>]| -> Result<String, EpdError> {
            match operands {
                [one] => Ok(one.text.to_string()),
                _ => Err(bad("expected exactly one operand")),
            }
        };
        let number = |operands: &[Operand<'_>]| -> Result<String, EpdError> {
            match operands {
                [one] if !one.quoted => Ok(one.text.to_string()),
                _ => Err(bad("expected exactly one number")),
            }
        };
        let mut moves = |operands: &[Operand<'_>], successive: bool| {
            if operands.is_empty() {
                return Err(bad("expected at least one SAN move"));
            }
            let mut at = *pos;
            let mut moves = Vec::with_capacity(operands.len());
            for operand in operands {
                let mv = match parse_san(&at, &operand.text) {
                    Ok(mv) => {
                        // A pawn named by its square (`e2e4`) reads as SAN
                        // but is long algebraic: an error when strict.
                        if is_long_algebraic(operand.text.as_bytes()) {
                            if self.options.strict {
                                return Err(bad(&format!(
                                    "`{}` is long algebraic notation, not SAN",
                                    operand.text
                                )));
                            }
                            self.warn(WarningKind::LongAlgebraic, operand.source);
                        }
                        mv
                    }
                    Err(e) => {
                        let long = long_algebraic(operand.text.as_bytes())
                            .filter(|_| !self.options.strict)
                            .and_then(|(from, to, promotion)| {
                                crate::uci_move::find_long_algebraic(
                                    &at, from, to, promotion, false,
                                )
                            });
                        match long {
                            Some(mv) => {
                                self.warn(WarningKind::LongAlgebraic, operand.source);
                                mv
                            }
                            None => return Err(bad(&e.to_string())),
                        }
                    }
                };
                if successive {
                    at = play(&at, mv);
                }
                moves.push(mv);
            }
            Ok(moves)
        };
        Ok(match opcode {
            "bm" => Operation::BestMoves(moves(operands, false)?),
            "am" => Operation::AvoidMoves(moves(operands, false)?),
            "pv" => Operation::PrincipalVariation(moves(operands, true)?),
            "id" => Operation::Id(one(operands)?),
            "ce" => Operation::CentipawnEval(
                number(operands)?
                    .parse()
                    .map_err(|_| bad("expected an integer number of centipawns"))?,
            ),
            "acd" => Operation::AnalysisDepth(
                number(operands)?
                    .parse()
                    .map_err(|_| bad("expected a non-negative integer depth"))?,
            ),
            _ if opcode.len() == 2
                && opcode.starts_with('c')
                && opcode.as_bytes()[1].is_ascii_digit() =>
            {
                Operation::Comment {
                    index: opcode.as_bytes()[1] - b'0',
                    text: one(operands)?,
                }
            }
            _ if opcode.len() > 1
                && opcode.starts_with('D')
                && opcode[1..].bytes().all(|b| b.is_ascii_digit()) =>
            {
                let depth = opcode[1..]
                    .parse()
                    .map_err(|_| bad("expected a depth that fits in 32 bits"))?;
                let nodes = number(operands)?
                    .parse()
                    .map_err(|_| bad("expected a non-negative integer node count"))?;
                Operation::Perft { depth, nodes }
            }
            _ => Operation::Other {
                opcode: opcode.to_string(),
                operands: operands.iter().map(|o| o.text.to_string()).collect(),
            },
        })
    }
}

/// Reads a quoted string at the start of `text` (which starts with `"`):
/// its value with `\"` and `\\` unescaped, and its length with the quotes;
/// `None` if it never closes.
fn read_string(text: &str) -> Option<(Cow<'_, str>, usize)> {
    let bytes = text.as_bytes();
    let mut i = 1;
    let mut escaped = false;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let inner = &text[1..i];
                let value = if escaped {
                    let mut value = String::with_capacity(inner.len());
                    let mut chars = inner.chars().peekable();
                    while let Some(c) = chars.next() {
                        if c == '\\' && matches!(chars.peek(), Some('"' | '\\')) {
                            value.extend(chars.next());
                        } else {
                            value.push(c);
                        }
                    }
                    Cow::Owned(value)
                } else {
                    Cow::Borrowed(inner)
                };
                return Some((value, i + 1));
            }
            b'\\' if matches!(bytes.get(i + 1), Some(b'"' | b'\\')) => {
                escaped = true;
                i += 2;
            }
            _ => i += 1,
        }
    }
    None
}

/// Writes `text` as an EPD string: in quotes, with `\"` and `\\`.
fn write_string(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    f.write_str(" \"")?;
    for c in text.chars() {
        if c == '"' || c == '\\' {
            f.write_str("\\")?;
        }
        write!(f, "{c}")?;
    }
    f.write_str("\"")
}

impl FromStr for Epd {
    type Err = EpdError;

    fn from_str(line: &str) -> Result<Epd, EpdError> {
        parse_epd(line)
    }
}

impl fmt::Display for Epd {
    /// The four position fields, the clocks as `hmvc` and `fmvn` where
    /// they are not 0 and 1, then each operation ended by `;`, moves in SAN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fen = to_fen(&self.position);
        let four: Vec<&str> = fen.split(' ').take(4).collect();
        f.write_str(&four.join(" "))?;
        if self.position.halfmove_clock() != 0 {
            write!(f, " hmvc {};", self.position.halfmove_clock())?;
        }
        if self.position.fullmove_number() != 1 {
            write!(f, " fmvn {};", self.position.fullmove_number())?;
        }
        for op in &self.operations {
            write!(f, " {}", op.opcode())?;
            match op {
                Operation::BestMoves(moves) | Operation::AvoidMoves(moves) => {
                    for &mv in moves {
                        write!(f, " {}", to_san(&self.position, mv))?;
                    }
                }
                Operation::PrincipalVariation(moves) => {
                    let mut at = self.position;
                    for &mv in moves {
                        write!(f, " {}", to_san(&at, mv))?;
                        at = play(&at, mv);
                    }
                }
                Operation::Id(text) | Operation::Comment { text, .. } => {
                    write_string(f, text)?;
                }
                Operation::Perft { nodes, .. } => write!(f, " {nodes}")?,
                Operation::CentipawnEval(ce) => write!(f, " {ce}")?,
                Operation::AnalysisDepth(depth) => write!(f, " {depth}")?,
                Operation::Other { operands, .. } => {
                    // Several operands are quoted (only move lists may be
                    // unquoted words), and so is any that needs it.
                    for operand in operands {
                        if operands.len() > 1
                            || operand.is_empty()
                            || operand.contains(|c: char| {
                                c.is_whitespace() || matches!(c, ';' | '"' | '\\' | '=')
                            })
                        {
                            write_string(f, operand)?;
                        } else {
                            write!(f, " {operand}")?;
                        }
                    }
                }
            }
            f.write_str(";")?;
        }
        Ok(())
    }
}

/// Formats an EPD line (see [`Epd`]'s `Display`).
///
/// ```
/// use outpost_notation::{parse_epd, to_epd};
///
/// // Clocks are dropped, moves written in SAN, strings quoted.
/// let epd = parse_epd("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 bm e2e4; id=push;").unwrap();
/// let line = to_epd(&epd);
/// assert_eq!(line, "4k3/8/8/8/8/8/4P3/4K3 w - - bm e4; id \"push\";");
/// assert_eq!(parse_epd(&line).unwrap(), epd);
/// ```
pub fn to_epd(epd: &Epd) -> String {
    epd.to_string()
}
