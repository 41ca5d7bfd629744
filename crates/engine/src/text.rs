//! Text from the outside world made safe to echo in one protocol line.

/// The longest message [`one_line`] keeps, in characters.
pub const MAX_MESSAGE_CHARS: usize = 200;

/// `text` made safe to print as one short line: control characters escaped,
/// and cut to about [`MAX_MESSAGE_CHARS`] characters with `...`.
///
/// ```
/// use outpost_engine::one_line;
///
/// assert_eq!(one_line("bad\nline\u{7}"), "bad\\nline\\u{7}");
/// assert!(one_line(&"x".repeat(10_000)).ends_with("..."));
/// ```
pub fn one_line(text: &str) -> String {
    let mut out = String::new();
    let mut chars = 0;
    for c in text.chars() {
        if chars >= MAX_MESSAGE_CHARS {
            out.push_str("...");
            break;
        }
        if c.is_control() {
            let escaped = c.escape_default();
            chars += escaped.len();
            out.extend(escaped);
        } else {
            chars += 1;
            out.push(c);
        }
    }
    out
}
