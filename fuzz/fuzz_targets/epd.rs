//! Fuzzes EPD reading, strict and lenient: any text either fails with an
//! error or gives a position and operations that write out as standard EPD
//! a strict reader reads back unchanged.

#![no_main]

use libfuzzer_sys::fuzz_target;
use outpost_notation::{parse_epd_with, ReadOptions};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for options in [ReadOptions::strict(), ReadOptions::lenient()] {
        let Ok((epd, _)) = parse_epd_with(text, options) else {
            continue;
        };
        let written = epd.to_string();
        let (again, warnings) = parse_epd_with(&written, ReadOptions::strict())
            .unwrap_or_else(|e| panic!("`{written}` does not read back: {e}"));
        assert!(warnings.is_empty(), "`{written}`: {warnings:?}");
        assert_eq!(again.operations, epd.operations, "`{text}` -> `{written}`");
        assert_eq!(again.to_string(), written);
    }
});
