//! Extended Position Description: a position and a list of operations.
//!
//! An EPD line is the first four FEN fields followed by operations, each an
//! opcode, its operands and a `;`: `bm Qd1+; id "BK.01";`. Operations whose
//! meaning is known are typed (moves are SAN checked against the position);
//! any other opcode keeps its operands as strings. For the perft files in
//! common use, the halfmove clock and fullmove number may follow the four
//! fields, and the operations may start with `;`.

use crate::game::play;
use crate::{parse_san, parse_setup, to_fen, to_san, NotationError};
use outpost_board::{Move, Position};
use std::fmt;
use std::str::FromStr;

/// One EPD operation.
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
    /// The position (clocks 0 and 1 unless the line gave them).
    pub position: Position,
    /// The operations, in order.
    pub operations: Vec<Operation>,
}

impl Epd {
    /// The first operation with opcode `opcode`.
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

/// Parses one EPD line.
pub fn parse_epd(line: &str) -> Result<Epd, NotationError> {
    let mut fields = Vec::with_capacity(6);
    let mut rest = line.trim();
    while fields.len() < 6 {
        let token_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let token = &rest[..token_end];
        if token.is_empty() {
            break;
        }
        // After the four position fields, only two plain numbers (the clocks) may follow.
        if fields.len() >= 4 && !token.bytes().all(|b| b.is_ascii_digit()) {
            break;
        }
        fields.push(token);
        rest = rest[token_end..].trim_start();
    }
    if fields.len() == 5 {
        // One number is an operand-less opcode or garbage, not a clock pair.
        return Err(NotationError::EpdOperation {
            opcode: fields[4].to_string(),
            reason: "expected an opcode starting with a letter".to_string(),
        });
    }
    if fields.len() < 4 {
        return Err(NotationError::EpdFieldCount {
            found: fields.len(),
        });
    }
    let setup = parse_setup(&fields.join(" "))?;
    let position = Position::from_setup(&setup)?;
    let mut operations = Vec::new();
    for (opcode, operands) in split_operations(rest)? {
        operations.push(parse_operation(&position, opcode, operands)?);
    }
    Ok(Epd {
        position,
        operations,
    })
}

/// Splits the operations text into opcodes and operands, `;` ending each
/// operation outside quoted strings.
fn split_operations(text: &str) -> Result<Vec<(&str, Vec<&str>)>, NotationError> {
    let mut ops = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    fn finish<'a>(
        ops: &mut Vec<(&'a str, Vec<&'a str>)>,
        current: &mut Vec<&'a str>,
    ) -> Result<(), NotationError> {
        if current.is_empty() {
            return Ok(());
        }
        let opcode = current.remove(0);
        let valid = opcode.as_bytes()[0].is_ascii_alphabetic()
            && opcode
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if !valid {
            return Err(NotationError::EpdOperation {
                opcode: opcode.to_string(),
                reason: "expected an opcode of letters, digits and `_` starting with a letter"
                    .to_string(),
            });
        }
        ops.push((opcode, std::mem::take(current)));
        Ok(())
    }
    while i < bytes.len() {
        match bytes[i] {
            c if c.is_ascii_whitespace() => i += 1,
            b';' => {
                finish(&mut ops, &mut current)?;
                i += 1;
            }
            b'"' => {
                let Some(len) = text[i + 1..].find('"') else {
                    return Err(NotationError::EpdOperation {
                        opcode: current.first().unwrap_or(&"").to_string(),
                        reason: "string never closed: expected `\"`".to_string(),
                    });
                };
                if current.is_empty() {
                    return Err(NotationError::EpdOperation {
                        opcode: String::new(),
                        reason: "string where an opcode was expected".to_string(),
                    });
                }
                // Keep the quotes so a string operand can be told from a word.
                current.push(&text[i..i + len + 2]);
                i += len + 2;
            }
            _ => {
                let end = text[i..]
                    .find(|c: char| c.is_ascii_whitespace() || c == ';' || c == '"')
                    .map_or(text.len(), |n| i + n);
                current.push(&text[i..end]);
                i = end;
            }
        }
    }
    finish(&mut ops, &mut current)?;
    Ok(ops)
}

