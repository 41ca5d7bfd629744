//! The tag names a game has used, to find a repeated one cheaply: the
//! reader warns about a repeated name, and most games have a dozen tags.

/// The bytes of a tag name: ASCII letters, digits and `_`.
pub(super) const NAME_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'_';
        b += 1;
    }
    table
};

/// The tag names of one game, to find a repeated one. A name of up to 16
/// bytes is kept as one number (its bytes, zero after its end: a name has
/// no zero byte), so keeping and comparing it costs a few instructions; a
/// longer one as bytes.
#[derive(Debug, Default)]
pub(super) struct TagNames {
    /// A bit per hash of each name kept: most names are new, and a clear
    /// bit says so without comparing.
    bits: u64,
    short: Vec<u128>,
    /// Where each long name starts in `long_bytes`, and its length.
    long: Vec<(usize, usize)>,
    long_bytes: Vec<u8>,
}

impl TagNames {
    pub(super) fn clear(&mut self) {
        self.bits = 0;
        self.short.clear();
        self.long.clear();
        self.long_bytes.clear();
    }

    /// Keeps the name `line[start..end]` (bytes that [`NAME_BYTES`] allows);
    /// false if the game already has it.
    #[inline]
    pub(super) fn insert(&mut self, line: &[u8], start: usize, end: usize) -> bool {
        let len = end - start;
        if len > 16 {
            let name = &line[start..end];
            let bit = 1u64 << ((len + 7 * usize::from(name[0])) & 63);
            let seen = self.bits & bit != 0
                && self
                    .long
                    .iter()
                    .any(|&(s, n)| n == len && self.long_bytes[s..s + n] == *name);
            self.bits |= bit;
            if !seen {
                self.long.push((self.long_bytes.len(), len));
                self.long_bytes.extend_from_slice(name);
            }
            return !seen;
        }
        // Sixteen bytes from the name's start, then the bytes past its end
        // cleared; a name at the very end of its line is copied out first.
        let mut bytes = [0u8; 16];
        match line.get(start..start + 16) {
            Some(window) => bytes.copy_from_slice(window),
            None => bytes[..len].copy_from_slice(&line[start..end]),
        }
        // No bytes for an empty name (the reader never passes one).
        let mask = u128::MAX.checked_shr(8 * (16 - len) as u32).unwrap_or(0);
        let key = u128::from_le_bytes(bytes) & mask;
        let folded = (key as u64) ^ ((key >> 64) as u64);
        let bit = 1u64 << (folded.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58);
        let seen = self.bits & bit != 0 && self.short.contains(&key);
        self.bits |= bit;
        if !seen {
            self.short.push(key);
        }
        !seen
    }
}

#[cfg(test)]
mod tests {
    use super::TagNames;
    use std::collections::HashSet;

    #[test]
    fn tag_names_find_every_repeat_and_nothing_else() {
        // Names around the 16-byte boundary, prefixes of each other, and
        // names equal in their first 16 bytes.
        let mut names: Vec<String> = vec![
            "A".into(),
            "Site".into(),
            "Sit".into(),
            "SiteX".into(),
            "S1te".into(),
            "White".into(),
            "WhiteElo".into(),
            "WhiteEngineOptions".into(),
            "WhiteEngineOptionz".into(),
            "WhiteEngineOption".into(),
            "WhiteEngineOptio".into(),
            "WhiteEngineOpti".into(),
            "abcdefghijklmnop".into(),
            "abcdefghijklmnopq".into(),
            "abcdefghijklmnopr".into(),
            "_".into(),
        ];
        // And many more from a fixed generator.
        let alphabet = b"ABCXYZabcxyz019_";
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..400 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let len = 1 + (state % 24) as usize;
            names.push(
                (0..len)
                    .map(|k| char::from(alphabet[((state >> (k % 16 * 4)) & 15) as usize]))
                    .collect(),
            );
        }
        // Each name read from tag lines of different shapes: the bytes after
        // a name (a value, a tab, the end of the line) must not matter.
        let mut kept = TagNames::default();
        let mut reference = HashSet::new();
        let mut shape = 0;
        for round in 0..3 {
            for name in &names {
                shape = (shape + 1) % 3;
                let line = match shape {
                    0 => format!("[{name} \"value\"]"),
                    1 => format!("[{name}\t\"another, longer value\"]"),
                    _ => format!("[{name}"),
                };
                let new = kept.insert(line.as_bytes(), 1, 1 + name.len());
                assert_eq!(
                    new,
                    reference.insert(name.clone()),
                    "{name:?} in round {round}"
                );
            }
        }
        kept.clear();
        assert!(kept.insert(b"[Site \"x\"]", 1, 5));
        assert!(!kept.insert(b"[Site \"y\"]", 1, 5));
    }
}