fn unquote(operand: &str) -> &str {
    operand
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(operand)
}

fn parse_operation(
    pos: &Position,
    opcode: &str,
    operands: Vec<&str>,
) -> Result<Operation, NotationError> {
    let bad = |reason: &str| NotationError::EpdOperation {
        opcode: opcode.to_string(),
        reason: reason.to_string(),
    };
    let one = |operands: &[&str]| -> Result<String, NotationError> {
        match operands {
            [one] => Ok(unquote(one).to_string()),
            _ => Err(bad("expected exactly one operand")),
        }
    };
    let number = |operands: &[&str]| -> Result<String, NotationError> {
        match operands {
            [one] if !one.starts_with('"') => Ok(one.to_string()),
            _ => Err(bad("expected exactly one number")),
        }
    };
    let moves = |operands: &[&str], successive: bool| -> Result<Vec<Move>, NotationError> {
        if operands.is_empty() {
            return Err(bad("expected at least one SAN move"));
        }
        let mut at = *pos;
        let mut moves = Vec::with_capacity(operands.len());
        for text in operands {
            let mv = parse_san(&at, unquote(text)).map_err(|e| bad(&e.to_string()))?;
            if successive {
                at = play(&at, mv);
            }
            moves.push(mv);
        }
        Ok(moves)
    };
    Ok(match opcode {
        "bm" => Operation::BestMoves(moves(&operands, false)?),
        "am" => Operation::AvoidMoves(moves(&operands, false)?),
        "pv" => Operation::PrincipalVariation(moves(&operands, true)?),
        "id" => Operation::Id(one(&operands)?),
        "ce" => Operation::CentipawnEval(
            number(&operands)?
                .parse()
                .map_err(|_| bad("expected an integer number of centipawns"))?,
        ),
        "acd" => Operation::AnalysisDepth(
            number(&operands)?
                .parse()
                .map_err(|_| bad("expected a non-negative integer depth"))?,
        ),
        _ if opcode.len() == 2
            && opcode.starts_with('c')
            && opcode.as_bytes()[1].is_ascii_digit() =>
        {
            Operation::Comment {
                index: opcode.as_bytes()[1] - b'0',
                text: one(&operands)?,
            }
        }
        _ if opcode.len() > 1
            && opcode.starts_with('D')
            && opcode[1..].bytes().all(|b| b.is_ascii_digit()) =>
        {
            let depth = opcode[1..]
                .parse()
                .map_err(|_| bad("expected a depth that fits in 32 bits"))?;
            let nodes = number(&operands)?
                .parse()
                .map_err(|_| bad("expected a non-negative integer node count"))?;
            Operation::Perft { depth, nodes }
        }
        _ => Operation::Other {
            opcode: opcode.to_string(),
            operands: operands.iter().map(|s| unquote(s).to_string()).collect(),
        },
    })
}

impl FromStr for Epd {
    type Err = NotationError;

    fn from_str(line: &str) -> Result<Epd, NotationError> {
        parse_epd(line)
    }
}

impl fmt::Display for Epd {
    /// The four position fields and each operation ended by `;`, moves in SAN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fen = to_fen(&self.position);
        let four: Vec<&str> = fen.split(' ').take(4).collect();
        f.write_str(&four.join(" "))?;
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
                    write!(f, " \"{text}\"")?;
                }
                Operation::Perft { nodes, .. } => write!(f, " {nodes}")?,
                Operation::CentipawnEval(ce) => write!(f, " {ce}")?,
                Operation::AnalysisDepth(depth) => write!(f, " {depth}")?,
                Operation::Other { operands, .. } => {
                    for operand in operands {
                        if operand.is_empty()
                            || operand.contains(|c: char| c.is_whitespace() || c == ';')
                        {
                            write!(f, " \"{operand}\"")?;
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
pub fn to_epd(epd: &Epd) -> String {
    epd.to_string()
}
